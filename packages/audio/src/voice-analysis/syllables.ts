import { PITCH_HOP, PITCH_SAMPLE_RATE } from './pitch.ts';

/**
 * Syllable nuclei from the intensity envelope, after de Jong and Wempe (2009): peaks of a smoothed level contour that
 * rise above a threshold, stand out from the dip before them by a couple of dB, and are voiced. Speaking rate is
 * counted over speaking time (pauses of 0.15 s or more removed), so a sample's pauses do not lower it.
 */
const SMOOTHING_FRAMES = 3; // 30 ms
const PEAK_BELOW_LOUDEST_DB = 25;
const MIN_DIP_DB = 2;
const MIN_PEAK_DISTANCE_FRAMES = 7; // 70 ms: faster than any real syllable rate
const PAUSE_BELOW_LOUDEST_DB = 30;
const MIN_PAUSE_FRAMES = 15;

export interface SyllableEstimate {
  syllables: number;
  /** Seconds of speech after removing pauses of 0.3 s or more. */
  speakingSeconds: number;
  syllablesPerSecond: number;
}

export function estimateSyllables(levelsDb: Float32Array, frequencies: Float32Array): SyllableEstimate {
  const contour = movingAverage(levelsDb, SMOOTHING_FRAMES);
  const loudest = contour.reduce((maximum, level) => Math.max(maximum, level), -Infinity);
  const threshold = loudest - PEAK_BELOW_LOUDEST_DB;
  let syllables = 0;
  let lastPeak = -Infinity;
  let dipSincePeak = Infinity;
  let lastPeakLevel = -Infinity;
  for (let frame = 1; frame < contour.length - 1; frame++) {
    const level = contour[frame] as number;
    dipSincePeak = Math.min(dipSincePeak, level);
    const isPeak = level >= (contour[frame - 1] as number) && level > (contour[frame + 1] as number) && level >= threshold;
    if (!isPeak || !isVoicedNear(frequencies, frame)) continue;
    const prominent = lastPeakLevel === -Infinity || level - dipSincePeak >= MIN_DIP_DB;
    if (prominent && frame - lastPeak >= MIN_PEAK_DISTANCE_FRAMES) {
      syllables++;
      lastPeak = frame;
      lastPeakLevel = level;
      dipSincePeak = level;
    } else if (level > lastPeakLevel && frame - lastPeak < MIN_PEAK_DISTANCE_FRAMES) {
      // A higher peak right after the last one is the same nucleus.
      lastPeakLevel = level;
      dipSincePeak = level;
    }
  }
  const speakingSeconds = speakingTime(contour, loudest - PAUSE_BELOW_LOUDEST_DB);
  return { syllables, speakingSeconds, syllablesPerSecond: speakingSeconds > 0 ? syllables / speakingSeconds : 0 };
}

function isVoicedNear(frequencies: Float32Array, frame: number): boolean {
  for (let offset = -2; offset <= 2; offset++) if (frequencies[frame + offset]) return true;
  return false;
}

function movingAverage(values: Float32Array, width: number): Float32Array {
  const result = new Float32Array(values.length);
  const half = Math.floor(width / 2);
  for (let index = 0; index < values.length; index++) {
    let sum = 0;
    let count = 0;
    for (let offset = -half; offset <= half; offset++) {
      const value = values[index + offset];
      if (value === undefined) continue;
      sum += value;
      count++;
    }
    result[index] = sum / count;
  }
  return result;
}

function speakingTime(contour: Float32Array, pauseLevel: number): number {
  let pauseFrames = 0;
  let run = 0;
  for (let frame = 0; frame <= contour.length; frame++) {
    const quiet = frame < contour.length && (contour[frame] as number) < pauseLevel;
    if (quiet) {
      run++;
      continue;
    }
    if (run >= MIN_PAUSE_FRAMES) pauseFrames += run;
    run = 0;
  }
  return ((contour.length - pauseFrames) * PITCH_HOP) / PITCH_SAMPLE_RATE;
}
