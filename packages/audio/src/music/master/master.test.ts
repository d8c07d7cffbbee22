import { MUSIC_DURATIONS } from '@sound-studio/shared';
import { describe, expect, it } from 'vitest';
import { limitTruePeak, toLookaheadPeaks } from './limiter.ts';
import { measureIntegratedLoudness } from './loudness.ts';
import { masterToLoudness, masterTrack } from './master.ts';
import { expectMasteredTo, musicLike } from '../test-support/mastering.ts';
import { measureSamplePeak, measureTruePeak } from './true-peak.ts';

const RATE = 44100;

function sine(frequency: number, seconds: number, amplitude = 1, phase = 0): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  for (let index = 0; index < samples.length; index++) samples[index] = amplitude * Math.sin(2 * Math.PI * frequency * (index / RATE) + phase);
  return samples;
}

describe('BS.1770 loudness', () => {
  it('reads a full-scale 997 Hz sine in both channels as 0 LUFS and in one as -3.01', () => {
    const tone = sine(997, 5);
    expect(measureIntegratedLoudness([tone, tone], RATE)).toBeCloseTo(0, 1);
    expect(measureIntegratedLoudness([tone, new Float32Array(tone.length)], RATE)).toBeCloseTo(-3.01, 1);
  });

  it('tracks level changes decibel for decibel', () => {
    const tone = sine(997, 5, 10 ** (-23 / 20));
    expect(measureIntegratedLoudness([tone, tone], RATE)).toBeCloseTo(-23, 1);
  });

  it('gates silence: quiet gaps do not drag the reading down', () => {
    const tone = sine(997, 4, 0.1);
    const gapped = new Float32Array(tone.length * 2);
    gapped.set(tone, 0);
    // Only the few blocks straddling the edge still count, partly silent: within a few tenths of a LU.
    const difference = measureIntegratedLoudness([gapped, gapped], RATE) - measureIntegratedLoudness([tone, tone], RATE);
    expect(Math.abs(difference)).toBeLessThan(0.3);
    expect(measureIntegratedLoudness([new Float32Array(RATE)], RATE)).toBe(-Infinity);
  });
});

describe('true peak', () => {
  it('finds the peak between samples that sample peak misses', () => {
    // A quarter-rate sine sampled at 45°: every sample reads 0.707 but the wave reaches 1.
    const tone = sine(RATE / 4, 1, 1, Math.PI / 4);
    expect(measureSamplePeak([tone])).toBeCloseTo(-3.01, 1);
    expect(measureTruePeak([tone])).toBeGreaterThan(-0.2);
    expect(measureTruePeak([tone])).toBeLessThan(0.2);
  });

  it('agrees with sample peak for low frequencies', () => {
    const tone = sine(100, 1, 0.5);
    expect(measureTruePeak([tone])).toBeCloseTo(20 * Math.log10(0.5), 1);
  });
});

describe('limiter', () => {
  it('holds the true-peak ceiling and leaves quiet passages alone', () => {
    const [left, right] = musicLike(3);
    const quietBefore = left[Math.round(0.4 * RATE)] ?? 0;
    for (const channel of [left, right]) for (let index = 0; index < channel.length; index++) channel[index] = (channel[index] ?? 0) * 3;
    const { maxReductionDb } = limitTruePeak([left, right], { sampleRate: RATE, ceilingDb: -1 });
    expect(maxReductionDb).toBeLessThan(-3);
    expect(measureTruePeak([left, right])).toBeLessThanOrEqual(-0.95);
    expect(left[Math.round(0.4 * RATE)]).toBeCloseTo(quietBefore * 3, 3);
  });
});

describe('look-ahead peaks', () => {
  it('equal the largest envelope value in each window, partial blocks at the end included', () => {
    let state = 7;
    const random = (): number => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const [length, lookaheadSeconds] of [[1000, 0.002], [1001, 0.002], [87, 0.002], [500, 1 / RATE], [300, 0.01]] as const) {
      const envelope = Float32Array.from({ length }, random);
      const window = Math.max(1, Math.round(lookaheadSeconds * RATE));
      const expected = envelope.map((_, index) => Math.max(...envelope.subarray(index, Math.min(length, index + window))));
      expect(toLookaheadPeaks(envelope.slice(), { sampleRate: RATE, ceilingDb: -1, lookaheadSeconds })).toEqual(expected);
    }
  });
});

describe('mastering', () => {
  // Longer or shorter than asked: trimmed or padded to the sample. 120 to 240 s are in master.full.test.ts.
  it.each(MUSIC_DURATIONS.filter((duration) => duration <= 60))('returns exactly %i seconds at -14 LUFS with true peak at most -1 dBTP', (duration) => {
    expectMasteredTo(duration, RATE);
  });

  it('fades in and out to silence', () => {
    const [left, right] = musicLike(10);
    const mastered = masterTrack(left, right, { sampleRate: RATE, durationSeconds: 10 });
    expect(mastered.left[0]).toBe(0);
    expect(Math.abs(mastered.left[mastered.left.length - 1] ?? 1)).toBeLessThan(1e-3);
  });

  it('masters the same when it may fade and read the caller\'s arrays in place', () => {
    const [left, right] = musicLike(2);
    const options = { sampleRate: RATE, durationSeconds: 2 };
    const copied = masterToLoudness(left, right, options);
    const inPlace = masterToLoudness(left.slice(), right.slice(), options, { consumeInput: true });
    expect(inPlace).toEqual(copied);
  });

  it('leaves silence silent', () => {
    const silent = new Float32Array(RATE * 2);
    const mastered = masterTrack(silent, silent, { sampleRate: RATE, durationSeconds: 2 });
    expect(mastered.loudnessLufs).toBe(-Infinity);
    expect(mastered.left.every((value) => value === 0)).toBe(true);
  });
});
