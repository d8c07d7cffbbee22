import { describe, expect, it } from 'vitest';
import { rms, silentRuns } from './analysis.ts';
import { resample, resampleScalar } from './resample.ts';
import { risingZeroCrossings, sine } from './test-signals.ts';

describe('resample', () => {
  it('converts 22,050 Hz to 24,000 Hz keeping pitch, level and length', () => {
    const input = sine(1_000, 1, 22_050);
    const output = resample(input, 22_050, 24_000);
    expect(output.length).toBe(24_000);
    expect(risingZeroCrossings(output)).toBeGreaterThanOrEqual(999);
    expect(risingZeroCrossings(output)).toBeLessThanOrEqual(1_001);
    const middle = output.subarray(1_000, 23_000);
    expect(rms(middle)).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('keeps a constant signal constant', () => {
    const output = resample(new Float32Array(2_000).fill(0.25), 22_050, 24_000);
    for (const value of output.subarray(100, output.length - 100)) expect(value).toBeCloseTo(0.25, 4);
  });

  it('filters content above the new Nyquist frequency when downsampling', () => {
    const output = resample(sine(10_000, 1, 48_000), 48_000, 16_000);
    expect(output.length).toBe(16_000);
    expect(rms(output.subarray(500, 15_500))).toBeLessThan(0.5 / Math.SQRT2 / 100); // more than 40 dB down
  });

  it.each([
    [22_050, 24_000],
    [24_000, 48_000],
    [44_100, 48_000],
    [48_000, 16_000],
  ])('matches the scalar polyphase loop from %i to %i Hz (SIMD path), edges included', (from, to) => {
    // Noise and a sweep, both touching the first and last samples, and lengths that are not a multiple of anything.
    let state = 12_345;
    const input = Float32Array.from({ length: from / 3 + 7 }, (_, index) => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return 0.5 * Math.sin(0.0001 * index * index) + 0.3 * (state / 2 ** 32 - 0.5);
    });
    const simd = resample(input, from, to);
    const scalar = resampleScalar(input, from, to);
    expect(simd.length).toBe(scalar.length);
    let worst = 0;
    for (let index = 0; index < simd.length; index++) worst = Math.max(worst, Math.abs((simd[index] as number) - (scalar[index] as number)));
    // f32 sums against f64 sums: rounding only, below -120 dB of full scale.
    expect(worst).toBeLessThan(1e-6);
    expect(Math.max(...simd.subarray(0, 50).map(Math.abs))).toBeGreaterThan(0.01);
  });

  it('handles ratios without a small common factor', () => {
    const output = resample(sine(500, 0.5, 44_100), 44_100, 22_051);
    expect(output.length).toBe(Math.round(0.5 * 22_051));
    expect(rms(output.subarray(500, output.length - 500))).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });
});

describe('analysis', () => {
  it('finds silent runs', () => {
    const signal = new Float32Array(24_000);
    signal.set(sine(440, 0.25, 24_000), 0);
    signal.set(sine(440, 0.25, 24_000), 18_000);
    const runs = silentRuns(signal, 24_000);
    expect(runs).toHaveLength(1);
    expect((runs[0]!.endSample - runs[0]!.startSample) / 24_000).toBeCloseTo(0.5, 1);
  });
});
