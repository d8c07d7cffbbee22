import { describe, expect, it } from 'vitest';
import { parseMp3Frames } from './mp3-frames.ts';
import { encodeMp3, encodeMp3Stream, Mp3StreamEncoder } from './mp3.ts';
import { concatBytes } from './pcm.ts';
import { sine } from './test-signals.ts';

describe('MP3 encoding', () => {
  it('produces valid mono Layer III frames of the right rate, bitrate, length and size', async () => {
    const bytes = await encodeMp3(sine(440, 2, 24_000), { sampleRate: 24_000 });
    const info = parseMp3Frames(bytes);
    expect(info).toMatchObject({ version: 'MPEG-2', sampleRate: 24_000, bitrate: 128, channelMode: 'mono' });
    expect(info.durationSeconds).toBeGreaterThan(1.95);
    expect(info.durationSeconds).toBeLessThan(2.15);
    // 128 kbps for two seconds is 32,000 bytes.
    expect(bytes.length).toBeGreaterThan(30_000);
    expect(bytes.length).toBeLessThan(35_000);
  });

  it('honours the bitrate and MPEG-1 rates', async () => {
    const bytes = await encodeMp3(sine(440, 1, 44_100), { sampleRate: 44_100, bitrate: 64 });
    expect(parseMp3Frames(bytes)).toMatchObject({ version: 'MPEG-1', sampleRate: 44_100, bitrate: 64 });
    expect(bytes.length).toBeLessThan(9_500);
  });

  it('streams: pieces encoded one by one form one continuous file', async () => {
    const signal = sine(300, 3, 22_050);
    const encoder = await Mp3StreamEncoder.create({ sampleRate: 22_050 });
    const parts: Uint8Array[] = [];
    for (let start = 0; start < signal.length; start += 4_000) parts.push(encoder.encode(signal.subarray(start, start + 4_000)));
    parts.push(encoder.finish());
    const streamed = concatBytes(parts);
    const whole = await encodeMp3(signal, { sampleRate: 22_050 });
    expect(parts.filter((part) => part.length > 0).length).toBeGreaterThan(5);
    expect(parseMp3Frames(streamed).frames).toBe(parseMp3Frames(whole).frames);
    expect(Math.abs(streamed.length - whole.length)).toBeLessThan(500);
  });

  it('yields MP3 bytes while the PCM source is still producing', async () => {
    const events: string[] = [];
    async function* source(): AsyncGenerator<Float32Array> {
      for (let piece = 0; piece < 3; piece++) {
        events.push(`pcm ${piece}`);
        yield sine(440, 1, 24_000);
      }
    }
    const parts: Uint8Array[] = [];
    for await (const bytes of encodeMp3Stream(source(), { sampleRate: 24_000 })) {
      events.push('mp3');
      parts.push(bytes);
    }
    expect(events.indexOf('mp3')).toBeLessThan(events.indexOf('pcm 2'));
    expect(parseMp3Frames(concatBytes(parts)).durationSeconds).toBeGreaterThan(2.9);
  });

  it('rejects data that is not MP3', () => {
    expect(() => parseMp3Frames(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(/Layer III/);
  });
});
