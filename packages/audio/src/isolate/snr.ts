/**
 * Signal-to-noise measures for tests and benchmarks. SNR is measured against the clean reference after least-squares
 * gain alignment: the processed signal y is modelled as a·s + e with a = <y,s>/<s,s>, and SNR = 10·log10(|a·s|² / |e|²).
 * A denoiser that only changes the overall level is not penalised; everything else (residual noise, speech
 * distortion) counts as error. An optional lag search absorbs a processing delay.
 */
export interface SnrOptions {
  /** Search lags in -maxLag..maxLag samples and keep the best; 0 (default) compares sample by sample. */
  maxLagSamples?: number;
}

export function measureSnr(reference: Float32Array, processed: Float32Array, options: SnrOptions = {}): number {
  const maxLag = options.maxLagSamples ?? 0;
  let best = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag++) best = Math.max(best, snrAtLag(reference, processed, lag));
  return best;
}

function snrAtLag(reference: Float32Array, processed: Float32Array, lag: number): number {
  const start = Math.max(0, -lag);
  const end = Math.min(reference.length, processed.length - lag);
  let cross = 0;
  let referencePower = 0;
  let processedPower = 0;
  for (let index = start; index < end; index++) {
    const s = reference[index] as number;
    const y = processed[index + lag] as number;
    cross += s * y;
    referencePower += s * s;
    processedPower += y * y;
  }
  if (referencePower === 0) return -Infinity;
  const gain = cross / referencePower;
  const signalPower = gain * gain * referencePower;
  // |y - a s|² = |y|² - 2a<y,s> + a²|s|² = |y|² - a²|s|² at the least-squares a.
  const errorPower = Math.max(processedPower - signalPower, 1e-20);
  return 10 * Math.log10(signalPower / errorPower);
}

/** How many dB a processor improved the SNR of `noisy` (both measured against `clean`). */
export function snrGain(clean: Float32Array, noisy: Float32Array, processed: Float32Array, options: SnrOptions = {}): number {
  return measureSnr(clean, processed, options) - measureSnr(clean, noisy);
}

/** clean + noise scaled so that the mixture has the given SNR (noise is repeated or cut to the clean length). */
export function mixAtSnr(clean: Float32Array, noise: Float32Array, snrDb: number): Float32Array {
  let cleanPower = 0;
  let noisePower = 0;
  for (let index = 0; index < clean.length; index++) {
    cleanPower += (clean[index] as number) ** 2;
    noisePower += (noise[index % noise.length] as number) ** 2;
  }
  const scale = noisePower > 0 ? Math.sqrt(cleanPower / noisePower / 10 ** (snrDb / 10)) : 0;
  return clean.map((value, index) => value + scale * (noise[index % noise.length] as number));
}
