import type { VoiceAnalysis } from '../voice-analysis/analyse.ts';
import type { EncodedAudioFiles, EncodeOptions } from './encode.ts';
import { CHUNK_POSTROLL_SAMPLES, CHUNK_PREROLL_SAMPLES, DEFAULT_ISOLATION_SETTINGS, shapedByHighPass, type IsolatedAudio, type IsolationSettings } from './pipeline.ts';
import { RNNOISE_FRAME, RNNOISE_SAMPLE_RATE } from './rnnoise.ts';
import { NOISE_PROFILE_BINS, profileFrameCount, quietestFrames } from './spectral-denoise.ts';
import type { VoiceWorkerTasks } from './worker/protocol.ts';
import { workerScript } from '../worker-script.ts';
import { defaultPoolSize, WorkerPool, WorkerPoolError } from '../workers/worker-pool.ts';

export type IsolationStage = 'resample' | 'profile' | 'denoise' | 'gate';

export interface IsolateOptions {
  /** Rate of the input samples (default 48 kHz); other rates are resampled first. */
  sampleRate?: number;
  /** Overall fraction done (0..1) and the current stage. */
  onProgress?: (fraction: number, stage: IsolationStage) => void;
  signal?: AbortSignal;
  settings?: Partial<IsolationSettings>;
}

export interface VoiceIsolatorOptions {
  /** Worker threads, each with its own RNNoise instance. Default: min(2, CPU count). */
  workers?: number;
}

/** Chunks shorter than this are not worth a second worker (each chunk also denoises a half-second pre-roll). */
const MIN_CHUNK_SECONDS = 8;
const STAGE_WEIGHTS: Readonly<Record<IsolationStage, readonly [number, number]>> = {
  resample: [0, 0.05],
  profile: [0.05, 0.12],
  denoise: [0.12, 0.97],
  gate: [0.97, 1],
};

/**
 * The voice isolator: speech separated from noise by a stationary-noise Wiener stage and RNNoise at 48 kHz, then
 * voice-activity gating, all in worker threads. Long recordings are cut into one chunk per worker (sharing memory,
 * no copies) and denoised in parallel. The same pool encodes results and analyses voices for cloning, so one
 * instance serves a whole server process; call close() on shutdown.
 */
export class VoiceIsolator {
  private readonly pool: WorkerPool<VoiceWorkerTasks, number>;

  constructor(options: VoiceIsolatorOptions = {}) {
    this.pool = new WorkerPool<VoiceWorkerTasks, number>({
      size: options.workers ?? defaultPoolSize(),
      entry: workerScript(import.meta.url, './worker/worker-entry.mjs', 'voice-worker'),
      name: 'sound-studio-voice',
      // RNNoise cannot be interrupted mid-loop, and a replacement thread starts in well under a second.
      onCancel: 'terminate',
      messages: { closed: 'The voice worker pool is closed', aborted: 'The voice job was aborted', worker: 'Voice worker' },
    });
  }

  get workers(): number {
    return this.pool.size;
  }

  /** Starts every thread and loads RNNoise in each. */
  warmUp(): Promise<void> {
    return this.pool.warmUp('warm', null);
  }

  async isolate(samples: Float32Array, options: IsolateOptions): Promise<IsolatedAudio> {
    const settings: IsolationSettings = { ...DEFAULT_ISOLATION_SETTINGS, ...options.settings };
    const report = progressReporter(options.onProgress);
    const runOptions = options.signal ? { signal: options.signal } : {};
    const input = await this.toSharedInput(samples, options.sampleRate ?? RNNOISE_SAMPLE_RATE, runOptions);
    report('resample', 1);
    const length = input.byteLength / 4;
    const chunks = chunkBounds(length, this.pool.size);
    const noiseProfile = await this.noiseProfile(input, chunks.length, settings, runOptions);
    report('profile', 1);
    const output = new SharedArrayBuffer(input.byteLength);
    const voiceProbability = new SharedArrayBuffer(Math.ceil(length / RNNOISE_FRAME) * 4);
    const done = chunks.map(() => 0);
    await Promise.all(
      chunks.map(([start, end], index) =>
        this.pool.run('denoise', { input, output, voiceProbability, start, end, noiseProfile, settings }, {
          ...runOptions,
          onProgress: (fraction) => {
            done[index] = fraction * (end - start);
            report('denoise', done.reduce((sum, value) => sum + value, 0) / Math.max(1, length));
          },
        }),
      ),
    );
    const [gate] = await Promise.all(chunks.map(([start, end]) => this.pool.run('gate', { output, voiceProbability, settings, start, end }, runOptions)));
    report('gate', 1);
    // Hand back ordinary arrays: shared memory is an implementation detail of the pool.
    return {
      samples: new Float32Array(output).slice(),
      sampleRate: RNNOISE_SAMPLE_RATE,
      durationSeconds: length / RNNOISE_SAMPLE_RATE,
      voiceProbability: new Float32Array(voiceProbability).slice(),
      speechRatio: gate?.speechRatio ?? 0,
    };
  }

  /** Encodes MP3 and/or WAV off the event loop. */
  encode(samples: Float32Array, sampleRate: number, options: EncodeOptions & { signal?: AbortSignal } = {}): Promise<EncodedAudioFiles> {
    const { signal, ...encodeOptions } = options;
    return this.pool.run('encode', { samples, sampleRate, options: encodeOptions }, signal ? { signal } : {});
  }

  /** Pitch, rate, brightness and loudness of a voice, off the event loop. */
  analyse(samples: Float32Array, sampleRate: number, signal?: AbortSignal): Promise<VoiceAnalysis> {
    return this.pool.run('analyse', { samples, sampleRate }, signal ? { signal } : {});
  }

  /** Silence trimming and loudness normalisation of a clone sample ("accent optimisation"). */
  optimiseSample(samples: Float32Array, sampleRate: number, signal?: AbortSignal): Promise<Float32Array> {
    return this.pool.run('optimise', { samples, sampleRate }, signal ? { signal } : {});
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * The recording's noise spectrum, measured once and shared: every worker measures the energies of its share of the
   * profile frames, this thread picks the quietest, and every worker sums the spectra of its share of those.
   */
  private async noiseProfile(input: SharedArrayBuffer, parts: number, settings: IsolationSettings, runOptions: { signal?: AbortSignal }): Promise<Float64Array> {
    const profileFrames = profileFrameCount(input.byteLength / 4);
    const energies = new SharedArrayBuffer(profileFrames * 8);
    await Promise.all(
      shares(profileFrames, parts).map(([firstFrame, endFrame]) => this.pool.run('profile', { input, energies, firstFrame, endFrame }, runOptions)),
    );
    const quiet = quietestFrames(new Float64Array(energies));
    const sums = new SharedArrayBuffer(parts * NOISE_PROFILE_BINS * 8);
    await Promise.all(
      shares(quiet.length, parts).map(([first, end], part) =>
        this.pool.run('noise', { input, frames: quiet.slice(first, end), count: quiet.length, sums, part }, runOptions),
      ),
    );
    const partSums = new Float64Array(sums);
    const profile = new Float64Array(NOISE_PROFILE_BINS);
    for (let part = 0; part < parts; part++) {
      for (let bin = 0; bin < NOISE_PROFILE_BINS; bin++) profile[bin] = (profile[bin] as number) + (partSums[part * NOISE_PROFILE_BINS + bin] as number);
    }
    return shapedByHighPass(profile, settings);
  }

  private async toSharedInput(samples: Float32Array, sampleRate: number, runOptions: { signal?: AbortSignal }): Promise<SharedArrayBuffer> {
    if (sampleRate === RNNOISE_SAMPLE_RATE) {
      const shared = new SharedArrayBuffer(samples.length * 4);
      new Float32Array(shared).set(samples);
      return shared;
    }
    const target = new SharedArrayBuffer(Math.round((samples.length * RNNOISE_SAMPLE_RATE) / sampleRate) * 4);
    await this.pool.run('resample', { input: samples, fromRate: sampleRate, target }, runOptions);
    return target;
  }
}

/**
 * [start, end) per worker, starts on RNNoise frame boundaries. Every chunk but the first also denoises a pre-roll and
 * every chunk but the last a post-roll, so the ends are sized to give each worker the same number of samples to process.
 */
export function chunkBounds(length: number, workers: number): Array<readonly [number, number]> {
  if (length === 0) return [];
  const count = Math.max(1, Math.min(workers, Math.floor(length / (MIN_CHUNK_SECONDS * RNNOISE_SAMPLE_RATE))));
  const processedPerChunk = (length + (count - 1) * (CHUNK_PREROLL_SAMPLES + CHUNK_POSTROLL_SAMPLES)) / count;
  const bounds: Array<readonly [number, number]> = [];
  let start = 0;
  for (let index = 1; index < count; index++) {
    // Chunk `index` ends where `index` chunks' worth of processing, less the rolls that lie outside them, has been done.
    const end = index * processedPerChunk - (index - 1) * CHUNK_PREROLL_SAMPLES - index * CHUNK_POSTROLL_SAMPLES;
    const frameEnd = Math.round(end / RNNOISE_FRAME) * RNNOISE_FRAME;
    bounds.push([start, frameEnd]);
    start = frameEnd;
  }
  bounds.push([start, length]);
  return bounds;
}

/** [first, end) of `count` items split into `parts` near-equal shares. */
function shares(count: number, parts: number): Array<readonly [number, number]> {
  return Array.from({ length: parts }, (_, part) => [Math.floor((count * part) / parts), Math.floor((count * (part + 1)) / parts)] as const);
}

function progressReporter(onProgress: IsolateOptions['onProgress']): (stage: IsolationStage, fraction: number) => void {
  let last = 0;
  return (stage, fraction) => {
    const [from, to] = STAGE_WEIGHTS[stage];
    const overall = Math.max(last, from + (to - from) * Math.min(1, fraction));
    last = overall;
    onProgress?.(overall, stage);
  };
}

let sharedIsolator: VoiceIsolator | undefined;

/** One process-wide isolator, created on first use (its idle workers never keep the process alive). */
export function defaultVoiceIsolator(): VoiceIsolator {
  sharedIsolator ??= new VoiceIsolator();
  return sharedIsolator;
}

/** Convenience: isolate with the process-wide isolator. */
export function isolateVoice(samples: Float32Array, options: IsolateOptions = {}): Promise<IsolatedAudio> {
  return defaultVoiceIsolator().isolate(samples, options);
}

export { WorkerPoolError };
export { defaultPoolSize as defaultVoiceWorkers };
