import { applyLimiter, toLookaheadPeaks } from './limiter.ts';
import { measureIntegratedLoudness } from './loudness.ts';
import { measureTruePeak, truePeakEnvelope } from './true-peak.ts';

export interface MasterOptions {
  sampleRate: number;
  /** The exact output length. */
  durationSeconds: number;
  targetLufs?: number;
  /** The true-peak ceiling the output must respect, in dBTP. */
  ceilingDbtp?: number;
  fadeInSeconds?: number;
  fadeOutSeconds?: number;
}

export interface MasteredAudio {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
  loudnessLufs: number;
  truePeakDbtp: number;
  gainDb: number;
  limiterReductionDb: number;
}

export const MUSIC_TARGET_LUFS = -14;
export const MUSIC_CEILING_DBTP = -1;
/** The limiter aims a little under the ceiling so the 4x estimate's small error never crosses it. */
const LIMITER_MARGIN_DB = 0.3;

/**
 * Masters a stereo mix: exact length (trim or pad), short fades, gain to the loudness target and true-peak
 * limiting. Limiting lowers loudness, so gain and limiter are iterated (each pass starts from the unlimited mix)
 * until the result is within 0.1 LU of the target.
 */
export function masterTrack(left: Float32Array, right: Float32Array, options: MasterOptions): MasteredAudio {
  const result = masterToLoudness(left, right, options);
  return { ...result, truePeakDbtp: measureTruePeak([result.left, result.right]) };
}

/** A mastered track whose true peak is still to be measured. */
export type LoudnessMasteredAudio = Omit<MasteredAudio, 'truePeakDbtp'>;

/** Makes the arrays the mastered audio is written into (shared memory, say, for another thread to encode). */
export type SampleAllocator = (length: number) => Float32Array;

/** How masterToLoudness allocates its arrays and computes the true-peak envelope (another thread may help). */
export interface MasterHooks {
  allocate?: SampleAllocator;
  /** Must equal truePeakEnvelope(channels, threshold); the array it returns is overwritten. */
  envelope?: (channels: readonly Float32Array[], threshold: number) => Float32Array;
  /**
   * The input arrays are the caller's to give up: when they are long enough they are faded in place and read as the
   * source, instead of a copy (each large array costs its page faults).
   */
  consumeInput?: boolean;
}

/**
 * masterTrack without its last step, the true-peak measure of the result, so that the caller can run that measure
 * beside the encoding of the finished audio.
 */
export function masterToLoudness(left: Float32Array, right: Float32Array, options: MasterOptions, hooks: MasterHooks = {}): LoudnessMasteredAudio {
  const allocate = hooks.allocate ?? ((length: number): Float32Array => new Float32Array(length));
  const envelopeOf = hooks.envelope ?? truePeakEnvelope;
  const target = options.targetLufs ?? MUSIC_TARGET_LUFS;
  const ceiling = options.ceilingDbtp ?? MUSIC_CEILING_DBTP;
  const length = Math.round(options.durationSeconds * options.sampleRate);
  const source = hooks.consumeInput && left.length >= length && right.length >= length
    ? [left.subarray(0, length), right.subarray(0, length)] as const
    : [fitLength(left, length, allocate), fitLength(right, length, allocate)] as const;
  applyFades(source, options.sampleRate, options.fadeInSeconds ?? 0.01, options.fadeOutSeconds ?? 1.5);

  const measured = measureIntegratedLoudness(source, options.sampleRate);
  if (!Number.isFinite(measured)) {
    return { left: source[0], right: source[1], sampleRate: options.sampleRate, loudnessLufs: measured, gainDb: 0, limiterReductionDb: 0 };
  }
  let gainDb = target - measured;
  const limiter = { sampleRate: options.sampleRate, ceilingDb: ceiling - LIMITER_MARGIN_DB };
  // One envelope for every pass: evaluated wherever even the largest gain we might try could cross the ceiling.
  const maxGain = 10 ** ((gainDb + 6) / 20);
  const peaks = toLookaheadPeaks(envelopeOf(source, 10 ** (limiter.ceilingDb / 20) / maxGain), limiter);
  // Every pass writes the same two arrays: the last pass is the result.
  const output = [allocate(length), allocate(length)] as const;
  let result: LoudnessMasteredAudio | undefined;
  for (let pass = 0; pass < 5; pass++) {
    const gain = 10 ** (gainDb / 20);
    const lowestGain = applyLimiter(peaks, gain, limiter, source, output);
    const loudness = measureIntegratedLoudness(output, options.sampleRate);
    result = {
      left: output[0], right: output[1], sampleRate: options.sampleRate, loudnessLufs: loudness, gainDb,
      limiterReductionDb: 20 * Math.log10(lowestGain / gain),
    };
    if (Math.abs(loudness - target) < 0.1) break;
    gainDb += target - loudness;
  }
  return result as LoudnessMasteredAudio;
}

/** Trims, or pads with silence, to exactly `length` samples. */
export function fitLength(samples: Float32Array, length: number, allocate: SampleAllocator = (size) => new Float32Array(size)): Float32Array {
  const result = allocate(length);
  result.set(samples.subarray(0, Math.min(length, samples.length)));
  return result;
}

/** A short fade in (no click at the start) and an equal-power-ish fade out over the final chord's ring. */
export function applyFades(channels: readonly Float32Array[], sampleRate: number, fadeInSeconds: number, fadeOutSeconds: number): void {
  const length = channels[0]?.length ?? 0;
  const fadeIn = Math.min(length, Math.round(fadeInSeconds * sampleRate));
  const fadeOut = Math.min(length, Math.round(fadeOutSeconds * sampleRate));
  for (const channel of channels) {
    for (let index = 0; index < fadeIn; index++) channel[index] = (channel[index] ?? 0) * (index / fadeIn);
    for (let index = 0; index < fadeOut; index++) {
      const position = length - fadeOut + index;
      const remaining = 1 - (index + 1) / fadeOut;
      channel[position] = (channel[position] ?? 0) * Math.sin((remaining * Math.PI) / 2);
    }
  }
}
