/**
 * Second-order Butterworth high-pass (RBJ cookbook) run forwards and then backwards: zero phase, so the voice's low
 * harmonics keep their timing (a one-way IIR would shift them), with a 4th-order slope below the cut-off. It removes
 * rumble, handling noise and DC below the voice.
 */
export interface HighPass {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Forward-backward filtering halves the gain at the cut-off (-6 dB), so 70 Hz leaves even deep voices alone. */
export const HIGH_PASS_HZ = 70;

export function designHighPass(sampleRate: number, cutoffHz = HIGH_PASS_HZ): HighPass {
  const omega = (2 * Math.PI * cutoffHz) / sampleRate;
  const alpha = Math.sin(omega) / (2 * Math.SQRT1_2);
  const cosine = Math.cos(omega);
  const a0 = 1 + alpha;
  return {
    b0: (1 + cosine) / 2 / a0,
    b1: -(1 + cosine) / a0,
    b2: (1 + cosine) / 2 / a0,
    a1: (-2 * cosine) / a0,
    a2: (1 - alpha) / a0,
  };
}

export function zeroPhaseHighPassInPlace(samples: Float32Array, filter: HighPass): Float32Array {
  filterInPlace(samples, filter);
  samples.reverse();
  filterInPlace(samples, filter);
  return samples.reverse();
}

function filterInPlace(samples: Float32Array, filter: HighPass): Float32Array {
  const { b0, b1, b2, a1, a2 } = filter;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let index = 0; index < samples.length; index++) {
    const x0 = samples[index] as number;
    const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    samples[index] = y0;
    x2 = x1;
    x1 = x0;
    y2 = y1;
    y1 = y0;
  }
  return samples;
}

/** |H(f)|² of one pass of the filter (square it for the forward-backward pair), used to predict how it reshapes a noise spectrum. */
export function highPassPowerResponse(filter: HighPass, frequencyHz: number, sampleRate: number): number {
  const omega = (2 * Math.PI * frequencyHz) / sampleRate;
  const [c1, s1, c2, s2] = [Math.cos(omega), Math.sin(omega), Math.cos(2 * omega), Math.sin(2 * omega)];
  const numRe = filter.b0 + filter.b1 * c1 + filter.b2 * c2;
  const numIm = -(filter.b1 * s1 + filter.b2 * s2);
  const denRe = 1 + filter.a1 * c1 + filter.a2 * c2;
  const denIm = -(filter.a1 * s1 + filter.a2 * s2);
  return (numRe * numRe + numIm * numIm) / (denRe * denRe + denIm * denIm);
}
