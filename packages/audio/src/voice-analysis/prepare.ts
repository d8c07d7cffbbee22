import { concatFloat32 } from '../codec/pcm.ts';

/**
 * "Accent optimisation" of clone samples: what a clone engine benefits from is even loudness and no dead air, so
 * samples are trimmed (edges and long inner pauses) and brought to one speech level.
 */
export interface TrimOptions {
  /** Frames quieter than this many dB below the loudest frame count as silence. */
  silenceBelowPeakDb: number;
  /** Silence kept at each edge and left of every longer pause. */
  keepMs: number;
  maxPauseMs: number;
}

export const DEFAULT_TRIM_OPTIONS: TrimOptions = { silenceBelowPeakDb: 40, keepMs: 120, maxPauseMs: 500 };
/** Speech level after normalisation (RMS of frames with sound), with a peak ceiling. */
export const TARGET_SPEECH_DBFS = -20;
const PEAK_CEILING_DBFS = -1;
const FRAME_MS = 10;

export function trimSilence(samples: Float32Array, sampleRate: number, options: TrimOptions = DEFAULT_TRIM_OPTIONS): Float32Array {
  const frame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
  const levels = frameLevelsDb(samples, frame);
  const loudest = levels.reduce((maximum, level) => Math.max(maximum, level), -Infinity);
  const threshold = loudest - options.silenceBelowPeakDb;
  const keepFrames = Math.round(options.keepMs / FRAME_MS);
  const maxPauseFrames = Math.round(options.maxPauseMs / FRAME_MS);
  const kept: Float32Array[] = [];
  let run = 0;
  let started = false;
  for (let index = 0; index < levels.length; index++) {
    const quiet = (levels[index] as number) < threshold;
    if (quiet) {
      run++;
      continue;
    }
    // Leading silence keeps `keepFrames`; inner pauses keep up to `maxPauseFrames`.
    const keep = started ? Math.min(run, maxPauseFrames) : Math.min(run, keepFrames);
    if (keep > 0) kept.push(samples.subarray((index - keep) * frame, index * frame));
    kept.push(samples.subarray(index * frame, (index + 1) * frame));
    started = true;
    run = 0;
  }
  if (started && run > 0) {
    const end = levels.length - run;
    kept.push(samples.subarray(end * frame, Math.min(samples.length, (end + keepFrames) * frame)));
  }
  return concatFloat32(kept);
}

/** Scales speech to TARGET_SPEECH_DBFS (RMS over frames within 40 dB of the loudest) without letting peaks pass -1 dBFS. */
export function normaliseLoudness(samples: Float32Array, sampleRate: number, targetDbfs = TARGET_SPEECH_DBFS): Float32Array {
  const frame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
  const levels = frameLevelsDb(samples, frame);
  const loudest = levels.reduce((maximum, level) => Math.max(maximum, level), -Infinity);
  let sum = 0;
  let count = 0;
  let peak = 0;
  levels.forEach((level, index) => {
    if (level < loudest - 40) return;
    for (let position = index * frame; position < Math.min(samples.length, (index + 1) * frame); position++) {
      sum += (samples[position] as number) ** 2;
      count++;
    }
  });
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  if (count === 0 || peak === 0) return samples.slice();
  const speechRms = Math.sqrt(sum / count);
  const gain = Math.min(10 ** (targetDbfs / 20) / speechRms, 10 ** (PEAK_CEILING_DBFS / 20) / peak);
  return samples.map((value) => value * gain);
}

function frameLevelsDb(samples: Float32Array, frame: number): number[] {
  const levels: number[] = [];
  for (let start = 0; start < samples.length; start += frame) {
    const end = Math.min(samples.length, start + frame);
    let sum = 0;
    for (let index = start; index < end; index++) sum += (samples[index] as number) ** 2;
    levels.push(10 * Math.log10(sum / (end - start) + 1e-12));
  }
  return levels;
}
