import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { FILE_FAILURE_MESSAGES } from '@sound-studio/shared';
import { resample } from '../codec/resample.ts';
import { MediaError } from './errors.ts';
import { inputHeaderComplete, lastErrorLine, parseInputInfo, type FfmpegInputInfo } from './ffmpeg-info.ts';
import { resolveFfmpeg, runBounded, type BoundedRunResult, type FfmpegBinary } from './ffmpeg.ts';
import { DEMUXER_BY_CONTAINER, NEEDS_SEEKABLE_INPUT, describeUnsupported, sniffContainer, type MediaContainer } from './sniff.ts';
import { WAV_HEADER_SCAN_BYTES, isFastPathCodec, readWavLayout, wavBytesToMono, type WavLayout } from './wav-reader.ts';

/** A file on disk (preferred for large uploads: nothing is held in memory) or its bytes. */
export type MediaInput = string | Uint8Array;

export interface MediaInfo {
  container: MediaContainer;
  /** ffmpeg's codec name, e.g. `mp3`, `opus`, `aac`, `pcm_s16le`. */
  codec: string | null;
  durationSeconds: number | null;
  sampleRate: number | null;
  channels: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
  sizeBytes: number;
}

export interface DecodeLimits {
  /** Longer media is rejected with MEDIA_TOO_LONG (ffmpeg decodes at most one second more). */
  maxSeconds: number;
  /** Shorter media is rejected with MEDIA_TOO_SHORT. */
  minSeconds?: number;
  /** Larger files are rejected with MEDIA_TOO_LARGE before anything is decoded. */
  maxBytes?: number;
  /** Wall-clock limit for the decoder process (SIGKILL after it). */
  timeoutMs?: number;
  /** Address-space limit for the decoder process. */
  memoryLimitBytes?: number;
}

export interface DecodeOptions extends DecodeLimits {
  sampleRate: number;
  /** Always mono: every engine here works on one channel. */
  channels?: 1;
  signal?: AbortSignal;
  /** An ffmpeg binary to use instead of the system or npm one. */
  ffmpegPath?: string;
}

export interface DecodedMedia {
  samples: Float32Array;
  sampleRate: number;
  durationSeconds: number;
  container: MediaContainer;
  codec: string;
  /** `wav` for the in-process WAV reader, otherwise which ffmpeg decoded it. */
  decoder: 'wav' | `ffmpeg-${FfmpegBinary['source']}`;
}

export const DEFAULT_DECODE_TIMEOUT_MS = 60_000;
export const DEFAULT_DECODER_MEMORY_BYTES = 768 * 1024 * 1024;
/** Containers round durations; a file this much over the limit still passes. */
export const DURATION_TOLERANCE_SECONDS = 0.1;
const PROBE_TIMEOUT_MS = 15_000;
const ESTIMATED_DURATION = /Estimating duration from bitrate/;
/**
 * The in-process WAV reader resamples on the calling thread; beyond this length a rate change goes to ffmpeg (a
 * subprocess) so the event loop never spends more than a few tens of milliseconds on it.
 */
export const WAV_FAST_PATH_RESAMPLE_MAX_SECONDS = 30;

/** Reads what a file is without decoding it: container and codec, duration, rate, channels, video or not. */
export async function probeMedia(input: MediaInput, options: { timeoutMs?: number; maxBytes?: number; ffmpegPath?: string; signal?: AbortSignal } = {}): Promise<MediaInfo> {
  const source = await openSource(input, options.maxBytes);
  if (source.container === 'wav') {
    const layout = wavLayoutOrNull(source);
    if (layout && isFastPathCodec(layout)) return wavInfo(layout, source.sizeBytes);
  }
  const binary = resolveFfmpeg(options.ffmpegPath);
  // Probing reads to the end for Ogg and MP3 durations, so bytes always go through a seekable file.
  const result = await withFfmpegInput(source, { seekable: true }, async (inputArgs, stdin) =>
    runBounded(binary, {
      args: [...safeGlobalArgs(), '-f', DEMUXER_BY_CONTAINER[source.container], ...inputArgs],
      ...(stdin ? { stdin } : {}),
      timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS,
      maxOutputBytes: 0,
      memoryLimitBytes: DEFAULT_DECODER_MEMORY_BYTES,
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
  if (!inputHeaderComplete(result.stderr)) throw corruptError(source.container, result.stderr);
  const info = parseInputInfo(result.stderr);
  return {
    container: source.container,
    codec: info.audioCodec,
    durationSeconds: info.durationSeconds,
    sampleRate: info.sampleRate,
    channels: info.channels,
    hasAudio: info.hasAudio,
    hasVideo: info.hasVideo,
    sizeBytes: source.sizeBytes,
  };
}

/**
 * Decodes the first audio stream of an upload to mono Float32 PCM at the requested rate. The container is checked by
 * content first; WAV files with plain PCM or float samples are read in-process, everything else by a bounded ffmpeg.
 */
export async function decodeToPcm(input: MediaInput, options: DecodeOptions): Promise<DecodedMedia> {
  const source = await openSource(input, options.maxBytes);
  if (source.container === 'wav') {
    const layout = wavLayoutOrNull(source);
    if (layout && isFastPathCodec(layout) && fastPathFits(layout, options.sampleRate)) return decodeWavFastPath(source, layout, options);
  }
  return decodeWithFfmpeg(source, options);
}

interface MediaSource {
  input: MediaInput;
  container: MediaContainer;
  sizeBytes: number;
  head: Uint8Array;
}

async function openSource(input: MediaInput, maxBytes: number | undefined): Promise<MediaSource> {
  const sizeBytes = typeof input === 'string' ? (await stat(input)).size : input.length;
  if (sizeBytes === 0) throw new MediaError('EMPTY_MEDIA', FILE_FAILURE_MESSAGES.mediaEmpty);
  if (maxBytes !== undefined && sizeBytes > maxBytes) {
    throw new MediaError('MEDIA_TOO_LARGE', `The file is ${formatMegabytes(sizeBytes)}; the limit is ${formatMegabytes(maxBytes)}`, { sizeBytes, maxBytes });
  }
  const head = typeof input === 'string' ? await readRange(input, 0, WAV_HEADER_SCAN_BYTES) : input.subarray(0, WAV_HEADER_SCAN_BYTES);
  const container = sniffContainer(head);
  if (!container) {
    const kind = describeUnsupported(head);
    throw new MediaError('UNSUPPORTED_MEDIA', `This file is ${kind}, not audio or video. Upload MP3, WAV, M4A/MP4, OGG, WebM, FLAC, AAC or AIFF.`, { detected: kind });
  }
  return { input, container, sizeBytes, head };
}

async function readRange(path: string, position: number, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Unusual WAV layouts (a header past 64 KB, odd chunk order) are left to ffmpeg rather than rejected. */
function wavLayoutOrNull(source: MediaSource): WavLayout | null {
  try {
    return readWavLayout(source.head, source.sizeBytes);
  } catch {
    return null;
  }
}

function fastPathFits(layout: WavLayout, sampleRate: number): boolean {
  return layout.sampleRate === sampleRate || layout.durationSeconds <= WAV_FAST_PATH_RESAMPLE_MAX_SECONDS;
}

function wavInfo(layout: WavLayout, sizeBytes: number): MediaInfo {
  return {
    container: 'wav', codec: layout.codec, durationSeconds: layout.durationSeconds, sampleRate: layout.sampleRate,
    channels: layout.channels, hasAudio: true, hasVideo: false, sizeBytes,
  };
}

async function decodeWavFastPath(source: MediaSource, layout: WavLayout, options: DecodeOptions): Promise<DecodedMedia> {
  checkTooLong(layout.durationSeconds, options.maxSeconds);
  const bytes = typeof source.input === 'string'
    ? await readRange(source.input, layout.dataOffset, layout.dataBytes)
    : source.input.subarray(layout.dataOffset, layout.dataOffset + layout.dataBytes);
  const samples = sanitize(resample(wavBytesToMono(bytes, layout), layout.sampleRate, options.sampleRate));
  return finish({ samples, sampleRate: options.sampleRate, container: 'wav', codec: layout.codec, decoder: 'wav' }, options);
}

async function decodeWithFfmpeg(source: MediaSource, options: DecodeOptions): Promise<DecodedMedia> {
  const binary = resolveFfmpeg(options.ffmpegPath);
  const maxSamples = Math.ceil((options.maxSeconds + 1) * options.sampleRate);
  const result = await withFfmpegInput(source, { seekable: NEEDS_SEEKABLE_INPUT.has(source.container) }, (inputArgs, stdin) =>
    runBounded(binary, {
      args: decodeArgs(source.container, inputArgs, options),
      ...(stdin ? { stdin } : {}),
      timeoutMs: options.timeoutMs ?? DEFAULT_DECODE_TIMEOUT_MS,
      maxOutputBytes: maxSamples * 4,
      memoryLimitBytes: options.memoryLimitBytes ?? DEFAULT_DECODER_MEMORY_BYTES,
      ...(options.signal ? { signal: options.signal } : {}),
      // The container's own duration lets an over-long file be refused before it is decoded; a duration ffmpeg only
      // estimated from the bitrate (VBR MP3 without a Xing header) is not trusted, the decoded length decides.
      inspectStderr: (stderr) => {
        const duration = parseInputInfo(stderr).durationSeconds;
        if (duration === null || ESTIMATED_DURATION.test(stderr)) return undefined;
        return duration > options.maxSeconds + DURATION_TOLERANCE_SECONDS ? tooLongError(duration, options.maxSeconds) : undefined;
      },
    }),
  );
  const info = parseInputInfo(result.stderr);
  checkFfmpegFailure(result, info, source.container);
  const samples = sanitize(float32FromBytes(result.stdout));
  if (samples.length === 0) throw new MediaError('CORRUPT_MEDIA', FILE_FAILURE_MESSAGES.mediaNothingDecoded, { container: source.container });
  const decodedSeconds = samples.length / options.sampleRate;
  if (decodedSeconds > options.maxSeconds + DURATION_TOLERANCE_SECONDS) throw tooLongError(info.durationSeconds, options.maxSeconds, decodedSeconds);
  return finish(
    { samples, sampleRate: options.sampleRate, container: source.container, codec: info.audioCodec ?? 'unknown', decoder: `ffmpeg-${binary.source}` },
    options,
  );
}

/**
 * Global options first: no stdin interaction, no banner, only local files and pipes (no network or nested protocols),
 * one thread, a per-allocation cap. The sniffed container forces the demuxer, then only the first audio stream is
 * decoded, downmixed and resampled, and written as raw float for at most maxSeconds + 1 seconds.
 */
function decodeArgs(container: MediaContainer, inputArgs: string[], options: DecodeOptions): string[] {
  return [
    ...safeGlobalArgs(),
    '-f', DEMUXER_BY_CONTAINER[container],
    ...inputArgs,
    '-map', '0:a:0', '-vn', '-sn', '-dn',
    '-ac', '1', '-ar', String(options.sampleRate),
    '-t', String(options.maxSeconds + 1),
    '-f', 'f32le', 'pipe:1',
  ];
}

function safeGlobalArgs(): string[] {
  return ['-nostdin', '-hide_banner', '-nostats', '-v', 'info', '-threads', '1', '-max_alloc', String(256 * 1024 * 1024), '-protocol_whitelist', 'file,pipe'];
}

/**
 * Gives ffmpeg the input: a path as an explicit `file:` URL (a name can never be read as another protocol or an
 * option), bytes through stdin, or, when ffmpeg must seek (MP4-family bytes whose index may sit at the end, probes),
 * a private temporary file.
 */
async function withFfmpegInput<T>(source: MediaSource, options: { seekable: boolean }, run: (inputArgs: string[], stdin?: Uint8Array) => Promise<T>): Promise<T> {
  if (typeof source.input === 'string') return run(['-i', `file:${resolvePath(source.input)}`]);
  if (!options.seekable) return run(['-i', 'pipe:0'], source.input);
  const directory = await mkdtemp(join(tmpdir(), 'sound-studio-decode-'));
  try {
    const path = join(directory, 'input');
    await writeFile(path, source.input, { mode: 0o600 });
    return await run(['-i', `file:${path}`]);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function checkFfmpegFailure(result: BoundedRunResult, info: FfmpegInputInfo, container: MediaContainer): void {
  const { stderr } = result;
  if (/matches no streams|does not contain any stream/.test(stderr) || (inputHeaderComplete(stderr) && !info.hasAudio)) {
    throw new MediaError('NO_AUDIO_STREAM', info.hasVideo ? FILE_FAILURE_MESSAGES.videoNoAudioTrack : FILE_FAILURE_MESSAGES.mediaNoAudioStream, { container, hasVideo: info.hasVideo });
  }
  if (/Cannot allocate memory|failed to map segment|out of memory/i.test(stderr)) {
    throw new MediaError('DECODE_MEMORY_LIMIT', FILE_FAILURE_MESSAGES.decodeMemoryLimit, { container });
  }
  if (result.signal && !result.outputCapped) {
    throw new MediaError('CORRUPT_MEDIA', `The decoder crashed on this ${container.toUpperCase()} file`, { container, signal: result.signal });
  }
  if (result.exitCode !== 0 && !result.outputCapped) throw corruptError(container, stderr);
}

function corruptError(container: MediaContainer, stderr: string): MediaError {
  return new MediaError('CORRUPT_MEDIA', `The file looks like ${container.toUpperCase()} but could not be decoded`, { container, decoderMessage: lastErrorLine(stderr) });
}

function finish(decoded: Omit<DecodedMedia, 'durationSeconds'>, options: DecodeOptions): DecodedMedia {
  const durationSeconds = decoded.samples.length / decoded.sampleRate;
  checkTooLong(durationSeconds, options.maxSeconds);
  if (options.minSeconds !== undefined && durationSeconds < options.minSeconds) {
    throw new MediaError('MEDIA_TOO_SHORT', `The audio is ${durationSeconds.toFixed(1)} s long; it must be at least ${options.minSeconds} s`, {
      durationSeconds,
      minSeconds: options.minSeconds,
    });
  }
  return { ...decoded, durationSeconds };
}

function checkTooLong(durationSeconds: number, maxSeconds: number): void {
  if (durationSeconds > maxSeconds + DURATION_TOLERANCE_SECONDS) throw tooLongError(durationSeconds, maxSeconds);
}

/** `durationSeconds` is the real length when the container states it; otherwise only a lower bound is known. */
function tooLongError(durationSeconds: number | null, maxSeconds: number, atLeastSeconds?: number): MediaError {
  const length = durationSeconds !== null ? `${durationSeconds.toFixed(1)} s long` : `longer than ${Math.floor(atLeastSeconds ?? maxSeconds)} s`;
  return new MediaError('MEDIA_TOO_LONG', `The audio is ${length}; the limit is ${maxSeconds} s`, {
    durationSeconds,
    maxSeconds,
    ...(atLeastSeconds !== undefined ? { atLeastSeconds } : {}),
  });
}

/** Raw little-endian float bytes to samples, copied so the array owns aligned memory. */
function float32FromBytes(bytes: Uint8Array): Float32Array {
  const samples = new Float32Array(Math.floor(bytes.length / 4));
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 4));
  return samples;
}

/** Float sources can carry NaN or infinities; engines downstream must never see them. */
function sanitize(samples: Float32Array): Float32Array {
  for (let index = 0; index < samples.length; index++) if (!Number.isFinite(samples[index])) samples[index] = 0;
  return samples;
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
