import { expect } from 'vitest';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import type { MusicProgress, MusicResult } from '../engine.ts';
import { measureIntegratedLoudness } from '../master/loudness.ts';
import { measureTruePeak } from '../master/true-peak.ts';

export const RATE = 44100;

export function decodeStereoWav(bytes: Uint8Array): [Float32Array, Float32Array] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint16(22, true)).toBe(2);
  expect(view.getUint32(24, true)).toBe(RATE);
  const frames = view.getUint32(40, true) / 4;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    left[frame] = view.getInt16(44 + frame * 4, true) / 32768;
    right[frame] = view.getInt16(46 + frame * 4, true) / 32768;
  }
  return [left, right];
}

/** What every finished track must be: its exact length as 192 kbps stereo MP3 and WAV, mastered, with forward progress. */
export function expectDeliveredTrack(result: MusicResult, durationSeconds: number, seed: number, progress: MusicProgress[]): void {
  const mp3 = parseMp3Frames(result.mp3);
  expect(mp3.bitrate).toBe(192);
  expect(mp3.sampleRate).toBe(RATE);
  expect(mp3.channelMode).not.toBe('mono');
  expect(Math.abs(mp3.durationSeconds - durationSeconds)).toBeLessThan(0.5);
  const [left, right] = decodeStereoWav(result.wav ?? new Uint8Array());
  expect(left.length).toBe(durationSeconds * RATE);
  expect(Math.abs(measureIntegratedLoudness([left, right], RATE) - -14)).toBeLessThanOrEqual(1);
  expect(measureTruePeak([left, right])).toBeLessThanOrEqual(-1);
  expect(result.durationSeconds).toBe(durationSeconds);
  expect(result.seed).toBe(seed);
  expect(result.artworkSvg).toContain('<svg');
  expect(result.midi?.subarray(0, 4)).toEqual(new Uint8Array([0x4d, 0x54, 0x68, 0x64]));
  // Progress only moves forward and ends complete.
  const fractions = progress.map((update) => update.fraction);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  expect(fractions[fractions.length - 1]).toBe(1);
}
