import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { pcmBytes, resample, resolveFfmpeg, SpeechError, streamingWavHeader, type SpeechChunk } from '@sound-studio/audio';
import type { Mp3Piece } from '../../../lib/speech/mp3-pieces.ts';

export const OPENAI_AUDIO_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type OpenAiAudioFormat = (typeof OPENAI_AUDIO_FORMATS)[number];

/** What the client receives, in a given format, from the MP3 pieces the history copy is made of. */
export interface OutputEncoder {
  readonly contentType: string;
  /** Bytes to send for this piece (may be empty). */
  encode(piece: Mp3Piece): Promise<Uint8Array>;
  /** Whatever is left once the speech has ended. */
  finish(): Promise<Uint8Array>;
  /** Stops any helper process (the client left or the engine failed). */
  abort(): void;
}

export interface FormatOptions {
  /** Raw PCM sample rate: OpenAI's `pcm` is 24 kHz; ElevenLabs' `pcm_22050` etc. name theirs. */
  pcmSampleRate?: number;
}

/** OpenAI's raw `pcm`: 24 kHz, 16-bit signed little-endian, mono. */
export const OPENAI_PCM_SAMPLE_RATE = 24_000;

const EMPTY = new Uint8Array(0);

export function createOutputEncoder(format: OpenAiAudioFormat, options: FormatOptions = {}): OutputEncoder {
  switch (format) {
    case 'mp3':
      return mp3Passthrough();
    case 'wav':
      return wavEncoder();
    case 'pcm':
      return pcmEncoder(options.pcmSampleRate ?? OPENAI_PCM_SAMPLE_RATE);
    default:
      return new FfmpegEncoder(format);
  }
}

/** The history copy is MP3 already: the client gets the very same bytes. */
function mp3Passthrough(): OutputEncoder {
  return { contentType: 'audio/mpeg', encode: async (piece) => piece.bytes, finish: async () => EMPTY, abort: () => undefined };
}

/** The PCM of a finished speech chunk, or nothing while a chunk is still being encoded. */
function pcmOf(piece: Mp3Piece): SpeechChunk & { format: 'pcm' } | null {
  const chunk = piece.completes;
  if (!chunk) return null;
  if (chunk.format !== 'pcm') throw new SpeechError('UNSUPPORTED_FORMAT', 'This speech provider returns MP3 only; ask for response_format mp3');
  return chunk;
}

function wavEncoder(): OutputEncoder {
  let headerSent = false;
  return {
    contentType: 'audio/wav',
    encode: async (piece) => {
      const chunk = pcmOf(piece);
      if (!chunk) return EMPTY;
      const body = pcmBytes(chunk.samples);
      if (headerSent) return body;
      headerSent = true;
      return concat([streamingWavHeader(chunk.sampleRate), body]);
    },
    finish: async () => EMPTY,
    abort: () => undefined,
  };
}

function pcmEncoder(sampleRate: number): OutputEncoder {
  return {
    contentType: 'audio/pcm',
    encode: async (piece) => {
      const chunk = pcmOf(piece);
      return chunk ? pcmBytes(resample(chunk.samples, chunk.sampleRate, sampleRate)) : EMPTY;
    },
    finish: async () => EMPTY,
    abort: () => undefined,
  };
}

const FFMPEG_OUTPUT: Record<'opus' | 'aac' | 'flac', { args: string[]; contentType: string }> = {
  opus: { args: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'], contentType: 'audio/ogg' },
  aac: { args: ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts'], contentType: 'audio/aac' },
  flac: { args: ['-c:a', 'flac', '-f', 'flac'], contentType: 'audio/flac' },
};

/**
 * Opus, AAC and FLAC through ffmpeg (the same binary the voice lab decodes with): PCM goes in as it is spoken, and
 * whatever ffmpeg has written out so far goes to the client with each chunk.
 */
class FfmpegEncoder implements OutputEncoder {
  readonly contentType: string;
  #process: ChildProcessByStdio<Writable, Readable, null> | null = null;
  #output: Buffer[] = [];
  #exited: Promise<number | null> | null = null;

  constructor(private readonly format: 'opus' | 'aac' | 'flac') {
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
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0'];
    const child = spawn(resolveFfmpeg().path, [...args, ...FFMPEG_OUTPUT[this.format].args, 'pipe:1'], {
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
