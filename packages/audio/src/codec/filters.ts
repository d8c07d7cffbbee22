/** Second-order (12 dB/octave) Butterworth low-pass, RBJ cookbook form, applied in place. */
export function lowPassInPlace(samples: Float32Array, sampleRate: number, cutoffHz: number): Float32Array {
  if (cutoffHz >= sampleRate / 2) return samples;
  const omega = (2 * Math.PI * cutoffHz) / sampleRate;
  const alpha = Math.sin(omega) / (2 * Math.SQRT1_2);
  const cosine = Math.cos(omega);
  const a0 = 1 + alpha;
  const b0 = (1 - cosine) / 2 / a0;
  const b1 = (1 - cosine) / a0;
  const b2 = b0;
  const a1 = (-2 * cosine) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let index = 0; index < samples.length; index++) {
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

/** Linear fade-in and fade-out over the given number of samples each, in place. */
export function fadeEdgesInPlace(samples: Float32Array, fadeSamples: number): Float32Array {
  const length = Math.min(fadeSamples, Math.floor(samples.length / 2));
  for (let index = 0; index < length; index++) {
    const gain = index / length;
    samples[index] = (samples[index] ?? 0) * gain;
    const mirrored = samples.length - 1 - index;
    samples[mirrored] = (samples[mirrored] ?? 0) * gain;
  }
  return samples;
}

export function scaleInPlace(samples: Float32Array, gain: number): Float32Array {
  if (gain === 1) return samples;
  for (let index = 0; index < samples.length; index++) samples[index] = (samples[index] ?? 0) * gain;
  return samples;
}
