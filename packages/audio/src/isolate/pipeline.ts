import { resample } from '../codec/resample.ts';
import { applyGainsInPlace, DEFAULT_GATE_OPTIONS, gateGains, speechRatio, type GateOptions } from './gate.ts';
import { designHighPass, HIGH_PASS_HZ, highPassPowerResponse, zeroPhaseHighPassInPlace } from './high-pass.ts';
import { loadRnnoise, RNNOISE_FRAME, RNNOISE_SAMPLE_RATE, rnnoiseDenoise } from './rnnoise.ts';
import {
  DEFAULT_SPECTRAL_OPTIONS,
  estimateNoiseProfile,
  SPECTRAL_FRAME,
  spectralDenoise,
  type SpectralDenoiseOptions,
} from './spectral-denoise.ts';

/**
 * The isolation pipeline, in order: high-pass (rumble), stationary-noise Wiener stage, RNNoise, voice-activity gate.
 * The functions here are synchronous and run inside a worker thread; `VoiceIsolator` splits long inputs into chunks
 * that two workers denoise in parallel, each chunk starting with a pre-roll that is processed and thrown away so the
 * filters' and the network's state has settled where the chunk's own audio begins.
 */
export interface IsolationSettings {
  highPassHz: number;
  spectral: SpectralDenoiseOptions | null;
  gate: GateOptions | null;
}

export const DEFAULT_ISOLATION_SETTINGS: IsolationSettings = {
  highPassHz: HIGH_PASS_HZ,
  spectral: DEFAULT_SPECTRAL_OPTIONS,
  gate: DEFAULT_GATE_OPTIONS,
};

/** Audio processed before a chunk and discarded (a multiple of the RNNoise frame). */
export const CHUNK_PREROLL_SAMPLES = 50 * RNNOISE_FRAME;
/**
 * Audio processed after a chunk so the backward high-pass pass has settled, and the overlap-add and the network's
 * delay are complete, at its end.
 */
export const CHUNK_POSTROLL_SAMPLES = 20 * RNNOISE_FRAME + SPECTRAL_FRAME;

export function toIsolationRate(samples: Float32Array, sampleRate: number): Float32Array {
  return resample(samples, sampleRate, RNNOISE_SAMPLE_RATE);
}

/** The noise spectrum of the whole recording as the Wiener stage will see it (after the high-pass). */
export function noiseProfileOf(samples48k: Float32Array, settings: IsolationSettings = DEFAULT_ISOLATION_SETTINGS): Float64Array {
  return shapedByHighPass(estimateNoiseProfile(samples48k), settings);
}

/**
 * Reshapes (in place) a noise spectrum measured on the raw input into what the Wiener stage sees after the high-pass;
 * `VoiceIsolator` measures the spectrum in shares across its workers and shapes the sum once.
 */
export function shapedByHighPass(profile: Float64Array, settings: IsolationSettings = DEFAULT_ISOLATION_SETTINGS): Float64Array {
  const filter = designHighPass(RNNOISE_SAMPLE_RATE, settings.highPassHz);
  for (let bin = 0; bin < profile.length; bin++) {
    const frequency = (bin * RNNOISE_SAMPLE_RATE) / SPECTRAL_FRAME;
    profile[bin] = (profile[bin] as number) * highPassPowerResponse(filter, frequency, RNNOISE_SAMPLE_RATE) ** 2;
  }
  return profile;
}

export interface DenoisedChunk {
  samples: Float32Array;
  /** One probability per 480-sample frame of the chunk. */
  voiceProbability: Float32Array;
}

/** Denoises input[start, end) of a 48 kHz signal; `start` must be a multiple of 480. */
export async function denoiseChunk(
  input: Float32Array,
  start: number,
  end: number,
  noiseProfile: Float64Array,
  settings: IsolationSettings = DEFAULT_ISOLATION_SETTINGS,
  onProgress?: (fraction: number) => void,
): Promise<DenoisedChunk> {
  const rnnoise = await loadRnnoise();
  const segmentStart = Math.max(0, start - CHUNK_PREROLL_SAMPLES);
  const segmentEnd = Math.min(input.length, end + CHUNK_POSTROLL_SAMPLES);
  const segment = input.slice(segmentStart, segmentEnd);
  zeroPhaseHighPassInPlace(segment, designHighPass(RNNOISE_SAMPLE_RATE, settings.highPassHz));
  onProgress?.(0.05);
  const steady = settings.spectral ? spectralDenoise(segment, noiseProfile, settings.spectral) : segment;
  onProgress?.(0.35);
  // In place: `steady` is this chunk's own buffer.
  const denoised = rnnoiseDenoise(rnnoise, steady, (done, total) => onProgress?.(0.35 + (0.65 * done) / total), steady);
  const offset = start - segmentStart;
  const firstFrame = offset / RNNOISE_FRAME;
  const samples = denoised.samples.subarray(offset, offset + (end - start));
  const voiceProbability = denoised.voiceProbability.slice(firstFrame, firstFrame + Math.ceil((end - start) / RNNOISE_FRAME));
  onProgress?.(1);
  return { samples, voiceProbability };
}

export interface GateResult {
  speechRatio: number;
}

/**
 * Turns the gaps between phrases down in place. The gains depend on the whole recording's voice probability, but
 * only samples [from, to) are changed, so workers can each gate their own chunk.
 */
export function gateInPlace(
  samples: Float32Array,
  voiceProbability: Float32Array,
  settings: IsolationSettings = DEFAULT_ISOLATION_SETTINGS,
  from = 0,
  to = samples.length,
): GateResult {
  if (!settings.gate) return { speechRatio: speechRatio(voiceProbability) };
  applyGainsInPlace(samples, gateGains(voiceProbability, settings.gate), RNNOISE_FRAME, from, to);
  return { speechRatio: speechRatio(voiceProbability, settings.gate) };
}

export interface IsolatedAudio {
  samples: Float32Array;
  sampleRate: typeof RNNOISE_SAMPLE_RATE;
  durationSeconds: number;
  voiceProbability: Float32Array;
  /** Share of 10 ms frames the gate treated as speech. */
  speechRatio: number;
}

/** The whole pipeline in the current thread (tests, small clips and the worker itself). */
export async function isolateInThisThread(samples: Float32Array, sampleRate: number, settings: IsolationSettings = DEFAULT_ISOLATION_SETTINGS): Promise<IsolatedAudio> {
  const input = toIsolationRate(samples, sampleRate);
  const profile = noiseProfileOf(input, settings);
  const chunk = await denoiseChunk(input, 0, input.length, profile, settings);
  const gate = gateInPlace(chunk.samples, chunk.voiceProbability, settings);
  return {
    samples: chunk.samples,
    sampleRate: RNNOISE_SAMPLE_RATE,
    durationSeconds: chunk.samples.length / RNNOISE_SAMPLE_RATE,
    voiceProbability: chunk.voiceProbability,
    speechRatio: gate.speechRatio,
  };
}
