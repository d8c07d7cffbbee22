import { DEFAULT_SPEECH_MODEL, SPEECH_MODELS, type SpeechModel } from '@sound-studio/shared';
import { SpeechError } from './types.ts';

/** What a model id means for the local eSpeak engine. */
export interface LocalModelConfig {
  /** Sample rate of the returned audio (eSpeak renders at 22,050 Hz; other rates are resampled). */
  outputSampleRate: number;
  /** Scales the pitch range: below 1 smooths intonation, above 1 makes it livelier. */
  intonationScale: number;
  /** Low-pass cut-off that softens eSpeak's buzzy top end; null leaves the raw timbre. */
  lowPassHz: number | null;
  /** Silence after a sentence and after a clause split out of a long sentence, at speed 1. */
  sentenceGapMs: number;
  clauseGapMs: number;
  /** Fade at each sentence's edges so cuts never click. */
  edgeFadeMs: number;
}

export const LOCAL_MODEL_CONFIGS: Readonly<Record<SpeechModel, LocalModelConfig>> = {
  'speech-2.5-hd-preview': {
    outputSampleRate: 24_000,
    intonationScale: 1.15,
    lowPassHz: 8_500,
    sentenceGapMs: 320,
    clauseGapMs: 160,
    edgeFadeMs: 6,
  },
  'speech-1.5-hd-preview': {
    outputSampleRate: 22_050,
    intonationScale: 0.85,
    lowPassHz: null,
    sentenceGapMs: 260,
    clauseGapMs: 130,
    edgeFadeMs: 3,
  },
};

export function resolveModel(model: string | undefined): SpeechModel {
  if (model === undefined) return DEFAULT_SPEECH_MODEL;
  if ((SPEECH_MODELS as readonly string[]).includes(model)) return model as SpeechModel;
  throw new SpeechError('INVALID_SETTING', `Unknown speech model "${model}"`, { model, allowed: SPEECH_MODELS });
}
