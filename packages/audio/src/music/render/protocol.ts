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

/** The helper loads the same sound bank as its render thread. */
export type HelperWorkerData = RenderWorkerData;

/** Which of spessasynth's send effects a captured input belongs to. */
export type SendEffect = 'reverb' | 'chorus' | 'delay';

/**
 * A split render's shared memory. The render thread writes the dry mix of its voices into `left` and `right` (the
 * whole song) and each block's effect inputs into `sends`, a ring of chunks; the helper then adds its own voices and
 * the effects of all of them to `left` and `right` in place. `counters` hold the chunks rendered [0] and the chunks
 * finished [1] (which frees their ring slots), set with Atomics so each side sees the other's writes.
 */
export interface SharedMix {
  left: Float32Array;
  right: Float32Array;
  /** Frames per chunk (a multiple of the block size) and chunks in the ring. */
  chunkFrames: number;
  slots: number;
  sends: Record<SendEffect, Float32Array>;
  /** 1 for each block (of each ring slot) in which the synthesiser ran its delay effect. */
  delayBlocks: Uint8Array;
  counters: Int32Array;
}

/** The song a split render plays: the helper synthesises the notes of `units` (see voice-split.ts). */
export interface SplitSong {
  midi: Uint8Array;
  units: number[];
}

/** A chunk of the shared mix is rendered by the render thread: the helper may add its voices and the effects. */
export interface ChunkReady {
  index: number;
  start: number;
  frames: number;
}

export type Mp3Bitrate = ProduceRequest['mp3Bitrate'];

/** Render thread → its helper: a song to share chunk by chunk, one channel's true-peak envelope, a part of an MP3. */
export type HelperRequest =
  | { type: 'warm' }
  | { type: 'start'; mix: SharedMix; sampleRate: number; song: SplitSong }
  | { type: 'chunk'; chunk: ChunkReady }
  | { type: 'finish' }
  | { type: 'encode'; left: Float32Array; right: Float32Array; sampleRate: number; bitrate: Mp3Bitrate }
  /** truePeakEnvelope([channel], threshold) into `out` (shared); `status[0]` becomes ENVELOPE_DONE or ENVELOPE_FAILED. */
  | { type: 'envelope'; channel: Float32Array; threshold: number; out: Float32Array; status: Int32Array };

/** Values of an envelope request's status, which the render thread waits on (Atomics) while it does its own part. */
export const ENVELOPE_PENDING = 0;
export const ENVELOPE_DONE = 1;
export const ENVELOPE_FAILED = 2;

/** Helper → render thread: the answer to `warm`, `finish` or `encode` (`envelope` answers through its status). */
export type HelperReply =
  | { type: 'ready' }
  | { type: 'mixed' }
  | { type: 'encoded'; mp3: Uint8Array }
  | { type: 'failed'; message: string };
