export type Samples = Float32Array | Int16Array;

/** Scale Int16 to the Float32 range so every helper reports in -1..1 units. */
function scaleOf(samples: Samples): number {
  return samples instanceof Int16Array ? 1 / 32768 : 1;
}

export function rms(samples: Samples, start = 0, end = samples.length): number {
  if (end <= start) return 0;
  const scale = scaleOf(samples);
  let sum = 0;
  for (let index = start; index < end; index++) {
    const value = (samples[index] ?? 0) * scale;
    sum += value * value;
  }
  return Math.sqrt(sum / (end - start));
}

export function peak(samples: Samples): number {
  let maximum = 0;
  for (let index = 0; index < samples.length; index++) {
    const magnitude = Math.abs(samples[index] ?? 0);
    if (magnitude > maximum) maximum = magnitude;
  }
  return maximum * scaleOf(samples);
}

export function durationSeconds(sampleCount: number, sampleRate: number): number {
  return sampleCount / sampleRate;
}

export function toDecibels(amplitude: number): number {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity;
}

export interface SilentRun {
  startSample: number;
  endSample: number;
}

/**
 * Runs of silence: stretches where every frame's RMS stays below the threshold. Frames are 10 ms long, so a run's
 * edges are accurate to about that.
 */
export function silentRuns(samples: Samples, sampleRate: number, thresholdRms = 0.003, minSeconds = 0.05): SilentRun[] {
  const frame = Math.max(1, Math.round(sampleRate * 0.01));
  const runs: SilentRun[] = [];
  let runStart = -1;
  for (let start = 0; start < samples.length; start += frame) {
    const end = Math.min(samples.length, start + frame);
    const quiet = rms(samples, start, end) < thresholdRms;
    if (quiet && runStart < 0) runStart = start;
    if (!quiet && runStart >= 0) {
      pushRun(runs, runStart, start, sampleRate, minSeconds);
      runStart = -1;
    }
  }
  if (runStart >= 0) pushRun(runs, runStart, samples.length, sampleRate, minSeconds);
  return runs;
}

function pushRun(runs: SilentRun[], startSample: number, endSample: number, sampleRate: number, minSeconds: number): void {
  if ((endSample - startSample) / sampleRate >= minSeconds) runs.push({ startSample, endSample });
}

/** RMS over the frames that carry sound, so pauses do not dilute a loudness measurement. */
export function voicedRms(samples: Samples, sampleRate: number, gateRms = 0.01): number {
  const frame = Math.max(1, Math.round(sampleRate * 0.02));
  const scale = scaleOf(samples);
  let sum = 0;
  let count = 0;
  for (let start = 0; start < samples.length; start += frame) {
    const end = Math.min(samples.length, start + frame);
    if (rms(samples, start, end) < gateRms) continue;
    for (let index = start; index < end; index++) {
      const value = (samples[index] ?? 0) * scale;
      sum += value * value;
    }
    count += end - start;
  }
  return count ? Math.sqrt(sum / count) : 0;
}
