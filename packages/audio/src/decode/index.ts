export { MediaError, type MediaErrorCode } from './errors.ts';
export { sniffContainer, describeUnsupported, MEDIA_CONTAINERS, type MediaContainer } from './sniff.ts';
export { resolveFfmpeg, type FfmpegBinary } from './ffmpeg.ts';
export {
  probeMedia,
  decodeToPcm,
  DEFAULT_DECODE_TIMEOUT_MS,
  DEFAULT_DECODER_MEMORY_BYTES,
  DURATION_TOLERANCE_SECONDS,
  WAV_FAST_PATH_RESAMPLE_MAX_SECONDS,
  type MediaInput,
  type MediaInfo,
  type DecodeLimits,
  type DecodeOptions,
  type DecodedMedia,
} from './decode.ts';
export { ISOLATOR_DECODE_LIMITS, CLONE_SAMPLE_DECODE_LIMITS } from './limits.ts';
