import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { concatBytes } from '../codec/pcm.ts';
import { wavHeader } from '../codec/wav.ts';

/**
 * Stereo encoders for finished tracks. The shared codec module encodes mono speech; music needs two channels, so
 * these drive the same LAME build (wasm-media-encoders) and reuse the shared WAV header writer.
 */

export const MUSIC_MP3_BITRATE = 192;
type Mp3Bitrate = 128 | 160 | 192 | 224 | 256 | 320;

const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

let lameWasm: Promise<Uint8Array> | undefined;

function mp3Wasm(): Promise<Uint8Array> {
  lameWasm ??= readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'));
  return lameWasm;
}

/** Constant-bitrate stereo MP3 (192 kbps by default) at the input's sample rate. */
export async function encodeStereoMp3(left: Float32Array, right: Float32Array, sampleRate: number, bitrate: Mp3Bitrate = MUSIC_MP3_BITRATE): Promise<Uint8Array> {
  const { createEncoder } = await import('wasm-media-encoders');
  const encoder = await createEncoder('audio/mpeg', await mp3Wasm());
  encoder.configure({ channels: 2, sampleRate, bitrate, outputSampleRate: MP3_SAMPLE_RATES.find((rate) => rate >= sampleRate) ?? 48000 });
  const parts: Uint8Array[] = [];
  for (let start = 0; start < left.length; start += sampleRate) {
    const end = Math.min(left.length, start + sampleRate);
    // The encoder reuses its output buffer: copy each chunk.
    parts.push(encoder.encode([left.subarray(start, end), right.subarray(start, end)]).slice());
  }
  parts.push(encoder.finalize().slice());
  return concatBytes(parts);
}

/** 16-bit stereo PCM WAV with triangular dither, seeded so the same audio always gives the same file. */
export function encodeStereoWav(left: Float32Array, right: Float32Array, sampleRate: number): Uint8Array {
  const frames = left.length;
  const file = new Uint8Array(44 + frames * 4);
  file.set(wavHeader(frames * 4, sampleRate, 2), 0);
  const view = new DataView(file.buffer, 44);
  let state = 0x9e3779b9;
  const noise = (): number => {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  for (let frame = 0; frame < frames; frame++) {
    view.setInt16(frame * 4, toInt16((left[frame] ?? 0) + (noise() - noise()) / 32768), true);
    view.setInt16(frame * 4 + 2, toInt16((right[frame] ?? 0) + (noise() - noise()) / 32768), true);
  }
  return file;
}

function toInt16(value: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(value * 32767)));
}
