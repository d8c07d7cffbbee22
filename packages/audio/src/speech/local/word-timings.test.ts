import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rms } from '../../codec/analysis.ts';
import type { SpeechRequest, SpeechResult } from '../types.ts';
import { LocalSpeechEngine } from './local-engine.ts';

const engine = new LocalSpeechEngine({ workers: 2 });

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

const FRAME_SECONDS = 0.005;
/** A 5 ms frame quieter than this is silence (about -50 dBFS; speech is levelled to about -21 dBFS). */
const SILENCE_RMS = 0.003;
const TOLERANCE_SECONDS = 0.02;

async function speak(overrides: Partial<SpeechRequest>): Promise<Extract<SpeechResult, { format: 'pcm' }>> {
  const result = await engine.speak({ text: '', voice: 'en-us-madison', speed: 1, pitch: 0, volume: 1, ...overrides });
  if (result.format !== 'pcm') throw new Error('the local engine returns PCM');
  return result;
}

/** Per-frame loudness of the rendered audio. */
function frameLoudness(samples: Float32Array, sampleRate: number): number[] {
  const frame = Math.round(FRAME_SECONDS * sampleRate);
  const frames: number[] = [];
  for (let start = 0; start < samples.length; start += frame) frames.push(rms(samples, start, Math.min(samples.length, start + frame)));
  return frames;
}

/** Where sound resumes after the silence that contains `silentAt` (seconds). */
function silenceEnd(frames: number[], silentAt: number): number {
  let index = Math.floor(silentAt / FRAME_SECONDS);
  while (index < frames.length && (frames[index] ?? 0) < SILENCE_RMS) index++;
  return index * FRAME_SECONDS;
}

/** Where the silence that contains `silentAt` begins. */
function silenceStart(frames: number[], silentAt: number): number {
  let index = Math.floor(silentAt / FRAME_SECONDS);
  while (index > 0 && (frames[index - 1] ?? 0) < SILENCE_RMS) index--;
  return index * FRAME_SECONDS;
}

describe('word timings of the local engine', () => {
  const TEXT = 'Good morning, everyone. <#0.8#> The weather is lovely today! Tickets cost $5 & up.<#1.2#>See you soon.';

  it.each([
    { speed: 0.6, model: 'speech-2.5-hd-preview' as const },
    { speed: 1, model: 'speech-1.5-hd-preview' as const },
    { speed: 1.8, model: 'speech-2.5-hd-preview' as const },
  ])('places every word after a silence within 20 ms of the audio at speed $speed ($model)', async ({ speed, model }) => {
    const result = await speak({ text: TEXT, speed, model });
    const words = result.words ?? [];
    for (const word of words) expect(TEXT.slice(word.textStart, word.textEnd)).toBe(word.text);
    expect(words.map((word) => word.text)).toEqual([
      'Good', 'morning,', 'everyone.', 'The', 'weather', 'is', 'lovely', 'today!', 'Tickets', 'cost', '$5 &', 'up.', 'See', 'you', 'soon.',
    ]);
    const frames = frameLoudness(result.samples, result.sampleRate);
    const afterGaps = words.filter((word, index) => index > 0 && word.start - (words[index - 1]?.end ?? 0) > 0.1);
    expect(afterGaps.map((word) => word.text)).toEqual(['The', 'Tickets', 'See']);
    for (const word of afterGaps) {
      const previous = words[words.indexOf(word) - 1] ?? word;
      const middle = (previous.end + word.start) / 2;
      expect(Math.abs(word.start - silenceEnd(frames, middle))).toBeLessThanOrEqual(TOLERANCE_SECONDS);
      expect(Math.abs(previous.end - silenceStart(frames, middle))).toBeLessThanOrEqual(TOLERANCE_SECONDS);
    }
    expect(words[0]?.start).toBeLessThanOrEqual(TOLERANCE_SECONDS);
    expect(Math.abs((words.at(-1)?.end ?? 0) - result.durationSeconds)).toBeLessThanOrEqual(TOLERANCE_SECONDS);
  });
});
