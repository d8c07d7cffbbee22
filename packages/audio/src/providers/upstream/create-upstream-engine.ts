import { ElevenLabsSpeechEngine } from './elevenlabs-engine.ts';
import { MiniMaxUpstreamEngine } from './minimax-upstream.ts';
import { OpenAiCompatibleSpeechEngine } from './openai-compatible-engine.ts';
import type { UpstreamSpeechEngine } from './routing-engine.ts';
import type { UpstreamEngineOptions, UpstreamProviderType } from './types.ts';

export type UpstreamEngineConfig = UpstreamEngineOptions & { type: UpstreamProviderType; groupId?: string };

/** The engine for one SPEECH_PROVIDERS entry. */
export function createUpstreamEngine(config: UpstreamEngineConfig): UpstreamSpeechEngine {
  switch (config.type) {
    case 'openai':
      return new OpenAiCompatibleSpeechEngine(config);
    case 'elevenlabs':
      return new ElevenLabsSpeechEngine(config);
    case 'minimax':
      return new MiniMaxUpstreamEngine(config);
  }
}
