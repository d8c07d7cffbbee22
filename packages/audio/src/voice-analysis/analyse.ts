import { resample } from '../codec/resample.ts';
import { RealFft } from '../isolate/fft.ts';
import { PITCH_HOP, PITCH_SAMPLE_RATE, trackPitch } from './pitch.ts';
import { estimateSyllables } from './syllables.ts';

/** What the local clone engine learns from a voice sample. */
export interface VoiceAnalysis {
  durationSeconds: number;
  /** Median fundamental over voiced frames. */
  medianPitchHz: number;
  pitchP10Hz: number;
  pitchP90Hz: number;
  /** Spread of intonation: 10th to 90th percentile, in semitones. */
  pitchRangeSemitones: number;
  /** Syllable nuclei per second of speaking time (pauses of 0.15 s or more excluded). */
  speakingRateSyllablesPerSecond: number;
  syllableCount: number;
  speakingSeconds: number;
  /** Spectral centroid of voiced frames (0–4 kHz): higher sounds brighter, lower darker or warmer. */
  brightnessHz: number;
  /** RMS of voiced frames in dBFS. */
  loudnessDbfs: number;
  /** Share of 10 ms frames with a detected pitch. */
  voicedRatio: number;
}

const BRIGHTNESS_FFT = 256;

export function analyseVoice(samples: Float32Array, sampleRate: number): VoiceAnalysis {
  const low = resample(samples, sampleRate, PITCH_SAMPLE_RATE);
  const { frequencies, levelsDb } = trackPitch(low);
  const voiced = [...frequencies].filter((frequency) => frequency > 0).sort((a, b) => a - b);
  const p10 = percentile(voiced, 0.1);
  const p90 = percentile(voiced, 0.9);
  const syllables = estimateSyllables(levelsDb, frequencies);
  return {
    durationSeconds: samples.length / sampleRate,
    medianPitchHz: percentile(voiced, 0.5),
    pitchP10Hz: p10,
    pitchP90Hz: p90,
    pitchRangeSemitones: p10 > 0 ? 12 * Math.log2(p90 / p10) : 0,
    speakingRateSyllablesPerSecond: syllables.syllablesPerSecond,
    syllableCount: syllables.syllables,
    speakingSeconds: syllables.speakingSeconds,
    brightnessHz: spectralCentroid(low, frequencies),
    loudnessDbfs: voicedLoudness(low, frequencies),
    voicedRatio: frequencies.length ? voiced.length / frequencies.length : 0,
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.min(sorted.length - 1, lower + 1);
  return (sorted[lower] as number) + ((sorted[upper] as number) - (sorted[lower] as number)) * (position - lower);
}

/** Power-weighted mean frequency of the voiced frames' spectra. */
function spectralCentroid(samples8k: Float32Array, frequencies: Float32Array): number {
  const fft = new RealFft(BRIGHTNESS_FFT);
  const frame = new Float64Array(BRIGHTNESS_FFT);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  let weighted = 0;
  let total = 0;
  for (let index = 0; index < frequencies.length; index++) {
    if (!frequencies[index]) continue;
    const start = index * PITCH_HOP;
    if (start + BRIGHTNESS_FFT > samples8k.length) break;
    for (let offset = 0; offset < BRIGHTNESS_FFT; offset++) {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * offset) / BRIGHTNESS_FFT);
      frame[offset] = (samples8k[start + offset] as number) * hann;
    }
    fft.forward(frame, re, im);
    for (let bin = 1; bin < fft.bins; bin++) {
      const power = (re[bin] as number) ** 2 + (im[bin] as number) ** 2;
      weighted += power * ((bin * PITCH_SAMPLE_RATE) / BRIGHTNESS_FFT);
      total += power;
    }
  }
  return total > 0 ? weighted / total : 0;
}

function voicedLoudness(samples8k: Float32Array, frequencies: Float32Array): number {
  let sum = 0;
  let count = 0;
  for (let frame = 0; frame < frequencies.length; frame++) {
    if (!frequencies[frame]) continue;
    for (let index = frame * PITCH_HOP; index < (frame + 1) * PITCH_HOP; index++) sum += (samples8k[index] ?? 0) ** 2;
    count += PITCH_HOP;
  }
  return count ? 10 * Math.log10(sum / count + 1e-12) : -Infinity;
}
