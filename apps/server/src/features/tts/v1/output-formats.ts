import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { mp3StartDelaySeconds, pcmBytes, resample, resolveFfmpeg, SpeechError, streamingWavHeader, type SpeechChunk } from '@sound-studio/audio';
import type { Mp3Piece } from '../../../lib/speech/mp3-pieces.ts';
import { companded } from './g711.ts';

export const OPENAI_AUDIO_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type OpenAiAudioFormat = (typeof OPENAI_AUDIO_FORMATS)[number];
/** Every format a developer API call can ask for: OpenAI's, and G.711 µ-law and A-law for telephony (ElevenLabs'). */
export type OutputFormat = OpenAiAudioFormat | 'ulaw' | 'alaw';

/** What the client receives, in a given format, from the MP3 pieces the history copy is made of. */
export interface OutputEncoder {
  readonly contentType: string;
  /** 'mp3' when the client gets the history's own MP3 bytes (word timings then include its encoder delay). */
  readonly timeline: 'mp3' | 'pcm';
  /** Silence a decoder plays before the first sample on a 'pcm' timeline (an MP3 re-encoded here has some). */
  startDelaySeconds(): number;
  /** Bytes to send for this piece (may be empty). */
  encode(piece: Mp3Piece): Promise<Uint8Array>;
  /** Whatever is left once the speech has ended. */
  finish(): Promise<Uint8Array>;
  /** Stops any helper process (the client left or the engine failed). */
  abort(): void;
}

export interface FormatOptions {
  /** The output's sample rate (ElevenLabs names it: `mp3_44100_128`, `pcm_16000`); OpenAI's `pcm` is 24 kHz. */
  sampleRate?: number;
  /** Compressed formats' bitrate in kbps (`mp3_44100_128`, `opus_48000_64`). */
  bitrateKbps?: number;
}

/** OpenAI's raw `pcm`: 24 kHz, 16-bit signed little-endian, mono. */
export const OPENAI_PCM_SAMPLE_RATE = 24_000;

const EMPTY = new Uint8Array(0);

export function createOutputEncoder(format: OutputFormat, options: FormatOptions = {}): OutputEncoder {
  switch (format) {
    case 'mp3':
      // The history copy is already MP3: re-encoded only when the caller names another rate or bitrate.
      return options.sampleRate || options.bitrateKbps ? new FfmpegEncoder('mp3', options) : mp3Passthrough();
    case 'wav':
      return wavEncoder(options.sampleRate);
    case 'pcm':
      return sampleEncoder('audio/pcm', options.sampleRate ?? OPENAI_PCM_SAMPLE_RATE, (samples) => pcmBytes(samples));
    case 'ulaw':
    case 'alaw':
      return sampleEncoder(G711_CONTENT_TYPE[format], G711_SAMPLE_RATE, (samples) => companded(samples, format));
    default:
      return new FfmpegEncoder(format, options);
  }
}

/** G.711 is 8 kHz by definition. */
const G711_SAMPLE_RATE = 8000;
const G711_CONTENT_TYPE = { ulaw: 'audio/basic', alaw: 'audio/x-alaw-basic' } as const;

/** The history copy is MP3 already: the client gets the very same bytes. */
function mp3Passthrough(): OutputEncoder {
  return {
    contentType: 'audio/mpeg',
    timeline: 'mp3',
    startDelaySeconds: () => 0,
    encode: async (piece) => piece.bytes,
    finish: async () => EMPTY,
    abort: () => undefined,
  };
}

/** The PCM of a finished speech chunk, or nothing while a chunk is still being encoded. */
function pcmOf(piece: Mp3Piece): SpeechChunk & { format: 'pcm' } | null {
  const chunk = piece.completes;
  if (!chunk) return null;
  if (chunk.format !== 'pcm') throw new SpeechError('UNSUPPORTED_FORMAT', 'This speech provider returns MP3 only; ask for response_format mp3');
  return chunk;
}

function wavEncoder(sampleRate: number | undefined): OutputEncoder {
  let headerSent = false;
  return {
    contentType: 'audio/wav',
    timeline: 'pcm',
    startDelaySeconds: () => 0,
    encode: async (piece) => {
      const chunk = pcmOf(piece);
      if (!chunk) return EMPTY;
      const rate = sampleRate ?? chunk.sampleRate;
      const body = pcmBytes(resample(chunk.samples, chunk.sampleRate, rate));
      if (headerSent) return body;
      headerSent = true;
      return concat([streamingWavHeader(rate), body]);
    },
    finish: async () => EMPTY,
    abort: () => undefined,
  };
}

/** Headerless sample formats: each chunk resampled to the rate and turned into bytes as it comes. */
function sampleEncoder(contentType: string, sampleRate: number, bytesOf: (samples: Float32Array) => Uint8Array): OutputEncoder {
  return {
    contentType,
    timeline: 'pcm',
    startDelaySeconds: () => 0,
    encode: async (piece) => {
      const chunk = pcmOf(piece);
      return chunk ? bytesOf(resample(chunk.samples, chunk.sampleRate, sampleRate)) : EMPTY;
    },
    finish: async () => EMPTY,
    abort: () => undefined,
  };
}

type FfmpegFormat = 'mp3' | 'opus' | 'aac' | 'flac';
const FFMPEG_OUTPUT: Record<FfmpegFormat, { codec: string[]; muxer: string[]; bitrateKbps?: number; contentType: string }> = {
  mp3: { codec: ['-c:a', 'libmp3lame'], muxer: ['-f', 'mp3'], bitrateKbps: 128, contentType: 'audio/mpeg' },
  opus: { codec: ['-c:a', 'libopus'], muxer: ['-f', 'ogg'], bitrateKbps: 48, contentType: 'audio/ogg' },
  aac: { codec: ['-c:a', 'aac'], muxer: ['-f', 'adts'], bitrateKbps: 96, contentType: 'audio/aac' },
  flac: { codec: ['-c:a', 'flac'], muxer: ['-f', 'flac'], contentType: 'audio/flac' },
};

function ffmpegOutputArgs(format: FfmpegFormat, options: FormatOptions): string[] {
  const output = FFMPEG_OUTPUT[format];
  const bitrate = options.bitrateKbps ?? output.bitrateKbps;
  return [
    ...output.codec,
    ...(bitrate ? ['-b:a', `${bitrate}k`] : []),
    ...(options.sampleRate ? ['-ar', String(options.sampleRate)] : []),
    ...output.muxer,
  ];
}

/**
 * Opus, AAC, FLAC and re-rated MP3 through ffmpeg (the same binary the voice lab decodes with): PCM goes in as it is spoken, and
 * whatever ffmpeg has written out so far goes to the client with each chunk.
 */
class FfmpegEncoder implements OutputEncoder {
  readonly contentType: string;
  readonly timeline = 'pcm';
  #process: ChildProcessByStdio<Writable, Readable, null> | null = null;
  #output: Buffer[] = [];
  #exited: Promise<number | null> | null = null;
  #inputRate: number | null = null;

  constructor(
    private readonly format: FfmpegFormat,
    private readonly options: FormatOptions,
  ) {
    this.contentType = FFMPEG_OUTPUT[format].contentType;
  }

  async encode(piece: Mp3Piece): Promise<Uint8Array> {
    const chunk = pcmOf(piece);
    if (!chunk) return EMPTY;
    const process = this.#start(chunk.sampleRate);
    const bytes = pcmBytes(chunk.samples);
    await new Promise<void>((resolve, reject) => process.stdin.write(bytes, (error) => (error ? reject(error) : resolve())));
    return this.#take();
  }

  /** Streamed MP3 has no gapless header (the output is a pipe): its encoder delay plays as silence. */
  startDelaySeconds(): number {
    const rate = this.options.sampleRate ?? this.#inputRate;
    return this.format === 'mp3' && rate ? mp3StartDelaySeconds(rate) : 0;
  }

  async finish(): Promise<Uint8Array> {
    if (!this.#process || !this.#exited) return EMPTY;
    this.#process.stdin.end();
    const code = await this.#exited;
    if (code !== 0) throw new SpeechError('ENGINE_FAILURE', `ffmpeg could not encode ${this.format} (exit code ${String(code)})`);
    return this.#take();
  }

  abort(): void {
    this.#process?.kill('SIGKILL');
  }

  #start(sampleRate: number): ChildProcessByStdio<Writable, Readable, null> {
    if (this.#process) return this.#process;
    this.#inputRate = sampleRate;
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0'];
    const child = spawn(resolveFfmpeg().path, [...args, ...ffmpegOutputArgs(this.format, this.options), 'pipe:1'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.stdout.on('data', (data: Buffer) => this.#output.push(data));
    child.stdin.on('error', () => undefined);
    this.#exited = new Promise((resolve) => {
      child.on('error', () => resolve(null));
      child.on('close', (code) => resolve(code));
    });
    this.#process = child;
    return child;
  }

  #take(): Uint8Array {
    const bytes = concat(this.#output);
    this.#output = [];
    return bytes;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
