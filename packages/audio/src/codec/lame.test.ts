import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createEncoder } from 'wasm-media-encoders';
import { describe, expect, it } from 'vitest';
import { decodeToPcm } from '../decode/decode.ts';
import { LameEncoder } from './lame.ts';
import { parseMp3Frames } from './mp3-frames.ts';
import { concatBytes } from './pcm.ts';

/** A voice-like test signal: a gliding tone with harmonics, gated into syllables, over a little noise. */
function speechLike(seconds: number, sampleRate: number, shift = 0): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  let phase = 0;
  let noise = 12345 + shift;
  for (let index = 0; index < samples.length; index++) {
    phase += (140 + shift + 40 * Math.sin(index / 4000)) / sampleRate;
    noise = (noise * 1103515245 + 12345) % 2 ** 31;
    const gate = Math.sin(index / 2500) > -0.4 ? 1 : 0.02;
    samples[index] = gate * (0.3 * Math.sin(2 * Math.PI * phase) + 0.1 * Math.sin(6 * Math.PI * phase)) + 0.01 * (noise / 2 ** 31 - 0.5);
  }
  return samples;
}

async function encodeWhole(encoder: LameEncoder, channels: Float32Array[], sampleRate: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const length = channels[0]?.length ?? 0;
  for (let start = 0; start < length; start += sampleRate) parts.push(encoder.encode(channels.map((channel) => channel.subarray(start, start + sampleRate))));
  parts.push(encoder.flush());
  return concatBytes(parts);
}

/** The same audio through wasm-media-encoders' LAME, the encoder this one replaced, as the reference. */
async function referenceMp3(channels: Float32Array[], sampleRate: number, bitrate: number): Promise<Uint8Array> {
  const wasm = await readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'));
  const encoder = await createEncoder('audio/mpeg', wasm);
  encoder.configure({ channels: channels.length as 1 | 2, sampleRate, bitrate: bitrate as 128, outputSampleRate: sampleRate as 44100 });
  const parts: Uint8Array[] = [];
  const length = channels[0]?.length ?? 0;
  for (let start = 0; start < length; start += sampleRate) parts.push(encoder.encode(channels.map((channel) => channel.subarray(start, start + sampleRate))).slice());
  parts.push(encoder.finalize().slice());
  return concatBytes(parts);
}

/** Energy of the difference between two decodes, relative to the first's, in dB. */
async function decodedDifferenceDb(mp3: Uint8Array, reference: Uint8Array, sampleRate: number): Promise<number> {
  const [ours, theirs] = await Promise.all([mp3, reference].map((bytes) => decodeToPcm(bytes, { sampleRate, maxSeconds: 60 })));
  let difference = 0;
  let power = 0;
  theirs?.samples.forEach((value, index) => {
    difference += (value - (ours?.samples[index] ?? 0)) ** 2;
    power += value * value;
  });
  return 10 * Math.log10(difference / power);
}

describe('LAME (the @mediabunny/mp3-encoder build)', () => {
  it.each([
    { channels: 1, sampleRate: 24_000, bitrate: 128, mode: 'mono' },
    { channels: 1, sampleRate: 22_050, bitrate: 64, mode: 'mono' },
    { channels: 2, sampleRate: 44_100, bitrate: 192, mode: 'joint stereo' },
  ] as const)('writes the frames wasm-media-encoders writes: $channels channel(s) at $sampleRate Hz, $bitrate kbps', async ({ channels, sampleRate, bitrate, mode }) => {
    const audio = Array.from({ length: channels }, (_, channel) => speechLike(4, sampleRate, channel * 30));
    const mp3 = await encodeWhole(await LameEncoder.create({ channels, sampleRate, bitrate }), audio, sampleRate);
    const reference = await referenceMp3(audio, sampleRate, bitrate);
    expect(parseMp3Frames(mp3)).toMatchObject({ sampleRate, bitrate, channelMode: mode, frames: parseMp3Frames(reference).frames });
    expect(mp3.length).toBe(reference.length);
    // The same encoder compiled differently: its float arithmetic differs in the last places, nothing audible.
    expect(await decodedDifferenceDb(mp3, reference, sampleRate)).toBeLessThan(-40);
  });

  it('starts each MP3 afresh on restart, as a new encoder would', async () => {
    const audio = [speechLike(2, 24_000)];
    const encoder = await LameEncoder.create({ channels: 1, sampleRate: 24_000, bitrate: 128 });
    const first = await encodeWhole(encoder, [speechLike(3, 24_000, 50)], 24_000);
    encoder.restart();
    const again = await encodeWhole(encoder, audio, 24_000);
    expect(first.length).toBeGreaterThan(0);
    expect(again).toEqual(await encodeWhole(await LameEncoder.create({ channels: 1, sampleRate: 24_000, bitrate: 128 }), audio, 24_000));
  });

  it('clips samples beyond full scale instead of wrapping them', async () => {
    const loud = speechLike(1, 44_100).map((value) => value * 8);
    const mp3 = await encodeWhole(await LameEncoder.create({ channels: 1, sampleRate: 44_100, bitrate: 128 }), [loud], 44_100);
    const decoded = await decodeToPcm(mp3, { sampleRate: 44_100, maxSeconds: 10 });
    // Wrapped 16-bit values would flip sign at every crest and read as loud noise near full scale everywhere.
    const peak = decoded.samples.reduce((largest, value) => Math.max(largest, Math.abs(value)), 0);
    expect(peak).toBeLessThan(1.3);
    expect(peak).toBeGreaterThan(0.8);
  });
});
