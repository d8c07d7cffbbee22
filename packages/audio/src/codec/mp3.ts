import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { WasmMediaEncoder } from 'wasm-media-encoders';
import { concatBytes } from './pcm.ts';

export const MP3_BITRATES = [8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
export type Mp3Bitrate = (typeof MP3_BITRATES)[number];
export const DEFAULT_SPEECH_MP3_BITRATE: Mp3Bitrate = 128;

const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3SampleRate = (typeof MP3_SAMPLE_RATES)[number];

export interface Mp3Options {
  sampleRate: number;
  /** Constant bitrate in kbps; 128 suits speech. MPEG-2 rates (22.05/24 kHz) top out at 160. */
  bitrate?: Mp3Bitrate;
}

let wasmBytes: Promise<Uint8Array> | undefined;
/**
 * LAME compiled once per thread (handed back by the first encoder): later encoders only instantiate it, which keeps
 * compiling out of every stream's time to first byte (tens to hundreds of milliseconds on a busy machine).
 */
let compiledWasm: WebAssembly.Module | undefined;

/** Reads LAME's WASM from the package once per thread (rather than decoding the inlined base64 copy each time). */
function mp3Wasm(): Promise<Uint8Array> {
  wasmBytes ??= readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'));
  return wasmBytes;
}

/** MP3 supports nine rates; other inputs are resampled by LAME to the nearest rate above (or 48 kHz). */
/**
 * LAME's encoder delay (576) plus the decoder's (529): a decoder without gapless metadata, as our streamed files have
 * none, plays this many samples of silence before the first encoded sample. Timings of MP3 audio shift by this much.
 */
export const MP3_START_DELAY_SAMPLES = 1105;

/** Seconds of silence an MP3 of PCM at `sampleRate` starts with when decoded (see MP3_START_DELAY_SAMPLES). */
export function mp3StartDelaySeconds(sampleRate: number): number {
  return MP3_START_DELAY_SAMPLES / outputRateFor(sampleRate);
}

function outputRateFor(sampleRate: number): Mp3SampleRate {
  return MP3_SAMPLE_RATES.find((rate) => rate >= sampleRate) ?? 48000;
}

/**
 * Encodes mono audio piece by piece, so a server can send MP3 while sentences are still being synthesised.
 * One encoder per stream keeps the frames continuous (no gaps or repeated encoder delay between pieces).
 */
export class Mp3StreamEncoder {
  private finished = false;

  private constructor(private readonly encoder: WasmMediaEncoder<'audio/mpeg'>) {}

  static async create(options: Mp3Options): Promise<Mp3StreamEncoder> {
    // Loaded on first use, like every engine in this package.
    const { createEncoder } = await import('wasm-media-encoders');
    const encoder = await createEncoder('audio/mpeg', compiledWasm ?? (await mp3Wasm()), (module) => {
      compiledWasm = module;
    });
    encoder.configure({
      channels: 1,
      sampleRate: options.sampleRate,
      bitrate: options.bitrate ?? DEFAULT_SPEECH_MP3_BITRATE,
      outputSampleRate: outputRateFor(options.sampleRate),
    });
    return new Mp3StreamEncoder(encoder);
  }

  /** Returns the MP3 bytes ready so far (possibly none); the encoder buffers the rest. */
  encode(samples: Float32Array): Uint8Array {
    if (this.finished) throw new Error('Mp3StreamEncoder is already finished');
    if (samples.length === 0) return new Uint8Array(0);
    // The returned view points into WASM memory that the next call reuses: copy it.
    return this.encoder.encode([samples]).slice();
  }

  /** Flushes the last frames; the encoder cannot be used afterwards. */
  finish(): Uint8Array {
    if (this.finished) return new Uint8Array(0);
    this.finished = true;
    return this.encoder.finalize().slice();
  }
}

/** Encodes a whole mono signal to an MP3 file. */
export async function encodeMp3(samples: Float32Array, options: Mp3Options): Promise<Uint8Array> {
  const encoder = await Mp3StreamEncoder.create(options);
  const parts: Uint8Array[] = [];
  // Feed in one-second blocks so the WASM input buffer stays small.
  for (let start = 0; start < samples.length; start += options.sampleRate) {
    parts.push(encoder.encode(samples.subarray(start, start + options.sampleRate)));
  }
  parts.push(encoder.finish());
  return concatBytes(parts);
}

/** Turns a stream of PCM pieces into a stream of MP3 bytes, yielding as soon as each piece is encoded. */
export async function* encodeMp3Stream(
  pieces: AsyncIterable<Float32Array>,
  options: Mp3Options,
): AsyncGenerator<Uint8Array> {
  const encoder = await Mp3StreamEncoder.create(options);
  for await (const piece of pieces) {
    const bytes = encoder.encode(piece);
    if (bytes.length > 0) yield bytes;
  }
  const tail = encoder.finish();
  if (tail.length > 0) yield tail;
}
