import type { RenderedSentence } from '../local/protocol.ts';
import type { Mp3GroupJob } from '../mp3-groups.ts';
import type { NeuralVoiceRef } from './formats.ts';

/** One sentence for a neural worker: phonemize, run the model, then shape like the eSpeak engine does. */
export interface NeuralRenderJob {
  voice: NeuralVoiceRef;
  /** eSpeak NG voice that phonemizes the text (the model's own unless the request speaks another language). */
  espeakVoice: string;
  text: string;
  /** Speaking rate (request speed x mood x voice); Piper divides its length scale by it, Kokoro takes it as `speed`. */
  rate: number;
  /** Pitch multiplier (1 = the model's own): rendered slower by this factor, then resampled back to time. */
  pitchFactor: number;
  /** Linear gain after loudness normalisation. */
  gain: number;
  edgeFadeMs: number;
  trailingSilenceSeconds: number;
}

export interface NeuralWorkerTasks {
  render: { request: NeuralRenderJob; result: RenderedSentence };
  /** Renders and encodes a group as one MP3, reporting each segment as progress (see mp3-groups.ts). */
  renderMp3: { request: Mp3GroupJob<NeuralRenderJob>; result: null };
  /** Loads eSpeak NG (and, given a voice, its model) so the first sentence is fast. */
  warm: { request: { voice?: NeuralVoiceRef }; result: null };
}
