export { createUpstreamEngine, type UpstreamEngineConfig } from './create-upstream-engine.ts';
export { ELEVENLABS_DEFAULT_BASE_URL, ELEVENLABS_DEFAULT_MODEL, ElevenLabsSpeechEngine } from './elevenlabs-engine.ts';
export { MiniMaxUpstreamEngine } from './minimax-upstream.ts';
export { OPENAI_BUILT_IN_VOICES, OPENAI_DEFAULT_BASE_URL, OpenAiCompatibleSpeechEngine } from './openai-compatible-engine.ts';
export { UpstreamRoutingSpeechEngine, type UpstreamSpeechEngine } from './routing-engine.ts';
export { UPSTREAM_PROVIDER_TYPES, type UpstreamEngineOptions, type UpstreamProviderType, type UpstreamVoice, type UpstreamVoiceRef } from './types.ts';
