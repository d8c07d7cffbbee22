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

/** A group of segments for one thread to render and encode as one MP3 (see mp3-groups.ts). */
export interface Mp3GroupJob {
  segments: Array<{ kind: 'sentence'; job: RenderJob } | { kind: 'pause'; seconds: number }>;
  sampleRate: number;
  /** Cut or extend the group's closing silence so it ends on a whole frame (every group but the stream's last). */
  fitToFrames: boolean;
}

/** One segment of an MP3 group, sent as soon as it is encoded. */
export interface EncodedSegment {
  /** Its place in the group. */
  position: number;
  /** The MP3 bytes the encoder gave for it (the group's last segment also carries the flush). */
  mp3: Uint8Array;
  /** Its length in the decoded stream: as rendered, or as fitted and encoded for the group's last segment. */
  length: number;
  speechSamples: number;
  words: SentenceWord[];
}

export interface WorkerTasks {
  render: { request: RenderJob; result: RenderedSentence };
  /** Renders and encodes a group, reporting each segment as progress. */
  renderMp3: { request: Mp3GroupJob; result: null };
  inventory: { request: null; result: EspeakInventory };
  /** Loads the WASM instance and renders a short phrase so the first real sentence is fast. */
  warm: { request: null; result: { sampleRate: number } };
}
