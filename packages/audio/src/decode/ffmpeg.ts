import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MediaError } from './errors.ts';

export interface FfmpegBinary {
  path: string;
  /** `system` is the machine's own (current parsers); `npm` is @ffmpeg-installer's static 2018 build. */
  source: 'system' | 'npm' | 'configured';
  version: string;
}

/** Where package managers put ffmpeg when PATH does not name the folder (a service started with a short PATH). */
const WELL_KNOWN_DIRS = ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'];
let resolved: FfmpegBinary | null | undefined;
const configured = new Map<string, FfmpegBinary | null>();

/**
 * The decoder to use: an explicitly configured binary (SOUND_STUDIO_FFMPEG or FFMPEG_PATH), else the first system
 * `ffmpeg` that actually runs (PATH, then the usual folders: a half-installed package can exist but fail to load its
 * libraries), else the npm-shipped one. The npm build is from 2018: its parsers have known holes, so uploads meet it
 * only when the machine has no ffmpeg of its own, and a warning says so. Checked once per process.
 */
export function resolveFfmpeg(configuredPath = process.env.SOUND_STUDIO_FFMPEG || process.env.FFMPEG_PATH): FfmpegBinary {
  if (configuredPath) {
    if (!configured.has(configuredPath)) configured.set(configuredPath, probeBinary(configuredPath, 'configured'));
    return configured.get(configuredPath) ?? unavailable(configuredPath);
  }
  if (resolved === undefined) {
    resolved = findFfmpeg(process.env.PATH);
    if (resolved?.source === 'npm') {
      process.emitWarning(
        'No system ffmpeg found: uploads are decoded with the npm-shipped 2018 build. Install ffmpeg ' +
          '(apt-get install ffmpeg, brew install ffmpeg) or set FFMPEG_PATH.',
      );
    }
  }
  return resolved ?? unavailable('ffmpeg on PATH or @ffmpeg-installer/ffmpeg');
}

/** The first working system ffmpeg on `pathVariable` or in the usual folders, else the npm-shipped one (uncached). */
export function findFfmpeg(pathVariable: string | undefined): FfmpegBinary | null {
  for (const candidate of systemFfmpegCandidates(pathVariable)) {
    const binary = probeBinary(candidate, 'system');
    if (binary) return binary;
  }
  return probeBinary(npmFfmpegPath(), 'npm');
}

function systemFfmpegCandidates(pathVariable: string | undefined): string[] {
  const dirs = (pathVariable ?? '').split(path.delimiter).filter((dir) => path.isAbsolute(dir));
  return [...new Set([...dirs, ...WELL_KNOWN_DIRS].map((dir) => path.join(dir, 'ffmpeg')))];
}

function npmFfmpegPath(): string {
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof installer.path === 'string' ? installer.path : '';
  } catch {
    return '';
  }
}

function probeBinary(binaryPath: string, source: FfmpegBinary['source']): FfmpegBinary | null {
  if (!binaryPath || !existsSync(binaryPath)) return null;
  const result = spawnSync(binaryPath, ['-hide_banner', '-version'], { timeout: 5000, encoding: 'utf8' });
  if (result.status !== 0) return null;
  const version = /ffmpeg version (\S+)/.exec(result.stdout)?.[1] ?? 'unknown';
  return { path: binaryPath, source, version };
}

function unavailable(where: string): never {
  throw new MediaError('DECODER_UNAVAILABLE', `No working ffmpeg found (${where})`);
}

export interface BoundedRunOptions {
  args: string[];
  /** Written to the process's stdin, which is then closed; omit to give it no input. */
  stdin?: Uint8Array;
  timeoutMs: number;
  /** Standard output beyond this many bytes kills the process (the caller already bounds it with `-t`). */
  maxOutputBytes: number;
  /** Address-space limit for the process (`ulimit -v`), so a hostile file cannot exhaust the machine's memory. */
  memoryLimitBytes: number;
  signal?: AbortSignal;
  /** Sees standard error as it arrives; returning a MediaError kills the process and rejects with it. */
  inspectStderr?: (stderrSoFar: string) => MediaError | undefined;
}

export interface BoundedRunResult {
  stdout: Uint8Array;
  stderr: string;
  exitCode: number | null;
  /** The signal that ended the process when it crashed (a SIGKILL from our own limits is reported as an error instead). */
  signal: NodeJS.Signals | null;
  /** Set when the process was killed because its output passed maxOutputBytes. */
  outputCapped: boolean;
}

/** Standard error kept for parsing; ffmpeg's header lines come first, so the start is what matters. */
const MAX_STDERR_CHARS = 64 * 1024;

/**
 * Runs ffmpeg as a bounded subprocess: address space capped through the shell's ulimit (exec'd, so the pid is
 * ffmpeg's own), a wall-clock timeout enforced with SIGKILL, output collected up to a byte cap.
 */
export function runBounded(binary: FfmpegBinary, options: BoundedRunOptions): Promise<BoundedRunResult> {
  const memoryKb = String(Math.ceil(options.memoryLimitBytes / 1024));
  // "$0" is the limit and "$@" the command: no argument is ever parsed by the shell.
  const child = spawn('/bin/sh', ['-c', 'ulimit -v "$0" && exec "$@"', memoryKb, binary.path, ...options.args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let outputCapped = false;
    let stderr = '';
    let failure: MediaError | undefined;
    const kill = (reason?: MediaError): void => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(timeoutError(options.timeoutMs)), options.timeoutMs);
    const onAbort = (): void => kill(new MediaError('ABORTED', 'Decoding was aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    child.stdout.on('data', (chunk: Buffer) => {
      if (outputCapped) return;
      outputBytes += chunk.length;
      if (outputBytes > options.maxOutputBytes) {
        outputCapped = true;
        kill();
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += text.slice(0, MAX_STDERR_CHARS - stderr.length);
      const verdict = options.inspectStderr?.(stderr);
      if (verdict) kill(verdict);
    });
    // ffmpeg stops reading once it has what it needs (-t reached, header probed): a closed pipe is expected.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ? Buffer.from(options.stdin.buffer, options.stdin.byteOffset, options.stdin.byteLength) : undefined);

    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new MediaError('DECODER_UNAVAILABLE', `Could not start ffmpeg: ${error.message}`, { path: binary.path }));
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      resolve({ stdout: concatBuffers(chunks, Math.min(outputBytes, options.maxOutputBytes)), stderr, exitCode, signal, outputCapped });
    });
  });
}

function concatBuffers(chunks: Buffer[], length: number): Uint8Array {
  const result = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    result.set(chunk.subarray(0, length - offset), offset);
    offset += Math.min(chunk.length, length - offset);
  }
  return result;
}

function timeoutError(timeoutMs: number): MediaError {
  return new MediaError('DECODE_TIMEOUT', `Decoding took longer than ${timeoutMs} ms and was stopped`, { timeoutMs });
}
