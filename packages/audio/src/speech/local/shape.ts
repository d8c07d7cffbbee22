import { peak, rms, voicedRms } from '../../codec/analysis.ts';
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
  /** Seconds of eSpeak's raw output cut from the start; word marks shift back by this much. */
  trimmedLeadSeconds: number;
  /** Where sound starts and stops inside the speech, past the quiet margins trimming keeps. */
  audibleStartSeconds: number;
  audibleEndSeconds: number;
}

/** Every sentence is brought to this speech loudness (about -21 dBFS) so voices and sentences sound even. */
export const TARGET_SPEECH_RMS = 0.09;
/** Normalisation never pushes peaks above this, leaving headroom for loud moods. */
const PEAK_CEILING = 0.75;
const TRIM_THRESHOLD = 0.01;
const TRIM_MARGIN_SECONDS = 0.02;

/** Turns eSpeak's raw output for one sentence into finished audio: trimmed, levelled, filtered, resampled, faded. */
export function shapeSpeech(raw: Int16Array, sourceRate: number, settings: ShapeSettings): ShapedAudio {
  const { trimmed, leadSamples } = trimSilenceWithLead(int16ToFloat32(raw), sourceRate);
  scaleInPlace(trimmed, normalisingGain(trimmed, sourceRate) * settings.gain);
  if (settings.lowPassHz !== null) lowPassInPlace(trimmed, sourceRate, settings.lowPassHz);
  const speech = resample(trimmed, sourceRate, settings.sampleRate);
  fadeEdgesInPlace(speech, Math.round((settings.edgeFadeMs / 1000) * settings.sampleRate));
  const silenceSamples = Math.round(settings.trailingSilenceSeconds * settings.sampleRate);
  const samples = new Float32Array(speech.length + silenceSamples);
  samples.set(speech);
  return {
    samples,
    sampleRate: settings.sampleRate,
    speechSamples: speech.length,
    trimmedLeadSeconds: leadSamples / sourceRate,
    ...audibleBounds(speech, settings.sampleRate),
  };
}

function normalisingGain(samples: Float32Array, sampleRate: number): number {
  const loudness = voicedRms(samples, sampleRate);
  if (loudness === 0) return 1;
  return Math.min(TARGET_SPEECH_RMS / loudness, PEAK_CEILING / peak(samples));
}

/** Cuts eSpeak's leading and trailing silence, keeping a short margin so consonants are not clipped. */
export function trimSilence(samples: Float32Array, sampleRate: number): Float32Array {
  return trimSilenceWithLead(samples, sampleRate).trimmed;
}

function trimSilenceWithLead(samples: Float32Array, sampleRate: number): { trimmed: Float32Array; leadSamples: number } {
  const margin = Math.round(TRIM_MARGIN_SECONDS * sampleRate);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) <= TRIM_THRESHOLD) first++;
  if (first === samples.length) return { trimmed: new Float32Array(0), leadSamples: 0 };
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) <= TRIM_THRESHOLD) last--;
  const kept = { first: Math.max(0, first - margin), last: Math.min(samples.length - 1, last + margin) };
  return { trimmed: samples.slice(kept.first, kept.last + 1), leadSamples: kept.first };
}

const AUDIBLE_FRAME_SECONDS = 0.005;
/** A 5 ms frame louder than this (about -50 dBFS) is sound; speech is levelled to about -21 dBFS. */
export const AUDIBLE_RMS = 0.003;

/** The first and last 5 ms frames of finished speech that are audible, in seconds. */
function audibleBounds(speech: Float32Array, sampleRate: number): { audibleStartSeconds: number; audibleEndSeconds: number } {
  const frame = Math.max(1, Math.round(AUDIBLE_FRAME_SECONDS * sampleRate));
  const audible = (start: number): boolean => rms(speech, start, Math.min(speech.length, start + frame)) >= AUDIBLE_RMS;
  let start = 0;
  while (start < speech.length && !audible(start)) start += frame;
  if (start >= speech.length) return { audibleStartSeconds: 0, audibleEndSeconds: 0 };
  let end = Math.floor((speech.length - 1) / frame) * frame;
  while (end > start && !audible(end)) end -= frame;
  return { audibleStartSeconds: start / sampleRate, audibleEndSeconds: Math.min(speech.length, end + frame) / sampleRate };
}
