import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceIsolator } from '../isolate/voice-isolator.ts';
import { mixAtSnr } from '../isolate/snr.ts';
import { renderSpeech, whiteNoise } from '../isolate/test-support/signals.ts';
import { LocalSpeechEngine } from '../speech/local/local-engine.ts';
import type { Mood, VoiceSpec } from '../speech/types.ts';
import { candidateVoices } from '../voice-design/candidates.ts';
import { designFromDescription } from '../voice-design/parse.ts';
import { VOICE_DESIGN_PRESETS } from '../voice-design/presets.ts';
import { LocalVoiceCloneProvider } from '../voice-clone/local-provider.ts';
import { analyseVoice, type VoiceAnalysis } from './analyse.ts';
import { LOCAL_MATCH_NOTE, matchVoice } from './match.ts';

const RATE = 24_000;
/** What each source "speaker" reads as the clone sample (about 12 to 16 seconds). */
const SAMPLE_TEXT =
  'The weather was cold and bright, and the clocks were striking thirteen. She pulled her coat tighter and hurried across the square. ' +
  'Nobody looked up as she passed the old fountain. At the corner, a man was selling newspapers and roasted chestnuts.';
const OTHER_TEXT =
  'Please remember to bring your notebook tomorrow. We will start the lesson at nine sharp, and there will be a short quiz at the end. ' +
  'If you have any questions, write them down and ask me after class.';

/** Source voices with different registers, timbres and tempos, none of them a variant's default settings. */
const SOURCES: ReadonlyArray<{ name: string; voice: VoiceSpec; speed: number }> = [
  { name: 'low, slow man (m7, pitch -0.4, ×0.85)', voice: { language: 'en-US', espeakVoice: 'en-us', variant: 'm7', pitchOffset: -0.4 }, speed: 0.85 },
  { name: 'bright, fast British woman (f2, pitch +0.3, ×1.25)', voice: { language: 'en-GB', espeakVoice: 'en-gb-x-rp', variant: 'f2', pitchOffset: 0.3 }, speed: 1.25 },
  { name: 'mid-pitched man (m2, pitch +0.2, ×1.1)', voice: { language: 'en-US', espeakVoice: 'en-us', variant: 'm2', pitchOffset: 0.2 }, speed: 1.1 },
  { name: 'low woman (f4, pitch -0.2, ×0.9)', voice: { language: 'en-US', espeakVoice: 'en-us', variant: 'f4', pitchOffset: -0.2 }, speed: 0.9 },
];

let engine: LocalSpeechEngine;

async function speakAndAnalyse(text: string, voice: VoiceSpec, mood: Mood = 'neutral', speed = 1): Promise<VoiceAnalysis> {
  const result = await engine.speak({ text, voice, mood, speed, pitch: 0, volume: 1 });
  if (result.format !== 'pcm') throw new Error('expected PCM');
  return analyseVoice(result.samples, result.sampleRate);
}

const percentOff = (value: number, reference: number): number => ((value - reference) / reference) * 100;

beforeAll(async () => {
  engine = new LocalSpeechEngine({ workers: 2 });
  await engine.warmUp();
});

afterAll(() => engine.close());

describe('local voice match: output within 10% of the sample’s median pitch and speaking rate', () => {
  it.each(SOURCES)('$name', async ({ voice, speed }) => {
    const sample = await speakAndAnalyse(SAMPLE_TEXT, voice, 'neutral', speed);
    const match = await matchVoice(sample, { language: 'en-US', engine });
    // The matched voice reads the sample's own words, so only the voice differs, not the content.
    const same = await speakAndAnalyse(SAMPLE_TEXT, match.voice, match.mood);
    const other = await speakAndAnalyse(OTHER_TEXT, match.voice, match.mood);
    const pitchError = percentOff(same.medianPitchHz, sample.medianPitchHz);
    const rateError = percentOff(same.speakingRateSyllablesPerSecond, sample.speakingRateSyllablesPerSecond);
    console.log(
      `${match.voice.variant} ${match.mood} offset ${match.voice.pitchOffset} rate ×${match.voice.rateFactor}: ` +
        `sample ${sample.medianPitchHz.toFixed(1)} Hz ${sample.speakingRateSyllablesPerSecond.toFixed(2)} syl/s; ` +
        `calibration ${match.pitchErrorPercent.toFixed(1)}% / ${match.rateErrorPercent.toFixed(1)}% after ${match.iterations}; ` +
        `same text ${pitchError.toFixed(1)}% / ${rateError.toFixed(1)}%; other text ` +
        `${percentOff(other.medianPitchHz, sample.medianPitchHz).toFixed(1)}% / ${percentOff(other.speakingRateSyllablesPerSecond, sample.speakingRateSyllablesPerSecond).toFixed(1)}%`,
    );
    expect(match.withinTenPercent).toBe(true);
    expect(Math.abs(pitchError)).toBeLessThanOrEqual(10);
    expect(Math.abs(rateError)).toBeLessThanOrEqual(10);
    expect(match.gender).toBe(voice.variant?.startsWith('f') ? 'female' : 'male');
    expect(match.note).toBe(LOCAL_MATCH_NOTE);
  });
});

describe('local clone provider', () => {
  it('cleans a noisy sample, optimises it, matches it and renders a preview, saying what a local match is', async () => {
    const isolator = new VoiceIsolator({ workers: 1 });
    try {
      const source = SOURCES[1] as (typeof SOURCES)[number];
      const speech = await renderSpeech(engine, SAMPLE_TEXT, source.voice, 48_000, source.speed);
      const reference = analyseVoice(speech, 48_000);
      const noisy = mixAtSnr(speech, whiteNoise(speech.length, 21), 15);
      const provider = new LocalVoiceCloneProvider({ engine, isolator });
      const cloned = await provider.clone({
        voiceId: 'BrightWoman01',
        samples: [{ samples: noisy, sampleRate: 48_000, name: 'sample.wav' }],
        language: 'en-GB',
        removeNoise: true,
        optimizeAccent: true,
        previewText: 'Hello, this is my matched voice.',
      });
      expect(cloned).toMatchObject({ provider: 'local', voiceId: 'BrightWoman01', note: LOCAL_MATCH_NOTE });
      expect(cloned.voice).toMatchObject({ language: 'en-GB', espeakVoice: 'en-gb-x-rp' });
      expect(Math.abs(percentOff(cloned.analysis?.medianPitchHz ?? 0, reference.medianPitchHz))).toBeLessThan(5);
      expect(cloned.match?.withinTenPercent).toBe(true);
      expect(cloned.preview?.kind).toBe('pcm');
    } finally {
      await isolator.close();
    }
  });

  it('refuses samples outside 10 to 60 seconds before doing any work', async () => {
    const isolator = new VoiceIsolator({ workers: 1 });
    const provider = new LocalVoiceCloneProvider({ engine, isolator });
    await expect(provider.clone({ voiceId: 'TooShort01', samples: [{ samples: new Float32Array(RATE * 5), sampleRate: RATE }], language: 'en-US' }))
      .rejects.toMatchObject({ code: 'SAMPLE_TOO_SHORT' });
    await isolator.close();
  });
});

describe('voice design previews', () => {
  it('renders three distinct candidates for each preset through the local engine', async () => {
    for (const preset of VOICE_DESIGN_PRESETS) {
      const candidates = candidateVoices(designFromDescription(preset.description.en), 3, 7);
      const renders = await Promise.all(
        candidates.map(async (candidate) => {
          const result = await engine.speak({ text: 'A short preview line.', voice: candidate.voice, mood: candidate.mood, speed: 1, pitch: 0, volume: 1 });
          return result.format === 'pcm' ? result.samples : new Float32Array();
        }),
      );
      for (const samples of renders) expect(samples.length).toBeGreaterThan(RATE * 0.5);
      expect(new Set(renders.map((samples) => samples.length)).size).toBeGreaterThan(1);
    }
  });
});
