import type { EspeakInventory, EspeakSettings } from './espeak-synthesizer.ts';
import type { ShapeSettings, ShapedAudio } from './shape.ts';

/** One sentence for a worker to synthesise and shape. */
export interface RenderJob {
  text: string;
  espeak: EspeakSettings;
  shape: ShapeSettings;
}

export interface WorkerTasks {
  render: { request: RenderJob; result: ShapedAudio };
  inventory: { request: null; result: EspeakInventory };
  /** Loads the WASM instance and renders a short phrase so the first real sentence is fast. */
  warm: { request: null; result: { sampleRate: number } };
}

export type WorkerTaskName = keyof WorkerTasks;

export interface WorkerRequestMessage<Name extends WorkerTaskName = WorkerTaskName> {
  id: number;
  task: Name;
  request: WorkerTasks[Name]['request'];
}

export type WorkerReplyMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string };
