/**
 * Music from a text prompt: a composer (prompt -> plan -> multi-track arrangement -> Standard MIDI File), a renderer
 * (spessasynth_core with a General MIDI SoundFont in worker threads), mastering (BS.1770 loudness, true-peak
 * limiting), cover art, and engines behind one interface: local, or MiniMax's cloud API.
 */

// Engines.
export {
  LocalMusicEngine, validateMusicRequest, MUSIC_LIMITS,
  type MusicEngine, type MusicRequest, type MusicResult, type MusicProgress, type MusicStage, type LocalMusicEngineOptions,
} from './engine.ts';
export { createMusicEngine, type MusicEngineConfig } from './create-engine.ts';
export { MusicError, type MusicErrorCode } from './errors.ts';
export {
  MiniMaxMusicEngine, MINIMAX_MUSIC_DEFAULT_BASE_URL, MINIMAX_MUSIC_DEFAULT_MODEL, musicErrorCodeFor, type MiniMaxMusicEngineOptions,
} from '../providers/minimax-music/minimax-music-engine.ts';

// Composer.
export * from './types.ts';
export { planFromPrompt, type PlanOptions } from './plan.ts';
export { readPrompt, readBpm, readKey, type PromptReading } from './prompt.ts';
export { GENRE_WORDS, MOOD_WORDS, TEMPO_WORDS, INSTRUMENT_WORDS } from './lexicon.ts';
export { GENRE_PROFILES, programName, type GenreProfile } from './genres.ts';
export { buildForm, type FormSection } from './form.ts';
export { arrange, arrangeWithLyrics, type ArrangeResult } from './arrange/arrange.ts';
export { toMidiFile } from './midi-file.ts';
export { parseLyrics, countSyllables, splitSyllables, detectLanguage } from './lyrics.ts';
export { createRandom, hashString, newSeed, type Random } from './random.ts';
export { MODES, modeQuality, parsePitchClass, tonicName, type Mode, type ChordQuality } from './theory.ts';

// Rendering, mastering, encoding, artwork.
export { MusicRenderer, type MusicRendererOptions, type RenderOptions, type ProduceOptions } from './render/renderer.ts';
export type { ProducedTrack } from './render/protocol.ts';
export { defaultSoundFontPath, MUSIC_SAMPLE_RATE, type StereoPcm } from './render/synthesize.ts';
export { defaultRenderWorkers } from './render/renderer.ts';
export { masterTrack, MUSIC_TARGET_LUFS, MUSIC_CEILING_DBTP, type MasterOptions, type MasteredAudio } from './master/master.ts';
export { measureIntegratedLoudness } from './master/loudness.ts';
export { measureTruePeak, measureSamplePeak } from './master/true-peak.ts';
export { limitTruePeak } from './master/limiter.ts';
export { encodeStereoMp3, encodeStereoWav, MUSIC_MP3_BITRATE } from './encode.ts';
export { coverArtSvg } from './artwork.ts';
