import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, streamingWavHeader } from './wav.ts';
import { sine } from './test-signals.ts';

describe('WAV', () => {
  it('writes a 44-byte 16-bit mono PCM header with the right sizes and rates', () => {
    const samples = sine(440, 0.5, 24_000);
    const file = encodeWav(samples, 24_000);
    const view = new DataView(file.buffer);
    const ascii = (offset: number): string => String.fromCharCode(...file.subarray(offset, offset + 4));
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(file.length).toBe(44 + samples.length * 2);
    expect(view.getUint32(4, true)).toBe(file.length - 8);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(24_000);
    expect(view.getUint32(28, true)).toBe(48_000); // byte rate
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
  });

  it('round-trips samples within 16-bit precision and clips out-of-range values', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 1.5, -2]);
    const decoded = decodeWav(encodeWav(samples, 22_050));
    expect(decoded.sampleRate).toBe(22_050);
    expect(decoded.channels).toBe(1);
    const expected = [0, 0.5, -0.5, 1, -1, 1, -1];
    decoded.samples.forEach((value, index) => expect(value).toBeCloseTo(expected[index] ?? 0, 3));
  });

  it('has a streaming header for audio of unknown length', () => {
    const header = new DataView(streamingWavHeader(24_000).buffer);
    expect(header.getUint32(40, true)).toBeGreaterThan(2 ** 31);
    expect(header.getUint32(24, true)).toBe(24_000);
  });
});
