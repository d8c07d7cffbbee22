import type { MasterOptions } from '../master/master.ts';

export interface RenderRequest {
  midi: Uint8Array;
  durationSeconds: number;
  sampleRate: number;
}

export interface ProduceRequest extends RenderRequest {
  master: Omit<MasterOptions, 'sampleRate' | 'durationSeconds'>;
  mp3Bitrate: 128 | 160 | 192 | 224 | 256 | 320;
  /** Encode MP3 (the product); off for analysis-only renders. */
  mp3: boolean;
  wav: boolean;
  /** Return the mastered Float32 PCM too. */
  pcm: boolean;
}

export interface ProducedTrack {
  /** Empty when MP3 was not asked for. */
  mp3: Uint8Array;
  wav?: Uint8Array;
  pcm?: { left: Float32Array; right: Float32Array; sampleRate: number };
  loudnessLufs: number;
  truePeakDbtp: number;
  /** Milliseconds spent in each stage inside the worker. */
  timings: { renderMs: number; masterMs: number; encodeMs: number };
}

export interface RenderTasks {
  warm: { request: null; result: { soundFont: string; loadMs: number } };
  render: { request: RenderRequest; result: { left: Float32Array; right: Float32Array; sampleRate: number } };
  produce: { request: ProduceRequest; result: ProducedTrack };
}

export type RenderStage = 'render' | 'master' | 'encode';

/** A render thread's progress message: how far the current stage is. */
export interface RenderProgress {
  stage: RenderStage;
  fraction: number;
}

export interface RenderWorkerData {
  soundFontPath: string;
}
