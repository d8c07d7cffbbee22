import type { VoiceGender } from '../../voices/types.ts';

export const UPSTREAM_PROVIDER_TYPES = ['openai', 'elevenlabs', 'minimax'] as const;
export type UpstreamProviderType = (typeof UPSTREAM_PROVIDER_TYPES)[number];

/** One voice of an upstream, as its listing (or the operator's `voices` list) describes it. */
export interface UpstreamVoice {
  /** The provider's own voice id, sent back to it unchanged. */
  id: string;
  name: string;
  gender?: VoiceGender;
  /** BCP 47 tag, when the listing says. */
  language?: string;
  description?: string;
}

/** What every upstream engine is built from (the server validates it from SPEECH_PROVIDERS). */
export interface UpstreamEngineOptions {
  /** The configured name: the library shows it, ids carry it, messages name it. */
  name: string;
  apiKey: string;
  baseUrl?: string;
  /** The provider's model id (OpenAI `model`, ElevenLabs `model_id`, MiniMax `model`). */
  model?: string;
  /** Time limit for an answer and for each pause in a streamed one. */
  timeoutMs: number;
  /** The operator's list: used instead of the provider's listing (and where a server has none). */
  voices?: readonly UpstreamVoice[];
}

// Declared beside VoiceSpec, which carries it (here it would close an import cycle through voices/types.ts).
export type { UpstreamVoiceRef } from '../../speech/types.ts';
