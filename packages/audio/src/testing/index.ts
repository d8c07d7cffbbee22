/**
 * @sound-studio/audio/testing: local fakes of MiniMax's speech, music and voice-clone APIs for tests, driven by
 * MiniMax's documented request and reply examples (minimax-fixtures/*.json) and independent of the adapters; a fake
 * ElevenLabs from its documented examples (elevenlabs-fixtures/*.json) and a Kokoro-FastAPI-shaped OpenAI-compatible
 * speech server. Not part of the package's public index: production code never imports it.
 */
export { startFakeMiniMaxServer, validateSpeechRequest, type FakeMiniMaxServer, type FakeFailure, type ReceivedRequest } from './fake-minimax-speech.ts';
export {
  startFakeMiniMaxMusicServer, validateMusicGenerationRequest, type FakeMiniMaxMusicServer, type FakeMusicFailure, type ReceivedMusicRequest,
} from './fake-minimax-music.ts';
export { startFakeMiniMaxCloneServer, validateCloneRequest, type FakeMiniMaxCloneServer, type ReceivedCloneRequest } from './fake-minimax-clone.ts';
export { minimaxStatus, T2A_FIXTURE, MUSIC_FIXTURE, VOICE_CLONE_FIXTURE, ERROR_CODES_FIXTURE } from './minimax-fixtures.ts';
export { FastMusicEngine } from './fast-music-engine.ts';
export * from './tiny-neural-models.ts';
export {
  startFakeElevenLabsServer, ELEVENLABS_VOICES_FIXTURE, ELEVENLABS_ERRORS_FIXTURE, type FakeElevenLabsServer, type ReceivedElevenLabsRequest,
} from './fake-elevenlabs.ts';
export { startFakeOpenAiSpeechServer, type FakeOpenAiSpeechServer, type FakeOpenAiBehaviour } from './fake-openai-speech.ts';
export { FULL_TESTS, FULL_TIER_TITLE } from './tiers.ts';
