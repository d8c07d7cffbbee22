/** Test signals shared by codec tests. */
export function sine(frequency: number, seconds: number, sampleRate: number, amplitude = 0.5): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let index = 0; index < samples.length; index++) samples[index] = amplitude * Math.sin((2 * Math.PI * frequency * index) / sampleRate);
  return samples;
}

/** Counts rising zero crossings, a robust frequency estimate for a clean tone. */
export function risingZeroCrossings(samples: Float32Array): number {
  let count = 0;
  for (let index = 1; index < samples.length; index++) if ((samples[index - 1] ?? 0) < 0 && (samples[index] ?? 0) >= 0) count++;
  return count;
}
