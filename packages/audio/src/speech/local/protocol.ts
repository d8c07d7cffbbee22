import type { EspeakInventory, EspeakSettings } from './espeak-synthesizer.ts';
import type { ShapeSettings, ShapedAudio } from './shape.ts';

/** One sentence for a worker to synthesise and shape. */
export interface RenderJob {
  text: string;
  espeak: EspeakSettings;
  shape: ShapeSettings;
}

/** A word of the sentence's spoken text, placed in the shaped audio (seconds from the sentence's first sample). */
export interface SentenceWord {
  spokenStart: number;
  spokenEnd: number;
  start: number;
  end: number;
}

export type RenderedSentence = ShapedAudio & { words: SentenceWord[] };

export interface WorkerTasks {
  render: { request: RenderJob; result: RenderedSentence };
  inventory: { request: null; result: EspeakInventory };
  /** Loads the WASM instance and renders a short phrase so the first real sentence is fast. */
  warm: { request: null; result: { sampleRate: number } };
}
