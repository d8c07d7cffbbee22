import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rms } from '../../codec/analysis.ts';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { concatBytes } from '../../codec/pcm.ts';
import { decodeWav } from '../../codec/wav.ts';
import { TINY_KOKORO_HOP, TINY_PIPER_HOP, writeTinyKokoroModel, writeTinyPiperVoice } from '../../testing/tiny-neural-models.ts';
import { encodeSpeechStream } from '../encode-result.ts';
import { SpeechError, type SpeechChunk, type SpeechRequest, type SpeechResult, type VoiceSpec } from '../types.ts';
import type { NeuralVoiceRef } from './formats.ts';
import { NeuralSpeechEngine } from './neural-engine.ts';

const engine = new NeuralSpeechEngine({ workers: 1 });
let folder = '';
let piper: NeuralVoiceRef;
let piperMulti: NeuralVoiceRef;
let kokoro: NeuralVoiceRef;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'neural-engine-'));
  const single = await writeTinyPiperVoice(path.join(folder, 'piper'), 'en_US-tiny-x_low');
  const multi = await writeTinyPiperVoice(path.join(folder, 'multi'), 'en_US-duo-x_low', { speakers: ['ann', 'bob'], durations: true });
  const k = await writeTinyKokoroModel(path.join(folder, 'kokoro'));
  piper = { family: 'piper', modelPath: single.modelPath, configPath: single.configPath, sampleRate: 22_050 };
  piperMulti = { family: 'piper', modelPath: multi.modelPath, configPath: multi.configPath, sampleRate: 22_050, speaker: 'bob' };
  kokoro = { family: 'kokoro', modelPath: k.modelPath, configPath: k.configPath, voicesPath: k.voicesPath, sampleRate: 24_000, speaker: 'af_heart' };
  await engine.warmUp(piper);
});

afterAll(async () => {
  await engine.close();
  await rm(folder, { recursive: true, force: true });
});

const spec = (neural: NeuralVoiceRef, language = 'en-US', espeakVoice = 'en-us'): VoiceSpec => ({ language, espeakVoice, neural });
const TEXT = 'Good morning, everyone. The weather is lovely today!';

async function speak(voice: NeuralVoiceRef, overrides: Partial<SpeechRequest> = {}): Promise<Extract<SpeechResult, { format: 'pcm' }>> {
  const result = await engine.speak({ text: TEXT, voice: spec(voice), speed: 1, pitch: 0, volume: 1, ...overrides });
  if (result.format !== 'pcm') throw new Error('the neural engine returns PCM');
  return result;
}

/** The tiny models speak a sine tone: its frequency from zero crossings of the first sentence's speech. */
function toneHz(result: Extract<SpeechResult, { format: 'pcm' }>): number {
  const sentence = result.sentences[0];
  if (!sentence) throw new Error('no sentence');
  let crossings = 0;
  for (let index = sentence.startSample + 1; index < sentence.endSample; index++) {
    if ((result.samples[index - 1] ?? 0) < 0 !== (result.samples[index] ?? 0) < 0) crossings++;
  }
  return crossings / 2 / ((sentence.endSample - sentence.startSample) / result.sampleRate);
}

describe('the neural speech engine with tiny Piper and Kokoro models', () => {
  it('speaks a Piper voice at the model rate, one phoneme id per hop, with words pointing at the text', async () => {
    const result = await speak(piper);
    expect(result.sampleRate).toBe(22_050);
    expect(result.sentences.map((sentence) => sentence.text)).toEqual(['Good morning, everyone.', 'The weather is lovely today!']);
    const first = result.sentences[0];
    // ^ _ then (phoneme, _) pairs then $: the tiny model renders TINY_PIPER_HOP samples per id.
    expect(((first?.endSample ?? 0) - (first?.startSample ?? 0)) % TINY_PIPER_HOP).toBe(0);
    expect(result.words?.map((word) => word.text)).toEqual(['Good', 'morning,', 'everyone.', 'The', 'weather', 'is', 'lovely', 'today!']);
    for (const word of result.words ?? []) expect(TEXT.slice(word.textStart, word.textEnd)).toBe(word.text);
    const starts = (result.words ?? []).map((word) => word.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(result.words?.at(-1)?.end).toBeLessThanOrEqual(result.durationSeconds + 0.001);
    expect(toneHz(result)).toBeGreaterThan(200);
    expect(toneHz(result)).toBeLessThan(240);
  });

  it('turns speed into the length scale, pitch into a shifted tone of the same length, volume into gain', async () => {
    const normal = await speak(piper);
    const fast = await speak(piper, { speed: 2 });
    const speechLength = (result: SpeechResult): number => result.sentences.reduce((sum, s) => sum + s.endSample - s.startSample, 0);
    expect(speechLength(fast) / speechLength(normal)).toBeCloseTo(0.5, 1);
    const high = await speak(piper, { pitch: 1 });
    expect(toneHz(high) / toneHz(normal)).toBeCloseTo(2 ** (4 / 12), 1);
    expect(speechLength(high) / speechLength(normal)).toBeCloseTo(1, 1);
    const quiet = await speak(piper, { volume: 0.5 });
    expect(rms(quiet.samples) / rms(normal.samples)).toBeCloseTo(0.5, 2);
  });

  it('feeds a multi-speaker Piper model its speaker id and uses the durations the export gives', async () => {
    const result = await speak(piperMulti);
    // Speaker 1 of the tiny model is 60 Hz above speaker 0's 220 Hz.
    expect(toneHz(result)).toBeGreaterThan(265);
    expect(result.words).toHaveLength(8);
    const unknown = engine.speak({ text: TEXT, voice: spec({ ...piperMulti, speaker: 'zoe' }), speed: 1, pitch: 0, volume: 1 });
    await expect(unknown).rejects.toThrow(/speaker/);
  });

  it('speaks Kokoro voices at 24 kHz with the style of the named voice and its predicted durations', async () => {
    const heart = await speak(kokoro);
    const george = await speak({ ...kokoro, speaker: 'bm_george' });
    expect(heart.sampleRate).toBe(24_000);
    // Style means 0.5 and 1.0 move the tiny model's tone from 180 Hz by 50 and 100 Hz.
    expect(toneHz(heart)).toBeCloseTo(230, -1);
    expect(toneHz(george)).toBeCloseTo(280, -1);
    const first = heart.sentences[0];
    expect(((first?.endSample ?? 0) - (first?.startSample ?? 0)) % TINY_KOKORO_HOP).toBe(0);
    expect(heart.words?.map((word) => word.text)).toHaveLength(8);
  });

  it('streams sentence chunks in order that the encode path turns into one WAV file', async () => {
    const chunks: SpeechChunk[] = [];
    const stream = engine.speakStream({ text: `${TEXT} <#0.5#> See you soon.`, voice: spec(kokoro), speed: 1, pitch: 0, volume: 1 });
    const bytes: Uint8Array[] = [];
    async function* tee(): AsyncGenerator<SpeechChunk> {
      for await (const chunk of stream) {
        chunks.push(chunk);
        yield chunk;
      }
    }
    for await (const piece of encodeSpeechStream(tee(), 'wav')) bytes.push(piece);
    expect(chunks.map((chunk) => chunk.kind)).toEqual(['sentence', 'sentence', 'pause', 'sentence']);
    expect(chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2, 3]);
    const wav = decodeWav(concatBytes(bytes));
    expect(wav.sampleRate).toBe(24_000);
    expect(wav.samples.length).toBe(chunks.reduce((sum, chunk) => sum + (chunk.format === 'pcm' ? chunk.samples.length : 0), 0));
  });

  it('refuses a voice whose model is no longer installed', async () => {
    const gone = { ...piper, modelPath: path.join(folder, 'missing.onnx') };
    const error = await engine.speak({ text: TEXT, voice: spec(gone), speed: 1, pitch: 0, volume: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechError);
    expect((error as SpeechError).code).toBe('UNKNOWN_VOICE');
  });

  it('streams MP3 encoded on its render thread, the chunks stating the frames sent, the tone where PCM has it', async () => {
    for (const voice of [piper, kokoro]) {
      const request = { text: TEXT, voice: spec(voice), speed: 1, pitch: 0, volume: 1 };
      const chunks: SpeechChunk[] = [];
      for await (const chunk of engine.speakStream(request, { audio: 'mp3' })) chunks.push(chunk);
      const pcm = await speak(voice);
      expect(chunks.map((chunk) => chunk.format)).toEqual(['mp3', 'mp3']);
      const bytes = concatBytes(chunks.map((chunk) => (chunk.format === 'mp3' ? chunk.bytes : new Uint8Array(0))));
      const frames = parseMp3Frames(bytes);
      expect(frames.sampleRate).toBe(voice.sampleRate);
      expect(chunks.reduce((sum, chunk) => sum + chunk.durationSeconds, 0)).toBeCloseTo(frames.durationSeconds, 6);
      // The second sentence starts within half a frame of where the PCM stream has it.
      const secondStart = chunks[1]?.startSample ?? 0;
      expect(Math.abs(secondStart - (pcm.sentences[1]?.startSample ?? 0))).toBeLessThanOrEqual(288);
    }
  });

});
