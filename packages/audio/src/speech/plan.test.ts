import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_ID } from '../voices/catalogue.ts';
import { LOCAL_MODEL_CONFIGS } from './models.ts';
import { planSpeech } from './plan.ts';
import { SpeechError, type SpeechRequest } from './types.ts';

const request = (overrides: Partial<SpeechRequest> = {}): SpeechRequest => ({
  text: 'Hello there. How are you today?',
  voice: 'en-us-madison',
  speed: 1,
  pitch: 0,
  volume: 1,
  ...overrides,
});

function errorCode(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof SpeechError ? error.code : 'not a SpeechError';
  }
  return undefined;
}

describe('planSpeech', () => {
  it('maps the default model to 24 kHz output and the 1.5 model to eSpeak’s native 22.05 kHz', () => {
    expect(planSpeech(request()).config).toBe(LOCAL_MODEL_CONFIGS['speech-2.5-hd-preview']);
    expect(planSpeech(request()).config.outputSampleRate).toBe(24_000);
    expect(planSpeech(request({ model: 'speech-1.5-hd-preview' })).config.outputSampleRate).toBe(22_050);
  });

  it('maps speed, pitch and mood onto eSpeak rate, pitch and range', () => {
    expect(planSpeech(request()).prosody).toEqual({ rate: 175, pitch: 50, pitchRange: 57, gain: 1 });
    expect(planSpeech(request({ speed: 2 })).prosody.rate).toBe(350);
    expect(planSpeech(request({ speed: 0.5 })).prosody.rate).toBe(88);
    expect(planSpeech(request({ pitch: 1 })).prosody.pitch).toBe(85);
    expect(planSpeech(request({ pitch: -1 })).prosody.pitch).toBe(15);
    expect(planSpeech(request({ volume: 0.5 })).prosody.gain).toBe(0.5);
    const excited = planSpeech(request({ mood: 'excited' })).prosody;
    const sad = planSpeech(request({ mood: 'sad' })).prosody;
    expect(excited.rate).toBeGreaterThan(sad.rate);
    expect(excited.pitch).toBeGreaterThan(sad.pitch);
    expect(excited.pitchRange).toBeGreaterThan(sad.pitchRange);
  });

  it('uses a grouped voice’s first mood unless the request names one', () => {
    expect(planSpeech(request({ voice: DEFAULT_VOICE_ID })).mood).toBe('happy');
    expect(planSpeech(request({ voice: DEFAULT_VOICE_ID, mood: 'calm' })).mood).toBe('calm');
    expect(planSpeech(request({ voice: 'en-us-radiant-girl-sad' })).mood).toBe('sad');
    expect(planSpeech(request({ voice: 'Radiant Girl' })).voice.id).toBe(DEFAULT_VOICE_ID);
  });

  it('gives sentences a gap scaled by tempo, none before a pause or at the end', () => {
    const segments = planSpeech(request({ text: 'One. Two.<#0.5#>Three.', speed: 2 })).segments;
    expect(segments.map((segment) => segment.kind)).toEqual(['sentence', 'sentence', 'pause', 'sentence']);
    const [first, second, , last] = segments;
    expect(first?.kind === 'sentence' && first.gapAfterSeconds).toBeCloseTo(0.16, 5);
    expect(second?.kind === 'sentence' && second.gapAfterSeconds).toBe(0);
    expect(last?.kind === 'sentence' && last.gapAfterSeconds).toBe(0);
  });

  it('speaks another language with the voice’s timbre, but keeps the accent for its own base code', () => {
    const turkish = planSpeech(request({ voice: DEFAULT_VOICE_ID, language: 'tr', text: 'Fiyat %50 indirimli.' }));
    expect(turkish.espeakVoice).toBe('tr');
    expect(turkish.voice.variant).toBe('f3');
    expect(turkish.segments[0]?.kind === 'sentence' && turkish.segments[0].spokenText).toBe('Fiyat yüzde elli indirimli.');
    expect(planSpeech(request({ voice: 'en-gb-oliver', language: 'en' })).espeakVoice).toBe('en-gb-x-rp');
    expect(planSpeech(request({ voice: 'en-gb-oliver', language: 'en-US' })).espeakVoice).toBe('en-us');
  });

  it('rejects invalid requests with clear codes', () => {
    expect(errorCode(() => planSpeech(request({ text: '   ' })))).toBe('TEXT_EMPTY');
    expect(errorCode(() => planSpeech(request({ text: '<#1#>' })))).toBe('TEXT_EMPTY');
    expect(errorCode(() => planSpeech(request({ text: 'a'.repeat(5001) })))).toBe('TEXT_TOO_LONG');
    expect(errorCode(() => planSpeech(request({ text: 'a'.repeat(200) }), { maxCharacters: 100 }))).toBe('TEXT_TOO_LONG');
    expect(errorCode(() => planSpeech(request({ speed: 2.5 })))).toBe('INVALID_SETTING');
    expect(errorCode(() => planSpeech(request({ pitch: Number.NaN })))).toBe('INVALID_SETTING');
    expect(errorCode(() => planSpeech(request({ volume: -0.1 })))).toBe('INVALID_SETTING');
    expect(errorCode(() => planSpeech(request({ model: 'speech-9' as never })))).toBe('INVALID_SETTING');
    expect(errorCode(() => planSpeech(request({ mood: 'sleepy' as never })))).toBe('INVALID_SETTING');
    expect(errorCode(() => planSpeech(request({ voice: 'nobody' })))).toBe('UNKNOWN_VOICE');
    expect(errorCode(() => planSpeech(request({ language: 'xx' })))).toBe('UNSUPPORTED_LANGUAGE');
    expect(errorCode(() => planSpeech(request({ text: Array.from({ length: 13 }, () => 'a<#10#>').join('') })))).toBe('INVALID_SETTING');
  });

  it('with a lead length, starts the first sentence with a short piece and no pause inside a clause', () => {
    const text = 'The lighthouse keeper climbed the spiral stairs every evening. She looked out.';
    const plain = planSpeech(request({ text })).segments;
    const quick = planSpeech(request({ text }), undefined, 30).segments;
    expect(plain.map((segment) => segment.kind === 'sentence' && segment.text)).toEqual([
      'The lighthouse keeper climbed the spiral stairs every evening.',
      'She looked out.',
    ]);
    expect(quick.map((segment) => segment.kind === 'sentence' && segment.text)).toEqual([
      'The lighthouse keeper climbed',
      'the spiral stairs every evening.',
      'She looked out.',
    ]);
    expect(quick[0]).toMatchObject({ gapAfterSeconds: 0 });
    expect(quick[1]).toEqual(plain[0] && { ...plain[0], text: 'the spiral stairs every evening.', spokenText: expect.any(String), textOffset: text.indexOf('the spiral') });
  });
});
