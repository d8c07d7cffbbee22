import type { Biquad } from '../../codec/biquad.ts';

/**
 * Integrated loudness after ITU-R BS.1770-4: K-weighting (a high shelf and a high-pass), mean square per 400 ms
 * block with 75 % overlap, an absolute gate at -70 LUFS and a relative gate 10 LU below the ungated mean.
 */

const BLOCK_SECONDS = 0.4;
const STEP_SECONDS = 0.1;
const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;

/** The two K-weighting stages for any sample rate (the standard's 48 kHz filters, re-derived by bilinear transform). */
export function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: a +4 dB high shelf above ~1.7 kHz, modelling the head.
  let k = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  let q = 0.7071752369554196;
  const vh = 10 ** (3.999843853973347 / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: the "RLB" high-pass near 38 Hz.
  k = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  q = 0.5003270373238773;
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return [shelf, highPass];
}

/**
 * Sums of the K-weighted signal's squares over consecutive 100 ms steps, added into `steps`. Streaming the filter
 * keeps memory to one number per step, which matters for four-minute stereo tracks.
 */
function addWeightedStepSums(samples: Float32Array, sampleRate: number, stepLength: number, steps: Float64Array): void {
  const [shelf, highPass] = kWeightingFilters(sampleRate);
  // The shared biquad's direct form I, two stages fused in one loop with state in locals: streaming a four-minute
  // stereo track through per-sample calls would cost measurably more.
  let sx1 = 0, sx2 = 0, sy1 = 0, sy2 = 0, hy1 = 0, hy2 = 0;
  for (let step = 0; step < steps.length; step++) {
    let sum = 0;
    const end = Math.min(samples.length, (step + 1) * stepLength);
    for (let index = step * stepLength; index < end; index++) {
      // A constant far below audibility keeps the filter state out of denormal numbers (very slow) in silence;
      // the high-pass removes it from the measurement.
      const x = (samples[index] ?? 0) + 1e-20;
      const shelved = shelf.b0 * x + shelf.b1 * sx1 + shelf.b2 * sx2 - shelf.a1 * sy1 - shelf.a2 * sy2;
      sx2 = sx1; sx1 = x;
      const weighted = shelved - 2 * sy1 + sy2 - highPass.a1 * hy1 - highPass.a2 * hy2;
      sy2 = sy1; sy1 = shelved;
      hy2 = hy1; hy1 = weighted;
      sum += weighted * weighted;
    }
    steps[step] = (steps[step] ?? 0) + sum;
  }
}

/** Mean-square power of each 400 ms block (100 ms hop), summed over channels (all weighted 1, as for L and R). */
export function blockPowers(channels: readonly Float32Array[], sampleRate: number): number[] {
  const length = channels[0]?.length ?? 0;
  const stepLength = Math.round(STEP_SECONDS * sampleRate);
  const stepsPerBlock = Math.round(BLOCK_SECONDS / STEP_SECONDS);
  const blockLength = stepLength * stepsPerBlock;
  if (length < blockLength) return [];
  const steps = new Float64Array(Math.floor(length / stepLength));
  for (const channel of channels) addWeightedStepSums(channel, sampleRate, stepLength, steps);
  const powers: number[] = [];
  for (let first = 0; first + stepsPerBlock <= steps.length; first++) {
    let sum = 0;
    for (let step = first; step < first + stepsPerBlock; step++) sum += steps[step] ?? 0;
    powers.push(sum / blockLength);
  }
  return powers;
}

function powerToLufs(power: number): number {
  return power > 0 ? -0.691 + 10 * Math.log10(power) : -Infinity;
}

/** Gated integrated loudness in LUFS; -Infinity for silence or signals shorter than one block. */
export function measureIntegratedLoudness(channels: readonly Float32Array[], sampleRate: number): number {
  const powers = blockPowers(channels, sampleRate).filter((power) => powerToLufs(power) > ABSOLUTE_GATE);
  if (powers.length === 0) return -Infinity;
  const ungated = powers.reduce((sum, power) => sum + power, 0) / powers.length;
  const threshold = powerToLufs(ungated) + RELATIVE_GATE;
  const gated = powers.filter((power) => powerToLufs(power) > threshold);
  return powerToLufs(gated.reduce((sum, power) => sum + power, 0) / gated.length);
}
