import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { WasmMediaEncoder } from 'wasm-media-encoders';
import { LameEncoder } from './lame.ts';
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
 * wasm-media-encoders' LAME compiled once per thread (handed back by the first encoder): later encoders only
 * instantiate it. It is used only for the rates MP3 cannot carry, which it resamples; every other encode runs on the
 * faster build in lame.ts.
 */
let compiledWasm: WebAssembly.Module | undefined;

function mp3Wasm(): Promise<Uint8Array> {
  wasmBytes ??= readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'));
  return wasmBytes;
}

/** A constant-bitrate MP3 encoder on Float32 channels (one array per channel, of equal length). */
export interface PcmMp3Encoder {
  /** The MP3 bytes ready so far (possibly none), as a copy. */
  encode(channels: readonly Float32Array[]): Uint8Array;
  /** The last frames; afterwards only restart() makes the encoder usable again. */
  flush(): Uint8Array;
  /** Starts a new, independent MP3 on the same instance. */
  restart(): void;
}

/** LAME at the input's rate (lame.ts) for MP3's nine rates; a resampling LAME (wasm-media-encoders) for any other. */
export async function createMp3Encoder(settings: { channels: 1 | 2; sampleRate: number; bitrate: Mp3Bitrate }): Promise<PcmMp3Encoder> {
  if (isMp3SampleRate(settings.sampleRate)) return LameEncoder.create(settings);
  const { createEncoder } = await import('wasm-media-encoders');
  const encoder: WasmMediaEncoder<'audio/mpeg'> = await createEncoder('audio/mpeg', compiledWasm ?? (await mp3Wasm()), (module) => {
    compiledWasm = module;
  });
  const configuration = { ...settings, outputSampleRate: outputRateFor(settings.sampleRate) };
  encoder.configure(configuration);
  return {
    // The returned views point into WASM memory that the next call reuses: copy them.
    encode: (channels) => encoder.encode([...channels]).slice(),
    flush: () => encoder.finalize().slice(),
    restart: () => encoder.configure(configuration),
  };
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

/** True when MP3 carries `sampleRate` as it is (LAME resamples any other rate). */
export function isMp3SampleRate(sampleRate: number): boolean {
  return (MP3_SAMPLE_RATES as readonly number[]).includes(sampleRate);
}

/** Samples per MP3 frame: 1,152 for MPEG-1 rates (32 kHz and up), 576 below. */
export function mp3FrameSamples(sampleRate: number): number {
  return outputRateFor(sampleRate) >= 32000 ? 1152 : 576;
}

/**
 * What LAME adds to a whole encode (encoder start, flush): `n` samples (at an MP3 rate) come out as whole frames
 * covering `n` rounded up to a frame, plus 1,152 samples (two MPEG-2 frames or one MPEG-1 frame).
 */
export const MP3_ENCODE_OVERHEAD_SAMPLES = 1152;

/** Samples a decoder plays for a whole encode (encode, then finish) of `inputSamples` samples at an MP3 rate. */
export function mp3EncodedLength(inputSamples: number, sampleRate: number): number {
  const frame = mp3FrameSamples(sampleRate);
  return Math.ceil(inputSamples / frame) * frame + MP3_ENCODE_OVERHEAD_SAMPLES;
}

/**
 * Encodes mono audio piece by piece, so a server can send MP3 while sentences are still being synthesised.
 * One encoder per stream keeps the frames continuous (no gaps or repeated encoder delay between pieces).
 */
export class Mp3StreamEncoder {
  private finished = false;

  private constructor(private readonly encoder: PcmMp3Encoder) {}

  static async create(options: Mp3Options): Promise<Mp3StreamEncoder> {
    return new Mp3StreamEncoder(await createMp3Encoder({ channels: 1, sampleRate: options.sampleRate, bitrate: options.bitrate ?? DEFAULT_SPEECH_MP3_BITRATE }));
  }

  /**
   * Starts a new, independent MP3 on the same WASM instance (what a fresh encoder would write), so a thread encoding
   * many short pieces does not pay for a new instance each time.
   */
  restart(): void {
    this.encoder.restart();
    this.finished = false;
  }

  /** Returns the MP3 bytes ready so far (possibly none); the encoder buffers the rest. */
  encode(samples: Float32Array): Uint8Array {
    if (this.finished) throw new Error('Mp3StreamEncoder is already finished');
    if (samples.length === 0) return new Uint8Array(0);
    return this.encoder.encode([samples]);
  }

  /** Flushes the last frames; the encoder cannot be used afterwards. */
  finish(): Uint8Array {
    if (this.finished) return new Uint8Array(0);
    this.finished = true;
    return this.encoder.flush();
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
