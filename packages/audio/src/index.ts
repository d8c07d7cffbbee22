/**
 * @sound-studio/audio: audio engines behind small interfaces. Node-only; the voice library alone is also available,
 * browser-safe, from `@sound-studio/audio/voices`.
 */

// Speech: one interface, a local eSpeak NG engine and a MiniMax cloud adapter.
export * from './speech/types.ts';
export { createSpeechEngine, type SpeechEngineConfig } from './speech/create-engine.ts';
export { LocalSpeechEngine, defaultWorkerCount, type LocalSpeechEngineOptions } from './speech/local/local-engine.ts';
export type { EspeakInventory } from './speech/local/espeak-synthesizer.ts';
export { NeuralSpeechEngine, type NeuralSpeechEngineOptions } from './speech/neural/neural-engine.ts';
export { NeuralRoutingSpeechEngine, isNeuralVoice } from './speech/neural/routing-engine.ts';
export * from './speech/neural/formats.ts';
export { readNpz, type NpyArray } from './speech/neural/npz.ts';
export * from './speech/neural/model-folder.ts';
export { LOCAL_MODEL_CONFIGS, resolveModel, type LocalModelConfig } from './speech/models.ts';
export { MOOD_PROSODY, moodProsody, type MoodProsody } from './speech/moods.ts';
export { normalizeText, NORMALIZED_LANGUAGES } from './speech/normalize/normalize.ts';
export { splitSentences, type TextPiece } from './speech/sentences.ts';
export { splitAtPauseMarkers, PAUSE_MIN_SECONDS, PAUSE_MAX_SECONDS, type TextPart } from './speech/pause-markers.ts';
export {
  planSpeech,
  validateRequest,
  DEFAULT_SPEECH_LIMITS,
  MAX_TOTAL_PAUSE_SECONDS,
  SPEED_RANGE,
  PITCH_RANGE,
  VOLUME_RANGE,
  type SpeechLimits,
  type SpeechPlan,
} from './speech/plan.ts';
export { encodeSpeechResult, encodeSpeechStream, type AudioFileFormat, type EncodedAudioFile } from './speech/encode-result.ts';

// Cloud provider.
export { MiniMaxSpeechEngine, MINIMAX_DEFAULT_BASE_URL, type MiniMaxEngineOptions } from './providers/minimax/minimax-engine.ts';
export { MINIMAX_MODEL_BY_SPEECH_MODEL, MINIMAX_EMOTION_BY_MOOD, toMiniMaxPitch, toMiniMaxVolume } from './providers/minimax/mapping.ts';
// Upstream speech providers (SPEECH_PROVIDERS): OpenAI-compatible servers, ElevenLabs, MiniMax, beside the local engines.
export * from './providers/upstream/index.ts';

// Codecs and analysis.
export { encodeMp3, encodeMp3Stream, isMp3SampleRate, mp3EncodedLength, mp3FrameSamples, mp3StartDelaySeconds, MP3_ENCODE_OVERHEAD_SAMPLES, MP3_START_DELAY_SAMPLES, Mp3StreamEncoder, MP3_BITRATES, DEFAULT_SPEECH_MP3_BITRATE, type Mp3Bitrate, type Mp3Options } from './codec/mp3.ts';
export { parseMp3Frames, type Mp3FrameInfo } from './codec/mp3-frames.ts';
export { encodeWav, decodeWav, wavHeader, streamingWavHeader, pcmBytes, type DecodedWav } from './codec/wav.ts';
export { resample } from './codec/resample.ts';
export { timeStretch } from './codec/time-stretch.ts';
export { int16ToFloat32, float32ToInt16, concatFloat32 } from './codec/pcm.ts';
export { rms, peak, voicedRms, durationSeconds, silentRuns, toDecibels, type SilentRun } from './codec/analysis.ts';

// Voice library.
export * from './voices/index.ts';
export * from './music/index.ts';

// Voice lab: upload decoding, voice isolation, voice analysis and cloning, voice design.
export * from './decode/index.ts';
export * from './isolate/index.ts';
export * from './voice-analysis/index.ts';
export * from './voice-clone/index.ts';
export * from './voice-design/index.ts';
export { workerScript } from './worker-script.ts';
