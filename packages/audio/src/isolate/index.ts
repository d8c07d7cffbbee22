export {
  VoiceIsolator,
  isolateVoice,
  defaultVoiceIsolator,
  chunkBounds,
  WorkerPoolError,
  defaultVoiceWorkers,
  type IsolateOptions,
  type IsolationStage,
  type VoiceIsolatorOptions,
} from './voice-isolator.ts';
export {
  isolateInThisThread,
  DEFAULT_ISOLATION_SETTINGS,
  type IsolatedAudio,
  type IsolationSettings,
} from './pipeline.ts';
export { DEFAULT_GATE_OPTIONS, gateGains, speechFrames, type GateOptions } from './gate.ts';
export { DEFAULT_SPECTRAL_OPTIONS, estimateNoiseProfile, spectralDenoise, type SpectralDenoiseOptions } from './spectral-denoise.ts';
export { RNNOISE_SAMPLE_RATE, RNNOISE_FRAME } from './rnnoise.ts';
export { encodeAudioFiles, ISOLATION_OUTPUT_FORMATS, type EncodedAudioFiles, type EncodeOptions, type IsolationOutputFormat } from './encode.ts';
export { measureSnr, snrGain, mixAtSnr, type SnrOptions } from './snr.ts';
