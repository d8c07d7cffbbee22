/**
 * True-peak estimation after ITU-R BS.1770-4 Annex 2: the signal is upsampled four times with a 48-tap
 * interpolation filter (12 taps per phase) and the largest absolute sample is the true peak.
 */

const OVERSAMPLING = 4;
const TAPS_PER_PHASE = 12;

let phases: Float64Array[] | undefined;

/**
 * Windowed-sinc polyphase interpolator for the three points between samples (a quarter, half and three quarters of
 * the way); each phase normalised to unity DC gain. An odd length puts the original samples on the grid.
 */
function interpolationPhases(): Float64Array[] {
  if (phases) return phases;
  const length = OVERSAMPLING * TAPS_PER_PHASE + 1;
  const centre = (length - 1) / 2;
  const taps = new Float64Array(length);
  for (let index = 0; index < length; index++) {
    const t = (index - centre) / OVERSAMPLING;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    // Blackman-Harris keeps ripple low with so few taps.
    const x = (2 * Math.PI * (index + 0.5)) / length;
    const window = 0.35875 - 0.48829 * Math.cos(x) + 0.14128 * Math.cos(2 * x) - 0.01168 * Math.cos(3 * x);
    taps[index] = sinc * window;
  }
  phases = Array.from({ length: OVERSAMPLING - 1 }, (_, index) => {
    const phase = index + 1;
    const coefficients = new Float64Array(TAPS_PER_PHASE);
    for (let tap = 0; tap < TAPS_PER_PHASE; tap++) coefficients[tap] = taps[tap * OVERSAMPLING + phase] ?? 0;
    const sum = coefficients.reduce((total, value) => total + value, 0);
    return coefficients.map((value) => value / sum);
  });
  return phases;
}

/**
 * The largest absolute value among each sample's oversampled neighbourhood (the original sample and the four
 * interpolated points before it), per sample index. Only where interpolation could exceed `threshold` is the filter
 * evaluated; elsewhere the sample's own magnitude stands in, which is exact enough for anything below the threshold.
 */
export function truePeakEnvelope(channels: readonly Float32Array[], threshold = 0): Float32Array {
  const length = channels[0]?.length ?? 0;
  const envelope = new Float32Array(length);
  const filters = interpolationPhases();
  const bound = Math.max(...filters.map((coefficients) => coefficients.reduce((sum, value) => sum + Math.abs(value), 0)));
  // The three phases side by side, so each sample is read once for all of them.
  const flat = new Float64Array(filters.length * TAPS_PER_PHASE);
  filters.forEach((coefficients, phase) => flat.set(coefficients, phase * TAPS_PER_PHASE));
  const half = TAPS_PER_PHASE / 2;
  for (const channel of channels) {
    const blocks = blockMaxima(channel);
    for (let index = 0; index < length; index++) {
      let peak = Math.abs(channel[index] ?? 0);
      const first = Math.max(0, (index - half) >> BLOCK_SHIFT);
      const last = Math.min(blocks.length - 1, (index + half) >> BLOCK_SHIFT);
      let nearby = 0;
      for (let block = first; block <= last; block++) nearby = Math.max(nearby, blocks[block] ?? 0);
      if (nearby * bound > threshold) peak = Math.max(peak, interpolatedPeak(channel, index + half - 1, flat));
      if (peak > (envelope[index] ?? 0)) envelope[index] = peak;
    }
  }
  return envelope;
}

/**
 * The largest magnitude of the three points interpolated between samples, from the 12 samples ending at `newest`
 * (zeros outside the signal). Away from the ends the bounds checks are skipped; the sums run in the same order.
 */
function interpolatedPeak(channel: Float32Array, newest: number, flat: Float64Array): number {
  let quarter = 0, middle = 0, threeQuarters = 0;
  if (newest < channel.length && newest >= TAPS_PER_PHASE - 1) {
    for (let tap = 0; tap < TAPS_PER_PHASE; tap++) {
      const sample = channel[newest - tap] as number;
      quarter += (flat[tap] as number) * sample;
      middle += (flat[TAPS_PER_PHASE + tap] as number) * sample;
      threeQuarters += (flat[2 * TAPS_PER_PHASE + tap] as number) * sample;
    }
  } else {
    for (let tap = 0; tap < TAPS_PER_PHASE; tap++) {
      const source = newest - tap;
      const sample = source >= 0 && source < channel.length ? (channel[source] ?? 0) : 0;
      quarter += (flat[tap] ?? 0) * sample;
      middle += (flat[TAPS_PER_PHASE + tap] ?? 0) * sample;
      threeQuarters += (flat[2 * TAPS_PER_PHASE + tap] ?? 0) * sample;
    }
  }
  return Math.max(Math.abs(quarter), Math.abs(middle), Math.abs(threeQuarters));
}

const BLOCK_SHIFT = 3;

/** Largest magnitude in each block of eight samples. */
function blockMaxima(channel: Float32Array): Float32Array {
  const blocks = new Float32Array((channel.length >> BLOCK_SHIFT) + 1);
  for (let index = 0; index < channel.length; index++) {
    const block = index >> BLOCK_SHIFT;
    const magnitude = Math.abs(channel[index] ?? 0);
    if (magnitude > (blocks[block] ?? 0)) blocks[block] = magnitude;
  }
  return blocks;
}

/** True peak in dBTP (dB relative to full scale); -Infinity for silence. */
export function measureTruePeak(channels: readonly Float32Array[]): number {
  // Interpolated points can only beat the sample peak where samples come close to it.
  const samplePeak = 10 ** (measureSamplePeak(channels) / 20);
  const envelope = truePeakEnvelope(channels, samplePeak);
  let peak = 0;
  for (let index = 0; index < envelope.length; index++) if ((envelope[index] ?? 0) > peak) peak = envelope[index] ?? 0;
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}

/** Largest absolute sample value (sample peak) in dBFS. */
export function measureSamplePeak(channels: readonly Float32Array[]): number {
  let peak = 0;
  for (const channel of channels) for (let index = 0; index < channel.length; index++) peak = Math.max(peak, Math.abs(channel[index] ?? 0));
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}
