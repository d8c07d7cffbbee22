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
  const peaks = toLookaheadPeaks(truePeakEnvelope(channels, 10 ** (options.ceilingDb / 20)), options);
  return { maxReductionDb: 20 * Math.log10(applyLimiter(peaks, 1, options, channels, channels)) };
}

function lookaheadWindow(options: LimiterOptions): number {
  return Math.max(1, Math.round((options.lookaheadSeconds ?? 0.002) * options.sampleRate));
}

/**
 * Turns a true-peak envelope, in place, into the largest envelope value in each sample's look-ahead window (the
 * sample and the next window - 1): what the limiter reads. Big arrays are costly to allocate (every page is faulted
 * in and zeroed), so the envelope's own array is reused.
 *
 * By van Herk / Gil-Werman: in blocks of `window` samples, a window starting in a block spans at most that block and
 * the next, so its maximum is the larger of the running maximum to its block's end and the running maximum from the
 * next block's start. Block b is overwritten only after the maxima of blocks b and b + 1 are taken.
 */
export function toLookaheadPeaks(envelope: Float32Array, options: LimiterOptions): Float32Array {
  const window = lookaheadWindow(options);
  const length = envelope.length;
  const toBlockEnd = new Float32Array(window);
  const fromNextStart = new Float32Array(window);
  for (let start = 0; start < length; start += window) {
    const end = Math.min(length, start + window);
    let running = -Infinity;
    for (let index = end - 1; index >= start; index--) {
      running = Math.max(running, envelope[index] ?? 0);
      toBlockEnd[index - start] = running;
    }
    const nextEnd = Math.min(length, end + window);
    running = -Infinity;
    for (let index = end; index < nextEnd; index++) {
      running = Math.max(running, envelope[index] ?? 0);
      fromNextStart[index - end] = running;
    }
    for (let index = start; index < end; index++) {
      const last = Math.min(length - 1, index + window - 1);
      const ownPart = toBlockEnd[index - start] ?? 0;
      envelope[index] = last < end ? ownPart : Math.max(ownPart, fromNextStart[last - end] ?? 0);
    }
  }
  return envelope;
}

/**
 * Writes `sources` through the limiter into `outputs` (which may be the sources themselves) after an input gain, and
 * returns the smallest gain applied. `peaks` (toLookaheadPeaks) scale with the input gain, so one array serves every
 * gain a loudness search tries; the gain a sample requires only falls as its peak rises, so the least gain a window
 * requires is what its loudest sample requires.
 *
 * The gain curve is computed as it is applied, never stored: a four-minute curve would be one more large array per
 * pass. Its values are rounded to single precision, as a stored curve's would be.
 */
export function applyLimiter(peaks: Float32Array, inputGain: number, options: LimiterOptions, sources: readonly Float32Array[], outputs: readonly Float32Array[]): number {
  const ceiling = 10 ** (options.ceilingDb / 20);
  const length = peaks.length;
  if (largest(peaks) * inputGain <= ceiling) {
    const gain = Math.fround(inputGain);
    sources.forEach((source, channel) => scaleInto(source, gain, outputs[channel] as Float32Array, length));
    return gain;
  }
  const window = lookaheadWindow(options);
  const release = 1 - Math.exp(-1 / ((options.releaseSeconds ?? 0.08) * options.sampleRate));
  // The moving average's last `window` released gains; before the start the first stands in, so a peak in the very
  // first samples is held down as firmly as any other.
  const recent = new Float32Array(window);
  let released = 1;
  let sum = 0;
  let lowest = Infinity;
  for (let index = 0; index < length; index++) {
    const peak = (peaks[index] ?? 0) * inputGain;
    released = Math.min(peak > ceiling ? Math.fround(ceiling / peak) : 1, released + (1 - released) * release);
    const stored = Math.fround(released);
    if (index === 0) {
      recent.fill(stored);
      sum = window * stored;
    }
    const slot = index % window;
    sum += stored - (recent[slot] ?? 1);
    recent[slot] = stored;
    const gain = Math.fround(Math.fround(sum / window) * inputGain);
    if (gain < lowest) lowest = gain;
    for (let channel = 0; channel < sources.length; channel++) {
      (outputs[channel] as Float32Array)[index] = ((sources[channel] as Float32Array)[index] ?? 0) * gain;
    }
  }
  return lowest;
}

function largest(values: Float32Array): number {
  let result = 0;
  for (let index = 0; index < values.length; index++) if ((values[index] ?? 0) > result) result = values[index] ?? 0;
  return result;
}

function scaleInto(source: Float32Array, gain: number, output: Float32Array, length: number): void {
  for (let index = 0; index < length; index++) output[index] = (source[index] ?? 0) * gain;
}
