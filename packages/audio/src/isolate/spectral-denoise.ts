import { RealFft } from './fft.ts';

/**
 * The stationary-noise stage before RNNoise: a short-time Wiener filter (decision-directed a-priori SNR, Ephraim and
 * Malah) with a noise spectrum learnt from the quietest frames of the whole recording. Steady noise (hiss, hum, fans,
 * room tone) is what it removes well and what RNNoise's 22 coarse bands leave between a voice's harmonics; RNNoise
 * then handles the changing noise this stage cannot model.
 */
export const SPECTRAL_FRAME = 1024;
/** 50% overlap: half the transforms of 75%, with the same SNR gain once the smoothing is tuned to the hop. */
export const SPECTRAL_HOP = 512;
/** Bins 0..N/2 of a noise spectrum. */
export const NOISE_PROFILE_BINS = SPECTRAL_FRAME / 2 + 1;

export interface SpectralDenoiseOptions {
  /** Lowest gain a bin can get (linear); keeps residual noise natural instead of "musical". */
  floor: number;
  /** Weight of the previous frame's clean estimate in the a-priori SNR (per 512-sample hop). */
  smoothing: number;
}

/**
 * Smoothing tuned for the 512-sample hop: 0.85 here gives the SNR gains and the noise-floor reduction that 0.9 gave at
 * a 256-sample hop (0.81, the same time constant, lets more noise through between phrases).
 */
export const DEFAULT_SPECTRAL_OPTIONS: SpectralDenoiseOptions = { floor: 0.1, smoothing: 0.85 };

/** Fraction of frames, the quietest by energy, whose mean spectrum is taken as the noise. */
const QUIET_FRACTION = 0.1;
const MIN_QUIET_FRAMES = 8;

/** Periodic sqrt-Hann: used for analysis and synthesis, its square sums to a constant at 50% (and 75%) overlap. */
function sqrtHann(size: number): Float64Array {
  return Float64Array.from({ length: size }, (_, index) => Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * index) / size)));
}

/** Profile frames lie end to end: plenty for a stationary estimate, and cheap on long files. */
const PROFILE_STEP = SPECTRAL_FRAME;

/** How many frames the noise profile analyses in a signal of this length. */
export function profileFrameCount(length: number): number {
  return length < SPECTRAL_FRAME ? 0 : Math.floor((length - SPECTRAL_FRAME) / PROFILE_STEP) + 1;
}

/** Windowed power spectrum (bins 0..N/2) of profile frame `frame` into `power`. */
function profileFramePower(fft: RealFft, window: Float64Array, samples: Float32Array, frame: number, buffers: ProfileBuffers, power: Float64Array): void {
  const { input, re, im } = buffers;
  const start = frame * PROFILE_STEP;
  for (let index = 0; index < SPECTRAL_FRAME; index++) input[index] = (samples[start + index] as number) * (window[index] as number);
  fft.forward(input, re, im);
  for (let bin = 0; bin < fft.bins; bin++) power[bin] = (re[bin] as number) ** 2 + (im[bin] as number) ** 2;
}

/**
 * Sum of the windowed frame's one-sided power spectrum (bins 0..N/2), without a transform: by Parseval it is
 * (N·Σx² + X₀² + X_{N/2}²) / 2, with X₀ = Σx and X_{N/2} = Σ(-1)ⁿx.
 */
function profileFrameEnergy(window: Float64Array, samples: Float32Array, frame: number): number {
  const start = frame * PROFILE_STEP;
  let squares = 0;
  let sum = 0;
  let alternating = 0;
  for (let index = 0; index < SPECTRAL_FRAME; index += 2) {
    const even = (samples[start + index] as number) * (window[index] as number);
    const odd = (samples[start + index + 1] as number) * (window[index + 1] as number);
    squares += even * even + odd * odd;
    sum += even + odd;
    alternating += even - odd;
  }
  return (SPECTRAL_FRAME * squares + sum * sum + alternating * alternating) / 2;
}

interface ProfileBuffers {
  input: Float64Array;
  re: Float64Array;
  im: Float64Array;
}

function profileTools(): { fft: RealFft; window: Float64Array; buffers: ProfileBuffers } {
  const fft = new RealFft(SPECTRAL_FRAME);
  return {
    fft,
    window: sqrtHann(SPECTRAL_FRAME),
    buffers: { input: new Float64Array(SPECTRAL_FRAME), re: new Float64Array(fft.bins), im: new Float64Array(fft.bins) },
  };
}

/**
 * Energies of profile frames [firstFrame, endFrame) into `energies` (indexed by frame): what ranks the frames, and a
 * share of it per thread.
 */
export function profileFrameEnergies(samples: Float32Array, energies: Float64Array, firstFrame = 0, endFrame = profileFrameCount(samples.length)): Float64Array {
  const window = sqrtHann(SPECTRAL_FRAME);
  for (let frame = firstFrame; frame < endFrame; frame++) energies[frame] = profileFrameEnergy(window, samples, frame);
  return energies;
}

/**
 * The quietest 10% of profile frames (at least 8), quietest first; equal energies keep their time order. Their mean
 * spectrum is the recording's noise floor.
 */
export function quietestFrames(energies: Float64Array): Uint32Array {
  const count = Math.min(energies.length, Math.max(MIN_QUIET_FRAMES, Math.round(energies.length * QUIET_FRACTION)));
  const order = Uint32Array.from({ length: energies.length }, (_, index) => index);
  order.sort((a, b) => (energies[a] as number) - (energies[b] as number) || a - b);
  return order.subarray(0, count);
}

/**
 * Adds each listed frame's power spectrum divided by `count` (the number of quiet frames in all shares) into
 * `profile` (bins 0..N/2): the noise floor, or one thread's share of it.
 */
export function accumulateNoisePower(samples: Float32Array, frames: ArrayLike<number>, count: number, profile: Float64Array): Float64Array {
  const { fft, window, buffers } = profileTools();
  const power = new Float64Array(fft.bins);
  for (let rank = 0; rank < frames.length; rank++) {
    profileFramePower(fft, window, samples, frames[rank] as number, buffers, power);
    for (let bin = 0; bin < fft.bins; bin++) profile[bin] = (profile[bin] as number) + (power[bin] as number) / count;
  }
  return profile;
}

/** Mean power spectrum (per bin) of the quietest frames, given every frame's energy. */
export function noiseProfileFromEnergies(samples: Float32Array, energies: Float64Array): Float64Array {
  const quiet = quietestFrames(energies);
  return accumulateNoisePower(samples, quiet, quiet.length, new Float64Array(NOISE_PROFILE_BINS));
}

/** Mean power spectrum (per bin) of the quietest 10% of frames: the recording's noise floor. */
export function estimateNoiseProfile(samples: Float32Array): Float64Array {
  return noiseProfileFromEnergies(samples, profileFrameEnergies(samples, new Float64Array(profileFrameCount(samples.length))));
}

/**
 * Filters a whole segment offline (overlap-add, no latency). Frames start one frame before the segment so every
 * sample is covered by the same number of windows.
 */
export function spectralDenoise(samples: Float32Array, noiseProfile: Float64Array, options: SpectralDenoiseOptions = DEFAULT_SPECTRAL_OPTIONS): Float32Array {
  const fft = new RealFft(SPECTRAL_FRAME);
  const window = sqrtHann(SPECTRAL_FRAME);
  // sqrt-Hann analysis times sqrt-Hann synthesis (a Hann window) sums to FRAME / (2 HOP); the synthesis window undoes it.
  const overlapGain = SPECTRAL_FRAME / SPECTRAL_HOP / 2;
  const synthesis = window.map((value) => value / overlapGain);
  const frame = new Float64Array(SPECTRAL_FRAME);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  const previousClean = new Float64Array(fft.bins);
  const inverseNoise = Float64Array.from(noiseProfile, (power) => 1 / Math.max(power, 1e-12));
  // Float32 is plenty for four overlapping frames and halves the memory of long chunks.
  const output = new Float32Array(samples.length);
  for (let start = -SPECTRAL_FRAME + SPECTRAL_HOP; start < samples.length; start += SPECTRAL_HOP) {
    const first = Math.max(0, -start);
    const last = Math.min(SPECTRAL_FRAME, samples.length - start);
    if (first > 0 || last < SPECTRAL_FRAME) frame.fill(0);
    for (let index = first; index < last; index++) frame[index] = (samples[start + index] as number) * (window[index] as number);
    fft.forward(frame, re, im);
    applyWienerGains(re, im, inverseNoise, previousClean, options);
    fft.inverse(re, im, frame);
    for (let index = first; index < last; index++) {
      output[start + index] = (output[start + index] as number) + (frame[index] as number) * (synthesis[index] as number);
    }
  }
  return output;
}

/** `inverseNoise` is 1 / noise power per bin (multiplying is cheaper than dividing in this hot loop). */
function applyWienerGains(re: Float64Array, im: Float64Array, inverseNoise: Float64Array, previousClean: Float64Array, options: SpectralDenoiseOptions): void {
  const { floor, smoothing } = options;
  const innovation = 1 - smoothing;
  for (let bin = 0; bin < re.length; bin++) {
    const binRe = re[bin] as number;
    const binIm = im[bin] as number;
    const power = binRe * binRe + binIm * binIm;
    const inverseNoisePower = inverseNoise[bin] as number;
    const posterior = power * inverseNoisePower;
    const prior = smoothing * (previousClean[bin] as number) * inverseNoisePower + innovation * Math.max(posterior - 1, 0);
    const gain = Math.max(floor, prior / (1 + prior));
    previousClean[bin] = gain * gain * power;
    re[bin] = binRe * gain;
    im[bin] = binIm * gain;
  }
}
