/**
 * The one biquad of the package: RBJ-cookbook coefficients (normalised by a0) and a direct-form-I pass. Speech
 * shaping (low-pass), the voice isolator (zero-phase high-pass) and loudness metering (K-weighting) all use it.
 */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Second-order (12 dB/octave) Butterworth low-pass. */
export function designLowPass(sampleRate: number, cutoffHz: number): Biquad {
  const { alpha, cosine } = cookbookTerms(sampleRate, cutoffHz);
  const a0 = 1 + alpha;
  return {
    b0: (1 - cosine) / 2 / a0,
    b1: (1 - cosine) / a0,
    b2: (1 - cosine) / 2 / a0,
    a1: (-2 * cosine) / a0,
    a2: (1 - alpha) / a0,
  };
}

/** Second-order (12 dB/octave) Butterworth high-pass. */
export function designHighPass(sampleRate: number, cutoffHz: number): Biquad {
  const { alpha, cosine } = cookbookTerms(sampleRate, cutoffHz);
  const a0 = 1 + alpha;
  return {
    b0: (1 + cosine) / 2 / a0,
    b1: -(1 + cosine) / a0,
    b2: (1 + cosine) / 2 / a0,
    a1: (-2 * cosine) / a0,
    a2: (1 - alpha) / a0,
  };
}

function cookbookTerms(sampleRate: number, cutoffHz: number): { alpha: number; cosine: number } {
  const omega = (2 * Math.PI * cutoffHz) / sampleRate;
  return { alpha: Math.sin(omega) / (2 * Math.SQRT1_2), cosine: Math.cos(omega) };
}

/**
 * Runs the filter over `samples` in place (state starting at rest) and returns them; `backward` runs it from the last
 * sample to the first, the second half of a zero-phase pass, without reversing the array around it.
 */
export function biquadInPlace(samples: Float32Array, filter: Biquad, direction: 'forward' | 'backward' = 'forward'): Float32Array {
  const { b0, b1, b2, a1, a2 } = filter;
  const step = direction === 'forward' ? 1 : -1;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let index = step > 0 ? 0 : samples.length - 1; index >= 0 && index < samples.length; index += step) {
    const x0 = samples[index] ?? 0;
    const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    samples[index] = y0;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
  }
  return samples;
}

/** |H(f)|² of one pass of the filter at `frequencyHz`. */
export function biquadPowerResponse(filter: Biquad, frequencyHz: number, sampleRate: number): number {
  const omega = (2 * Math.PI * frequencyHz) / sampleRate;
  const [c1, s1, c2, s2] = [Math.cos(omega), Math.sin(omega), Math.cos(2 * omega), Math.sin(2 * omega)];
  const numRe = filter.b0 + filter.b1 * c1 + filter.b2 * c2;
  const numIm = -(filter.b1 * s1 + filter.b2 * s2);
  const denRe = 1 + filter.a1 * c1 + filter.a2 * c2;
  const denIm = -(filter.a1 * s1 + filter.a2 * s2);
  return (numRe * numRe + numIm * numIm) / (denRe * denRe + denIm * denIm);
}
