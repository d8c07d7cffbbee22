import { RNNOISE_FRAME } from './rnnoise.ts';

/**
 * Voice-activity gating of what RNNoise leaves between phrases. RNNoise's per-frame voice probability opens and
 * closes the gate with hysteresis and a hold time (so short pauses inside a phrase never close it); the gain then
 * moves with attack and release time constants towards 1 or a floor, and looks ahead a little so the first consonant
 * of a phrase is never cut. Gaps are turned down, not chopped out.
 */
export interface GateOptions {
  /** Probability at or above which a frame opens the gate. */
  openThreshold: number;
  /** Probability below which the gate may close (after the hold time). */
  closeThreshold: number;
  holdMs: number;
  attackMs: number;
  releaseMs: number;
  lookaheadMs: number;
  /** Gain between phrases, in dB (negative). */
  floorDb: number;
}

export const DEFAULT_GATE_OPTIONS: GateOptions = {
  openThreshold: 0.6,
  closeThreshold: 0.3,
  holdMs: 200,
  attackMs: 10,
  releaseMs: 120,
  lookaheadMs: 40,
  floorDb: -20,
};

const FRAME_MS = 10;

/** Whether each frame belongs to speech, after hysteresis and hold. */
export function speechFrames(voiceProbability: Float32Array, options: GateOptions = DEFAULT_GATE_OPTIONS): Uint8Array {
  const holdFrames = Math.round(options.holdMs / FRAME_MS);
  const open = new Uint8Array(voiceProbability.length);
  let isOpen = false;
  let hold = 0;
  for (let frame = 0; frame < voiceProbability.length; frame++) {
    const probability = voiceProbability[frame] as number;
    if (probability >= options.openThreshold) {
      isOpen = true;
      hold = holdFrames;
    } else if (probability < options.closeThreshold) {
      if (hold > 0) hold--;
      else isOpen = false;
    }
    open[frame] = isOpen ? 1 : 0;
  }
  return open;
}

/** Linear gain per frame: 1 in speech, the floor between phrases, smoothed. */
export function gateGains(voiceProbability: Float32Array, options: GateOptions = DEFAULT_GATE_OPTIONS): Float32Array {
  const open = speechFrames(voiceProbability, options);
  const lookahead = Math.round(options.lookaheadMs / FRAME_MS);
  const floor = 10 ** (options.floorDb / 20);
  const attack = 1 - Math.exp(-FRAME_MS / options.attackMs);
  const release = 1 - Math.exp(-FRAME_MS / options.releaseMs);
  const gains = new Float32Array(open.length);
  let gain = floor;
  let nextOpenWithin = -1;
  for (let frame = open.length - 1; frame >= 0; frame--) {
    // Walking backwards first marks frames within `lookahead` of a speech frame.
    if (open[frame]) nextOpenWithin = lookahead;
    else if (nextOpenWithin >= 0) nextOpenWithin--;
    gains[frame] = nextOpenWithin >= 0 ? 1 : 0;
  }
  for (let frame = 0; frame < gains.length; frame++) {
    const target = gains[frame] ? 1 : floor;
    gain += (target - gain) * (target > gain ? attack : release);
    gains[frame] = gain;
  }
  return gains;
}

/**
 * Applies frame gains to 48 kHz samples [from, to), interpolating between frame centres so gain changes never click.
 */
export function applyGainsInPlace(samples: Float32Array, gains: Float32Array, frameSize = RNNOISE_FRAME, from = 0, to = samples.length): Float32Array {
  if (gains.length === 0) return samples;
  const half = frameSize / 2;
  const lastGain = gains.length - 1;
  const end = Math.min(to, samples.length);
  // Walk the spans between consecutive frame centres: each blends two known gains, so no clamping per sample.
  for (let frame = Math.max(-1, Math.floor((from - half) / frameSize)); frame <= lastGain && frame * frameSize + half < end; frame++) {
    const before = gains[Math.max(0, frame)] as number;
    const after = gains[Math.min(lastGain, frame + 1)] as number;
    const step = after - before;
    const spanEnd = Math.min(end, (frame + 1) * frameSize + half);
    for (let index = Math.max(from, frame * frameSize + half); index < spanEnd; index++) {
      const blend = (index - half) / frameSize - frame;
      samples[index] = (samples[index] as number) * (before + step * blend);
    }
  }
  // Past the last centre plus one frame (only when there are more samples than frames): the last gain holds.
  const lastValue = gains[lastGain] as number;
  for (let index = Math.max(from, (lastGain + 1) * frameSize + half); index < end; index++) samples[index] = (samples[index] as number) * lastValue;
  return samples;
}

/** Share of frames the gate treated as speech. */
export function speechRatio(voiceProbability: Float32Array, options: GateOptions = DEFAULT_GATE_OPTIONS): number {
  const open = speechFrames(voiceProbability, options);
  let count = 0;
  for (const value of open) count += value;
  return open.length ? count / open.length : 0;
}
