import { biquadInPlace, designLowPass } from './biquad.ts';

/** Second-order (12 dB/octave) Butterworth low-pass, RBJ cookbook form, applied in place. */
export function lowPassInPlace(samples: Float32Array, sampleRate: number, cutoffHz: number): Float32Array {
  if (cutoffHz >= sampleRate / 2) return samples;
  return biquadInPlace(samples, designLowPass(sampleRate, cutoffHz));
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
