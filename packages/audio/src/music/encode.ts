import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LameEncoder } from '../codec/lame.ts';
import { isMp3SampleRate } from '../codec/mp3.ts';
import { concatBytes } from '../codec/pcm.ts';
import { wavHeader } from '../codec/wav.ts';
import { joinMp3Parts, planMp3Split } from './mp3-splice.ts';

/**
 * Stereo encoders for finished tracks. The shared codec module encodes mono speech; music needs two channels, so
 * these drive the same LAME builds (codec/lame.ts at MP3's rates, wasm-media-encoders resampling any other) and reuse
 * the shared WAV header writer.
 */

export const MUSIC_MP3_BITRATE = 192;
export type Mp3Bitrate = 128 | 160 | 192 | 224 | 256 | 320;

const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

let lameWasm: Promise<Uint8Array> | undefined;
/**
 * wasm-media-encoders' LAME compiled once per thread (handed back by the first encoder), for rates MP3 cannot carry:
 * given bytes, every encoder would compile them again and run unoptimised code until the engine tiers it up.
 */
let lameModule: WebAssembly.Module | undefined;

function mp3Wasm(): Promise<Uint8Array> {
  lameWasm ??= readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'));
  return lameWasm;
}

/** One second at a time, so LAME's input buffers stay small; the chunks' MP3 bytes joined. */
function encodeInSeconds(left: Float32Array, right: Float32Array, sampleRate: number, encode: (left: Float32Array, right: Float32Array) => Uint8Array, flush: () => Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < left.length; start += sampleRate) {
    const end = Math.min(left.length, start + sampleRate);
    parts.push(encode(left.subarray(start, end), right.subarray(start, end)));
  }
  parts.push(flush());
  return concatBytes(parts);
}

/** Constant-bitrate stereo MP3 (192 kbps by default) at the input's sample rate. */
export async function encodeStereoMp3(left: Float32Array, right: Float32Array, sampleRate: number, bitrate: Mp3Bitrate = MUSIC_MP3_BITRATE): Promise<Uint8Array> {
  if (isMp3SampleRate(sampleRate)) {
    const encoder = await LameEncoder.create({ channels: 2, sampleRate, bitrate });
    return encodeInSeconds(left, right, sampleRate, (leftPart, rightPart) => encoder.encode([leftPart, rightPart]), () => encoder.flush());
  }
  const { createEncoder } = await import('wasm-media-encoders');
  const encoder = await createEncoder('audio/mpeg', lameModule ?? (await mp3Wasm()), (module) => {
    lameModule = module;
  });
  encoder.configure({ channels: 2, sampleRate, bitrate, outputSampleRate: MP3_SAMPLE_RATES.find((rate) => rate >= sampleRate) ?? 48000 });
  // The encoder reuses its output buffer: copy each chunk.
  return encodeInSeconds(left, right, sampleRate, (leftPart, rightPart) => encoder.encode([leftPart, rightPart]).slice(), () => encoder.finalize().slice());
}

/** Encodes a stretch of stereo audio to MP3 (on another thread, say). */
export type StereoMp3Encoder = (left: Float32Array, right: Float32Array) => Promise<Uint8Array>;

/**
 * The same MP3 from two encoders at once: `encodeTail` (another thread) encodes from a frame boundary before the
 * middle while this thread runs `beside` and then encodes the head; mp3-splice.ts joins them where both encoders
 * agree, so every frame decodes as in its own encode. `headShare` is the head's part of the track (less than half
 * when `beside` takes time). Short tracks, or parts that find no splice frame, are encoded here in one piece.
 */
export async function encodeStereoMp3InTwo(
  left: Float32Array, right: Float32Array, sampleRate: number, bitrate: Mp3Bitrate,
  split: { encodeTail: StereoMp3Encoder; headShare: number; beside?: () => void },
): Promise<Uint8Array> {
  const plan = planMp3Split(left.length, split.headShare);
  if (!plan) {
    split.beside?.();
    return encodeStereoMp3(left, right, sampleRate, bitrate);
  }
  const tail = split.encodeTail(left.subarray(plan.tailStart), right.subarray(plan.tailStart));
  // Handled below, after the head: a failed tail is encoded here.
  tail.catch(() => undefined);
  split.beside?.();
  const head = await encodeStereoMp3(left.subarray(0, plan.headEnd), right.subarray(0, plan.headEnd), sampleRate, bitrate);
  const tailBytes = await tail.catch(() => undefined);
  return (tailBytes && joinMp3Parts(head, tailBytes, plan)) ?? encodeStereoMp3(left, right, sampleRate, bitrate);
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
