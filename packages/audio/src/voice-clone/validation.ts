import { FILE_FAILURE_MESSAGES, UPLOAD_LIMITS } from '@sound-studio/shared';
import { decodeToPcm, type DecodedMedia, type MediaInput } from '../decode/decode.ts';
import { CLONE_SAMPLE_DECODE_LIMITS } from '../decode/limits.ts';
import { VoiceCloneError } from './errors.ts';

/** Rules for voice-clone samples (spec section 5): 1 to 10 files, each at most 20 MB and 10 to 60 seconds long. */
export const CLONE_SAMPLE_RULES = {
  minCount: 1,
  maxCount: UPLOAD_LIMITS.cloneSamplesMax,
  maxBytes: UPLOAD_LIMITS.cloneFileBytes,
  minSeconds: UPLOAD_LIMITS.cloneSampleMinSeconds,
  maxSeconds: UPLOAD_LIMITS.cloneSampleMaxSeconds,
} as const;

/** Checks what is known before decoding: how many files, and how large each is. */
export function validateCloneUploads(files: ReadonlyArray<{ name?: string; sizeBytes: number }>): void {
  if (files.length < CLONE_SAMPLE_RULES.minCount) throw new VoiceCloneError('NO_SAMPLES', FILE_FAILURE_MESSAGES.cloneSamplesRequired);
  if (files.length > CLONE_SAMPLE_RULES.maxCount) {
    throw new VoiceCloneError('TOO_MANY_SAMPLES', `At most ${CLONE_SAMPLE_RULES.maxCount} samples can be used; ${files.length} were given`, {
      count: files.length,
      maxCount: CLONE_SAMPLE_RULES.maxCount,
    });
  }
  files.forEach((file, index) => {
    if (file.sizeBytes > CLONE_SAMPLE_RULES.maxBytes) {
      throw new VoiceCloneError('SAMPLE_TOO_LARGE', `${label(file.name, index)} is larger than 20 MB`, {
        index,
        sizeBytes: file.sizeBytes,
        maxBytes: CLONE_SAMPLE_RULES.maxBytes,
      });
    }
  });
}

/** Checks decoded lengths: every sample 10 to 60 seconds. */
export function validateCloneDurations(samples: ReadonlyArray<{ name?: string; durationSeconds: number }>): void {
  validateCloneUploads(samples.map((sample) => ({ ...(sample.name ? { name: sample.name } : {}), sizeBytes: 0 })));
  samples.forEach((sample, index) => {
    const seconds = sample.durationSeconds;
    if (seconds < CLONE_SAMPLE_RULES.minSeconds) {
      throw new VoiceCloneError('SAMPLE_TOO_SHORT', `${label(sample.name, index)} is ${seconds.toFixed(1)} s long; samples need at least ${CLONE_SAMPLE_RULES.minSeconds} s`, {
        index,
        durationSeconds: seconds,
        minSeconds: CLONE_SAMPLE_RULES.minSeconds,
      });
    }
    if (seconds > CLONE_SAMPLE_RULES.maxSeconds + 0.1) {
      throw new VoiceCloneError('SAMPLE_TOO_LONG', `${label(sample.name, index)} is ${seconds.toFixed(1)} s long; samples may be at most ${CLONE_SAMPLE_RULES.maxSeconds} s`, {
        index,
        durationSeconds: seconds,
        maxSeconds: CLONE_SAMPLE_RULES.maxSeconds,
      });
    }
  });
}

/** Decodes one upload with the clone limits (content check, 20 MB, 10–60 s); the errors are MediaErrors. */
export function decodeCloneSample(input: MediaInput, options: { sampleRate?: number; signal?: AbortSignal } = {}): Promise<DecodedMedia> {
  return decodeToPcm(input, {
    ...CLONE_SAMPLE_DECODE_LIMITS,
    sampleRate: options.sampleRate ?? 48_000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

function label(name: string | undefined, index: number): string {
  return name ? `"${name}"` : `Sample ${index + 1}`;
}
