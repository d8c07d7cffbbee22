import { RealFft } from './fft.ts';

/**
 * The stationary-noise stage before RNNoise: a short-time Wiener filter (decision-directed a-priori SNR, Ephraim and
 * Malah) with a noise spectrum learnt from the quietest frames of the whole recording. Steady noise (hiss, hum, fans,
 * room tone) is what it removes well and what RNNoise's 22 coarse bands leave between a voice's harmonics; RNNoise
 * then handles the changing noise this stage cannot model.
 */
export const SPECTRAL_FRAME = 1024;
export const SPECTRAL_HOP = 256;

export interface SpectralDenoiseOptions {
  /** Lowest gain a bin can get (linear); keeps residual noise natural instead of "musical". */
  floor: number;
  /** Weight of the previous frame's clean estimate in the a-priori SNR. */
  smoothing: number;
}

export const DEFAULT_SPECTRAL_OPTIONS: SpectralDenoiseOptions = { floor: 0.1, smoothing: 0.9 };

/** Fraction of frames, the quietest by energy, whose mean spectrum is taken as the noise. */
const QUIET_FRACTION = 0.1;
const MIN_QUIET_FRAMES = 8;
/** Analysing every n-th frame is plenty for a stationary estimate and keeps long files cheap. */
const PROFILE_FRAME_STRIDE = 4;

/** Periodic sqrt-Hann: used for analysis and synthesis, its square sums to a constant at 75% overlap. */
function sqrtHann(size: number): Float64Array {
  return Float64Array.from({ length: size }, (_, index) => Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * index) / size)));
}

/** Mean power spectrum (per bin) of the quietest 10% of frames: the recording's noise floor. */
export function estimateNoiseProfile(samples: Float32Array): Float64Array {
  const fft = new RealFft(SPECTRAL_FRAME);
  const window = sqrtHann(SPECTRAL_FRAME);
  const frame = new Float64Array(SPECTRAL_FRAME);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  const spectra: Float64Array[] = [];
  const energies: number[] = [];
  for (let start = 0; start + SPECTRAL_FRAME <= samples.length; start += SPECTRAL_HOP * PROFILE_FRAME_STRIDE) {
    for (let index = 0; index < SPECTRAL_FRAME; index++) frame[index] = (samples[start + index] as number) * (window[index] as number);
    fft.forward(frame, re, im);
    const power = new Float64Array(fft.bins);
    let energy = 0;
    for (let bin = 0; bin < fft.bins; bin++) {
      power[bin] = (re[bin] as number) ** 2 + (im[bin] as number) ** 2;
      energy += power[bin] as number;
    }
    spectra.push(power);
    energies.push(energy);
  }
  const profile = new Float64Array(fft.bins);
  if (spectra.length === 0) return profile;
  const order = energies.map((energy, index) => [energy, index] as const).sort((a, b) => a[0] - b[0]);
  const count = Math.min(spectra.length, Math.max(MIN_QUIET_FRAMES, Math.round(spectra.length * QUIET_FRACTION)));
  for (let rank = 0; rank < count; rank++) {
    const spectrum = spectra[order[rank]?.[1] ?? 0] as Float64Array;
    for (let bin = 0; bin < fft.bins; bin++) profile[bin] = (profile[bin] as number) + (spectrum[bin] as number) / count;
  }
  return profile;
}

/**
 * Filters a whole segment offline (overlap-add, no latency). Frames start one frame before the segment so every
 * sample is covered by the same number of windows.
 */
export function spectralDenoise(samples: Float32Array, noiseProfile: Float64Array, options: SpectralDenoiseOptions = DEFAULT_SPECTRAL_OPTIONS): Float32Array {
  const fft = new RealFft(SPECTRAL_FRAME);
  const window = sqrtHann(SPECTRAL_FRAME);
  const frame = new Float64Array(SPECTRAL_FRAME);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  const previousClean = new Float64Array(fft.bins);
  // Float32 is plenty for four overlapping frames and halves the memory of long chunks.
  const output = new Float32Array(samples.length);
  // sqrt-Hann analysis times sqrt-Hann synthesis sums to 2 at 75% overlap.
  const overlapGain = SPECTRAL_FRAME / SPECTRAL_HOP / 2;
  for (let start = -SPECTRAL_FRAME + SPECTRAL_HOP; start < samples.length; start += SPECTRAL_HOP) {
    for (let index = 0; index < SPECTRAL_FRAME; index++) {
      const position = start + index;
      frame[index] = position >= 0 && position < samples.length ? (samples[position] as number) * (window[index] as number) : 0;
    }
    fft.forward(frame, re, im);
    applyWienerGains(re, im, noiseProfile, previousClean, options);
    fft.inverse(re, im, frame);
    const first = Math.max(0, -start);
    const last = Math.min(SPECTRAL_FRAME, samples.length - start);
    for (let index = first; index < last; index++) {
      output[start + index] = (output[start + index] as number) + ((frame[index] as number) * (window[index] as number)) / overlapGain;
    }
  }
  return output;
}

function applyWienerGains(re: Float64Array, im: Float64Array, noise: Float64Array, previousClean: Float64Array, options: SpectralDenoiseOptions): void {
  const { floor, smoothing } = options;
  for (let bin = 0; bin < re.length; bin++) {
    const power = (re[bin] as number) ** 2 + (im[bin] as number) ** 2;
    const noisePower = Math.max(noise[bin] as number, 1e-12);
    const posterior = power / noisePower;
    const prior = (smoothing * (previousClean[bin] as number)) / noisePower + (1 - smoothing) * Math.max(posterior - 1, 0);
    const gain = Math.max(floor, prior / (1 + prior));
    previousClean[bin] = gain * gain * power;
    re[bin] = (re[bin] as number) * gain;
    im[bin] = (im[bin] as number) * gain;
  }
}
