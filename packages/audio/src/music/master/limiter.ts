import { truePeakEnvelope } from './true-peak.ts';

export interface LimiterOptions {
  sampleRate: number;
  /** Ceiling for the oversampled (true) peak, in dBTP. */
  ceilingDb: number;
  /** Look-ahead, also the attack time, in seconds. */
  lookaheadSeconds?: number;
  releaseSeconds?: number;
}

/**
 * A stereo-linked look-ahead true-peak limiter, in place. The gain needed at each sample (from the oversampled
 * peak envelope) is spread backwards over the look-ahead window with a running minimum, released exponentially,
 * then smoothed with a moving average of the same length: every sample's gain is the mean of values that are all at
 * most what its own peak requires, so the ceiling holds without delaying the audio.
 */
export function limitTruePeak(channels: readonly Float32Array[], options: LimiterOptions): { maxReductionDb: number } {
  const envelope = truePeakEnvelope(channels, 10 ** (options.ceilingDb / 20));
  const curve = limiterGainCurve(envelope, 1, options);
  let lowest = 1;
  for (let index = 0; index < curve.length; index++) {
    const value = curve[index] ?? 1;
    if (value < lowest) lowest = value;
    for (const channel of channels) channel[index] = (channel[index] ?? 0) * value;
  }
  return { maxReductionDb: 20 * Math.log10(lowest) };
}

/**
 * The limiter's gain at each sample for a signal with the given true-peak envelope after an input gain. The
 * envelope scales with the gain, so one envelope serves every gain a loudness search tries.
 */
export function limiterGainCurve(envelope: Float32Array, inputGain: number, options: LimiterOptions): Float32Array {
  return limiterGainCurveFromPeaks(lookaheadPeaks(envelope, options), inputGain, options);
}

/** The largest envelope value in each sample's look-ahead window (the sample and the next window - 1). */
export function lookaheadPeaks(envelope: Float32Array, options: LimiterOptions): Float32Array {
  return forwardMaximum(envelope, Math.max(1, Math.round((options.lookaheadSeconds ?? 0.002) * options.sampleRate)));
}

/**
 * limiterGainCurve from lookaheadPeaks, which serve every gain: the gain a sample requires only falls as its peak
 * rises (in floating point too), so the least gain a window requires is what its loudest sample requires. A loudness
 * search computes the windowed peaks once instead of a windowed minimum per pass, with the same result.
 */
export function limiterGainCurveFromPeaks(peaks: Float32Array, inputGain: number, options: LimiterOptions): Float32Array {
  const ceiling = 10 ** (options.ceilingDb / 20);
  const length = peaks.length;
  const window = Math.max(1, Math.round((options.lookaheadSeconds ?? 0.002) * options.sampleRate));
  const release = 1 - Math.exp(-1 / ((options.releaseSeconds ?? 0.08) * options.sampleRate));
  const ahead = new Float32Array(length);
  let needed = false;
  for (let index = 0; index < length; index++) {
    const peak = (peaks[index] ?? 0) * inputGain;
    ahead[index] = peak > ceiling ? ceiling / peak : 1;
    if (peak > ceiling) needed = true;
  }
  if (!needed) return ahead.fill(inputGain);
  let gain = 1;
  for (let index = 0; index < length; index++) {
    gain = Math.min(ahead[index] ?? 1, gain + (1 - gain) * release);
    ahead[index] = gain;
  }
  const smoothed = movingAverage(ahead, window);
  for (let index = 0; index < length; index++) smoothed[index] = (smoothed[index] ?? 1) * inputGain;
  return smoothed;
}

/**
 * result[n] = max(values[n .. n + window - 1]) by van Herk / Gil-Werman: maxima running forwards and backwards
 * inside blocks of `window` samples; any window spans at most two blocks.
 */
function forwardMaximum(values: Float32Array, window: number): Float32Array {
  const length = values.length;
  const fromBlockStart = new Float32Array(length);
  const toBlockEnd = new Float32Array(length);
  for (let start = 0; start < length; start += window) {
    const end = Math.min(length, start + window);
    let running = -Infinity;
    for (let index = start; index < end; index++) {
      running = Math.max(running, values[index] ?? 0);
      fromBlockStart[index] = running;
    }
    running = -Infinity;
    for (let index = end - 1; index >= start; index--) {
      running = Math.max(running, values[index] ?? 0);
      toBlockEnd[index] = running;
    }
  }
  const result = new Float32Array(length);
  for (let start = 0; start < length; start += window) {
    const end = Math.min(length, start + window);
    for (let index = start; index < end; index++) {
      const last = Math.min(length - 1, index + window - 1);
      result[index] = last < end ? (toBlockEnd[index] ?? 0) : Math.max(toBlockEnd[index] ?? 0, fromBlockStart[last] ?? 0);
    }
  }
  return result;
}

/**
 * result[n] = mean(values[n - window + 1 .. n]). Before the start the first value stands in, so a peak in the very
 * first samples is held down as firmly as any other.
 */
function movingAverage(values: Float32Array, window: number): Float32Array {
  const result = new Float32Array(values.length);
  const first = values[0] ?? 1;
  let sum = window * first;
  for (let index = 0; index < values.length; index++) {
    sum += (values[index] ?? 1) - (index >= window ? (values[index - window] ?? 1) : first);
    result[index] = sum / window;
  }
  return result;
}
