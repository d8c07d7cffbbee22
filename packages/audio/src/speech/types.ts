import type { SpeechModel, WordTiming } from '@sound-studio/shared';
import type { NeuralVoiceRef } from './neural/formats.ts';

/** The routing engine's tag on a voice rendered upstream: which provider, and its voice id there. */
export interface UpstreamVoiceRef {
  provider: string;
  voiceId: string;
}

export type { SpeechModel };

export const MOODS = ['calm', 'excited', 'sad', 'angry', 'neutral', 'happy'] as const;
export type Mood = (typeof MOODS)[number];

/** The engine-level description of a voice; catalogue voices resolve to one of these. */
export interface VoiceSpec {
  /** Catalogue id when the spec comes from the voice library. */
  id?: string;
  /** BCP 47 language tag the voice speaks, e.g. `en-US`, `tr`. */
  language: string;
  /** eSpeak NG language voice, e.g. `en-us`, `tr`, `pt-br`. */
  espeakVoice: string;
  /** eSpeak NG voice variant (timbre), e.g. `f3`, `m2`, `grandma`. */
  variant?: string;
  /** Added to the request pitch, on the same -1..1 scale. */
  pitchOffset?: number;
  /** Multiplies the speaking rate (1 = unchanged). */
  rateFactor?: number;
  /** Voice ids of cloud providers that stand in for this voice. */
  providerVoiceIds?: { minimax?: string };
  /** An installed neural voice (Piper or Kokoro): rendered by its model, phonemized by `espeakVoice`. */
  neural?: NeuralVoiceRef;
  /** A voice of an upstream provider (SPEECH_PROVIDERS): the routing engine sends it there. */
  upstream?: UpstreamVoiceRef;
}

export interface SpeechRequest {
  text: string;
  /** A VoiceSpec, or a catalogue voice id, voice name or mood id. */
  voice: VoiceSpec | string;
  /** Language to speak in; defaults to the voice's own language. */
  language?: string;
  /** 0.5–2, 1 = normal. */
  speed: number;
  /** -1..1, 0 = the voice's own pitch. */
  pitch: number;
  /** 0–1, linear gain. */
  volume: number;
  /** Defaults to the voice's first mood for grouped voices, otherwise neutral. */
  mood?: Mood;
  model?: SpeechModel;
  /**
   * Asks for reproducible audio: the same request with the same seed gives the same samples. The local engine is
   * always reproducible (each sentence starts from the same engine state), so any seed is honoured; providers that
   * cannot promise it refuse a seed.
   */
  seed?: number;
  /** 0–1: how steady the intonation is; lower varies pitch more, 0.5 (the default) is the voice as designed. */
  stability?: number;
  /** False speaks the text as written: no expansion of numbers, abbreviations and symbols. Default true. */
  normalizeText?: boolean;
}

/** Where one sentence sits in the audio, in samples at the result's sample rate. */
export interface SentenceBoundary {
  text: string;
  startSample: number;
  endSample: number;
}

/**
 * Audio is either raw PCM (mono Float32 in -1..1) or, when a provider hands back an encoded file, the encoded bytes.
 * The local engine always returns PCM; cloud providers return what their API returns and say so.
 */
export type SpeechAudio = { format: 'pcm'; samples: Float32Array } | { format: 'mp3'; bytes: Uint8Array };

export type SpeechResult = SpeechAudio & {
  sampleRate: number;
  durationSeconds: number;
  sentences: SentenceBoundary[];
  /** Word timings from the engine's own marks, offsets into the request's text; absent when a provider gives none. */
  words?: WordTiming[];
  provider: SpeechProviderName;
  model: SpeechModel;
};

/** One piece of a streamed utterance: a sentence (with the gap after it) or an explicit pause. */
export type SpeechChunk = SpeechAudio & {
  index: number;
  kind: 'sentence' | 'pause';
  /** The sentence as written in the request; empty for pauses. */
  text: string;
  sampleRate: number;
  /** Offset of this chunk in the whole utterance. */
  startSample: number;
  /** Samples of speech at the start of the chunk; the rest is the gap before the next chunk. */
  speechSamples: number;
  durationSeconds: number;
  /** Words of this chunk, timed from the start of the whole utterance. */
  words?: WordTiming[];
};

export type SpeechProviderName = 'local' | 'minimax' | 'openai' | 'elevenlabs';

export interface SpeakOptions {
  signal?: AbortSignal;
  /**
   * Streaming only: cut the first sentence at a clause or word boundary within this many characters, so the first
   * audio is rendered (and can be sent) after a few words instead of a whole sentence; the local engine renders that
   * lead on its own before it starts on the rest. Providers may ignore it.
   */
  leadPieceMaxLength?: number;
  /**
   * Streaming only: what the caller turns the chunks into. 'mp3' (a plain MP3 at the speech's own rate and tempo):
   * upstream providers pass their MP3 through (their default) and the local engine encodes MP3 on its render threads
   * (chunks come as `mp3`, a continuous stream once concatenated). 'pcm' when the output needs samples (WAV, PCM,
   * G.711, a re-rated MP3): providers send raw PCM, so audio is decoded only when the format needs it. Absent: each
   * engine's own (providers MP3, the local engine PCM).
   */
  audio?: 'mp3' | 'pcm';
}

/** The speak interface every speech provider implements. */
export interface SpeechEngine {
  readonly provider: SpeechProviderName;
  speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult>;
  /** Yields chunks in order as soon as each is ready, so playback can start before the whole text is rendered. */
  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk>;
  /** Starts whatever the engine needs ahead of the first request (optional to call). */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export type SpeechErrorCode =
  | 'TEXT_EMPTY'
  | 'TEXT_TOO_LONG'
  | 'INVALID_SETTING'
  | 'UNKNOWN_VOICE'
  | 'UNSUPPORTED_LANGUAGE'
  | 'UNSUPPORTED_FORMAT'
  | 'ABORTED'
  | 'ENGINE_CLOSED'
  | 'ENGINE_FAILURE'
  | 'PROVIDER_AUTH'
  | 'PROVIDER_QUOTA'
  | 'PROVIDER_RATE_LIMIT'
  /** The provider's own usage limit for the account (not a rate: waiting a moment does not help). */
  | 'PROVIDER_USAGE_LIMIT'
  /** The provider's content policy refused the text or what it would have said. */
  | 'PROVIDER_REJECTED'
  /** Too much of the text is characters the provider cannot read. */
  | 'TEXT_UNREADABLE'
  /** The provider has no usable voice under this id (a cloned voice it deleted, for example). */
  | 'PROVIDER_VOICE_UNAVAILABLE'
  /** The provider refused the request's parameters (our mapping or configuration, e.g. a model it does not offer). */
  | 'PROVIDER_INVALID_REQUEST'
  /** The provider cannot be reached (connection refused, name not found) or broke the connection off. */
  | 'PROVIDER_UNAVAILABLE'
  /** The provider did not answer, or stopped sending audio, within its configured time limit. */
  | 'PROVIDER_TIMEOUT'
  /** The provider answered with a refusal: its key is wrong (401/403), it is rate limiting us (429) or failing (5xx). */
  | 'PROVIDER_REFUSED'
  | 'PROVIDER_ERROR';

export class SpeechError extends Error {
  override readonly name = 'SpeechError';
  constructor(
    readonly code: SpeechErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
