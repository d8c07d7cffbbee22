import { createMp3Encoder } from '../codec/mp3.ts';
import { concatBytes } from '../codec/pcm.ts';
import { wavHeader } from '../codec/wav.ts';
import { joinMp3Parts, planMp3Split } from './mp3-splice.ts';

/**
 * Stereo encoders for finished tracks: the shared codec's MP3 encoder with two channels, and a dithered WAV on the
 * shared WAV header writer.
 */

export const MUSIC_MP3_BITRATE = 192;
export type Mp3Bitrate = 128 | 160 | 192 | 224 | 256 | 320;

/** Constant-bitrate stereo MP3 (192 kbps by default) at the input's sample rate, one second at a time. */
export async function encodeStereoMp3(left: Float32Array, right: Float32Array, sampleRate: number, bitrate: Mp3Bitrate = MUSIC_MP3_BITRATE): Promise<Uint8Array> {
  const encoder = await createMp3Encoder({ channels: 2, sampleRate, bitrate });
  const parts: Uint8Array[] = [];
  for (let start = 0; start < left.length; start += sampleRate) {
    const end = Math.min(left.length, start + sampleRate);
    parts.push(encoder.encode([left.subarray(start, end), right.subarray(start, end)]));
  }
  parts.push(encoder.flush());
  return concatBytes(parts);
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
