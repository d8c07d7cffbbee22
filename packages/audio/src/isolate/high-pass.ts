import { biquadInPlace, biquadPowerResponse, designHighPass as designButterworthHighPass, type Biquad } from '../codec/biquad.ts';

/**
 * Second-order Butterworth high-pass (RBJ cookbook, the shared biquad) run forwards and then backwards: zero phase,
 * so the voice's low harmonics keep their timing (a one-way IIR would shift them), with a 4th-order slope below the
 * cut-off. It removes rumble, handling noise and DC below the voice.
 */
export type HighPass = Biquad;

/** Forward-backward filtering halves the gain at the cut-off (-6 dB), so 70 Hz leaves even deep voices alone. */
export const HIGH_PASS_HZ = 70;

export function designHighPass(sampleRate: number, cutoffHz = HIGH_PASS_HZ): HighPass {
  return designButterworthHighPass(sampleRate, cutoffHz);
}

export function zeroPhaseHighPassInPlace(samples: Float32Array, filter: HighPass): Float32Array {
  biquadInPlace(samples, filter);
  return biquadInPlace(samples, filter, 'backward');
}

/** |H(f)|² of one pass of the filter (square it for the forward-backward pair), used to predict how it reshapes a noise spectrum. */
export function highPassPowerResponse(filter: HighPass, frequencyHz: number, sampleRate: number): number {
  return biquadPowerResponse(filter, frequencyHz, sampleRate);
}
