import { UPLOAD_LIMITS } from '@sound-studio/shared';
import type { DecodeLimits } from './decode.ts';

/** The voice isolator's upload limits (spec section 5): audio or video up to 500 MB and 300 seconds. */
export const ISOLATOR_DECODE_LIMITS: Readonly<DecodeLimits> = {
  maxBytes: UPLOAD_LIMITS.isolatorFileBytes,
  maxSeconds: UPLOAD_LIMITS.isolatorMaxSeconds,
  timeoutMs: 120_000,
};

/** One voice-clone sample: at most 20 MB, 10 to 60 seconds. */
export const CLONE_SAMPLE_DECODE_LIMITS: Readonly<DecodeLimits> = {
  maxBytes: UPLOAD_LIMITS.cloneFileBytes,
  minSeconds: UPLOAD_LIMITS.cloneSampleMinSeconds,
  maxSeconds: UPLOAD_LIMITS.cloneSampleMaxSeconds,
  timeoutMs: 60_000,
};
