/**
 * @sound-studio/audio/testing: local fakes of MiniMax's speech, music and voice-clone APIs for tests, driven by
 * MiniMax's documented request and reply examples (minimax-fixtures/*.json) and independent of the adapters. Not part
 * of the package's public index: production code never imports it.
 */
export { startFakeMiniMaxServer, validateSpeechRequest, type FakeMiniMaxServer, type FakeFailure, type ReceivedRequest } from './fake-minimax-speech.ts';
export {
  startFakeMiniMaxMusicServer, validateMusicGenerationRequest, type FakeMiniMaxMusicServer, type FakeMusicFailure, type ReceivedMusicRequest,
} from './fake-minimax-music.ts';
export { startFakeMiniMaxCloneServer, validateCloneRequest, type FakeMiniMaxCloneServer, type ReceivedCloneRequest } from './fake-minimax-clone.ts';
export { minimaxStatus, T2A_FIXTURE, MUSIC_FIXTURE, VOICE_CLONE_FIXTURE, ERROR_CODES_FIXTURE } from './minimax-fixtures.ts';
export { FastMusicEngine } from './fast-music-engine.ts';
export * from './tiny-neural-models.ts';
