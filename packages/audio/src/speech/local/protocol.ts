import type { Mp3GroupJob } from '../mp3-groups.ts';
import type { SentenceWord } from '../sentence-word.ts';
import type { EspeakInventory, EspeakSettings } from './espeak-synthesizer.ts';
import type { ShapeSettings, ShapedAudio } from './shape.ts';

/** One sentence for a worker to synthesise and shape. */
export interface RenderJob {
  text: string;
  espeak: EspeakSettings;
  shape: ShapeSettings;
}

export type RenderedSentence = ShapedAudio & { words: SentenceWord[] };

export interface WorkerTasks {
  render: { request: RenderJob; result: RenderedSentence };
  /** Renders and encodes a group, reporting each segment as progress. */
  renderMp3: { request: Mp3GroupJob<RenderJob>; result: null };
  inventory: { request: null; result: EspeakInventory };
  /** Loads the WASM instance and renders a short phrase so the first real sentence is fast. */
  warm: { request: null; result: { sampleRate: number } };
}
