import { describe, expect, it } from 'vitest';
import { timeStretch } from './time-stretch.ts';

const RATE = 22_050;

function sine(frequency: number, seconds: number): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * RATE) }, (_, index) => 0.5 * Math.sin((2 * Math.PI * frequency * index) / RATE));
}

/** Upward zero crossings per second: the frequency of a clean tone. */
function frequencyOf(samples: Float32Array): number {
  let crossings = 0;
  for (let index = 1; index < samples.length; index++) if ((samples[index - 1] ?? 0) < 0 && (samples[index] ?? 0) >= 0) crossings++;
  return crossings / (samples.length / RATE);
}

describe('timeStretch', () => {
  it.each([0.25, 0.5, 2, 4])('changes the length by 1/%f and keeps the pitch', (tempo) => {
    const stretched = timeStretch(sine(220, 1), RATE, tempo);
    expect(stretched.length).toBe(Math.round(RATE / tempo));
    expect(frequencyOf(stretched)).toBeGreaterThan(215);
    expect(frequencyOf(stretched)).toBeLessThan(225);
    const middle = stretched.subarray(Math.round(stretched.length * 0.25), Math.round(stretched.length * 0.75));
    expect(Math.max(...middle)).toBeGreaterThan(0.45);
  });
});
