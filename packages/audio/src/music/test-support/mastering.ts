import { expect } from 'vitest';
import { createRandom } from '../random.ts';
import { measureIntegratedLoudness } from '../master/loudness.ts';
import { masterTrack } from '../master/master.ts';

/** Drum-like bursts over a quiet bed: a crest factor like a real mix. */
export function musicLike(seconds: number, seed = 1, sampleRate = 44100): [Float32Array, Float32Array] {
  const random = createRandom(seed);
  const left = new Float32Array(Math.round(seconds * sampleRate));
  const right = new Float32Array(left.length);
  for (let index = 0; index < left.length; index++) {
    const time = index / sampleRate;
    const beat = time % 0.5;
    const hit = Math.exp(-beat * 30) * (random.next() * 2 - 1) * 0.9;
    const bed = 0.08 * Math.sin(2 * Math.PI * 110 * time) + 0.05 * Math.sin(2 * Math.PI * 440 * time);
    left[index] = hit + bed;
    right[index] = hit * 0.8 + bed;
  }
  return [left, right];
}

/** Masters a mix shorter or longer than asked and checks the length to the sample, the loudness and the true peak. */
export function expectMasteredTo(duration: number, rate: number): void {
  const [left, right] = musicLike(duration === 30 ? 33 : 20, 1, rate);
  const mastered = masterTrack(left, right, { sampleRate: rate, durationSeconds: duration });
  expect(mastered.left.length).toBe(duration * rate);
  expect(mastered.right.length).toBe(duration * rate);
  expect(Math.abs(mastered.loudnessLufs - -14)).toBeLessThan(0.2);
  expect(measureIntegratedLoudness([mastered.left, mastered.right], rate)).toBeCloseTo(mastered.loudnessLufs, 5);
  expect(mastered.truePeakDbtp).toBeLessThanOrEqual(-1);
}
