import { peak, voicedRms } from '../../codec/analysis.ts';
import { fadeEdgesInPlace, lowPassInPlace, scaleInPlace } from '../../codec/filters.ts';
import { int16ToFloat32 } from '../../codec/pcm.ts';
import { resample } from '../../codec/resample.ts';

export interface ShapeSettings {
  sampleRate: number;
  /** Linear gain after loudness normalisation (mood loudness times request volume). */
  gain: number;
  lowPassHz: number | null;
  edgeFadeMs: number;
  trailingSilenceSeconds: number;
}

export interface ShapedAudio {
  samples: Float32Array;
  sampleRate: number;
  /** Samples of speech before the trailing silence. */
  speechSamples: number;
}

/** Every sentence is brought to this speech loudness (about -21 dBFS) so voices and sentences sound even. */
export const TARGET_SPEECH_RMS = 0.09;
/** Normalisation never pushes peaks above this, leaving headroom for loud moods. */
const PEAK_CEILING = 0.75;
const TRIM_THRESHOLD = 0.01;
const TRIM_MARGIN_SECONDS = 0.02;

/** Turns eSpeak's raw output for one sentence into finished audio: trimmed, levelled, filtered, resampled, faded. */
export function shapeSpeech(raw: Int16Array, sourceRate: number, settings: ShapeSettings): ShapedAudio {
  const trimmed = trimSilence(int16ToFloat32(raw), sourceRate);
  scaleInPlace(trimmed, normalisingGain(trimmed, sourceRate) * settings.gain);
  if (settings.lowPassHz !== null) lowPassInPlace(trimmed, sourceRate, settings.lowPassHz);
  const speech = resample(trimmed, sourceRate, settings.sampleRate);
  fadeEdgesInPlace(speech, Math.round((settings.edgeFadeMs / 1000) * settings.sampleRate));
  const silenceSamples = Math.round(settings.trailingSilenceSeconds * settings.sampleRate);
  const samples = new Float32Array(speech.length + silenceSamples);
  samples.set(speech);
  return { samples, sampleRate: settings.sampleRate, speechSamples: speech.length };
}

function normalisingGain(samples: Float32Array, sampleRate: number): number {
  const loudness = voicedRms(samples, sampleRate);
  if (loudness === 0) return 1;
  return Math.min(TARGET_SPEECH_RMS / loudness, PEAK_CEILING / peak(samples));
}

/** Cuts eSpeak's leading and trailing silence, keeping a short margin so consonants are not clipped. */
export function trimSilence(samples: Float32Array, sampleRate: number): Float32Array {
  const margin = Math.round(TRIM_MARGIN_SECONDS * sampleRate);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) <= TRIM_THRESHOLD) first++;
  if (first === samples.length) return new Float32Array(0);
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) <= TRIM_THRESHOLD) last--;
  first = Math.max(0, first - margin);
  last = Math.min(samples.length - 1, last + margin);
  return samples.slice(first, last + 1);
}
