import type { IsolatedAudio } from '../isolate/pipeline.ts';
import type { Mood, VoiceSpec } from '../speech/types.ts';
import type { VoiceAnalysis } from '../voice-analysis/analyse.ts';
import type { VoiceMatch } from '../voice-analysis/match.ts';

export type VoiceCloneProviderName = 'local' | 'minimax';

/** One decoded sample (see `decodeCloneSample`). */
export interface CloneSample {
  samples: Float32Array;
  sampleRate: number;
  /** The upload's name, for messages. */
  name?: string;
}

export interface VoiceCloneRequest {
  /** Id the cloned voice is stored and spoken under (MiniMax rules: 8–256 characters, starts with a letter). */
  voiceId: string;
  samples: readonly CloneSample[];
  /** BCP 47 language the voice will mostly speak. */
  language: string;
  /** Run the isolator's pipeline over each sample first. */
  removeNoise?: boolean;
  /** Loudness normalisation and silence trimming ("accent optimisation"). */
  optimizeAccent?: boolean;
  /** When given, the provider renders this text with the new voice as a preview. */
  previewText?: string;
  /**
   * The voice id belongs to this piece of work alone (a job's own id): if the provider already has it, an earlier
   * attempt of the same work made it, so it counts as cloned instead of failing as taken forever.
   */
  ownsVoiceId?: boolean;
  signal?: AbortSignal;
}

export type ClonePreview =
  | { kind: 'pcm'; samples: Float32Array; sampleRate: number }
  /** A cloud provider's own rendering, stored as it is. */
  | { kind: 'mp3'; bytes: Uint8Array; sampleRate: number; durationSeconds: number };

export interface ClonedVoice {
  provider: VoiceCloneProviderName;
  voiceId: string;
  /** Speak with this spec: the local engine uses its eSpeak settings, MiniMax its `providerVoiceIds.minimax`. */
  voice: VoiceSpec;
  /** The mood to speak in by default (the local match picks the one whose intonation range fits). */
  mood: Mood;
  /** Combined analysis of the prepared samples (local provider). */
  analysis?: VoiceAnalysis;
  /** Calibration result and errors of the local match. */
  match?: VoiceMatch;
  preview?: ClonePreview;
  /** Plain statement of what kind of clone this is, for the UI. */
  note: string;
}

/** One interface for every clone engine: the local matcher and cloud providers. */
export interface VoiceCloneProvider {
  readonly provider: VoiceCloneProviderName;
  clone(request: VoiceCloneRequest): Promise<ClonedVoice>;
}

export type { IsolatedAudio };
