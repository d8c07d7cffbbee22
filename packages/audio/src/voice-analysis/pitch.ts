/**
 * YIN pitch tracking (de Cheveigné and Kawahara, 2002) on an 8 kHz copy of the voice: the cumulative-mean-normalised
 * difference function, an absolute threshold, then parabolic interpolation. 8 kHz keeps every voice's fundamental and
 * low harmonics and makes a minute of audio cost a few hundred milliseconds.
 */
export const PITCH_SAMPLE_RATE = 8000;
export const PITCH_HOP = 80; // 10 ms
const WINDOW = 200; // 25 ms
export const MIN_PITCH_HZ = 50;
export const MAX_PITCH_HZ = 500;
const THRESHOLD = 0.3;
/** Frames quieter than this below the loudest frame are not analysed. */
const SILENCE_BELOW_PEAK_DB = 35;
const ABSOLUTE_SILENCE_DB = -55;

export interface PitchTrack {
  /** Hz per 10 ms frame; 0 where the frame is unvoiced or silent. */
  frequencies: Float32Array;
  /** Frame level in dBFS (RMS over the YIN window). */
  levelsDb: Float32Array;
}

export function trackPitch(samples8k: Float32Array): PitchTrack {
  const minLag = Math.floor(PITCH_SAMPLE_RATE / MAX_PITCH_HZ);
  const maxLag = Math.ceil(PITCH_SAMPLE_RATE / MIN_PITCH_HZ);
  const frames = Math.max(0, Math.floor((samples8k.length - WINDOW - maxLag) / PITCH_HOP) + 1);
  const levelsDb = frameLevels(samples8k, frames);
  const loudest = levelsDb.reduce((maximum, level) => Math.max(maximum, level), -Infinity);
  const gate = Math.max(ABSOLUTE_SILENCE_DB, loudest - SILENCE_BELOW_PEAK_DB);
  const frequencies = new Float32Array(frames);
  const difference = new Float64Array(maxLag + 2);
  for (let frame = 0; frame < frames; frame++) {
    if ((levelsDb[frame] as number) < gate) continue;
    frequencies[frame] = yinFrame(samples8k, frame * PITCH_HOP, minLag, maxLag, difference);
  }
  return { frequencies: medianSmoothVoiced(frequencies), levelsDb };
}

function frameLevels(samples: Float32Array, frames: number): Float32Array {
  const levels = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    const start = frame * PITCH_HOP;
    for (let index = start; index < start + WINDOW; index++) sum += (samples[index] as number) ** 2;
    levels[frame] = 10 * Math.log10(sum / WINDOW + 1e-12);
  }
  return levels;
}

/** One frame's fundamental in Hz, or 0 when no lag is periodic enough. */
function yinFrame(samples: Float32Array, start: number, minLag: number, maxLag: number, difference: Float64Array): number {
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    let sum = 0;
    for (let index = start; index < start + WINDOW; index++) {
      const delta = (samples[index] as number) - (samples[index + lag] as number);
      sum += delta * delta;
    }
    difference[lag] = sum;
  }
  // Cumulative mean normalisation turns d(τ) into d'(τ), which dips well below 1 only at periodic lags.
  let running = 0;
  difference[0] = 1;
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    running += difference[lag] as number;
    difference[lag] = running > 0 ? ((difference[lag] as number) * lag) / running : 1;
  }
  for (let lag = minLag; lag <= maxLag; lag++) {
    if ((difference[lag] as number) >= THRESHOLD) continue;
    while (lag + 1 <= maxLag && (difference[lag + 1] as number) < (difference[lag] as number)) lag++;
    return PITCH_SAMPLE_RATE / parabolicMinimum(difference, lag);
  }
  return 0;
}

function parabolicMinimum(values: Float64Array, index: number): number {
  const left = values[index - 1] as number;
  const centre = values[index] as number;
  const right = values[index + 1] ?? centre;
  const curvature = left - 2 * centre + right;
  return curvature > 0 ? index + (left - right) / (2 * curvature) : index;
}

/** A 5-frame median over voiced frames removes isolated octave jumps without blurring real glides. */
function medianSmoothVoiced(frequencies: Float32Array): Float32Array {
  const smoothed = new Float32Array(frequencies.length);
  for (let frame = 0; frame < frequencies.length; frame++) {
    if (!frequencies[frame]) continue;
    const neighbours: number[] = [];
    for (let offset = -2; offset <= 2; offset++) {
      const value = frequencies[frame + offset];
      if (value) neighbours.push(value);
    }
    neighbours.sort((a, b) => a - b);
    smoothed[frame] = neighbours[Math.floor(neighbours.length / 2)] ?? 0;
  }
  return smoothed;
}
