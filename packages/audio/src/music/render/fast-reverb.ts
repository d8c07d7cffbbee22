import type { ReverbProcessor } from 'spessasynth_core';

/** A delay line of spessasynth's Dattorro reverb: [buffer, write index, read index, mask]. */
type DelayLine = [Float32Array, number, number, number];

/** The state of spessasynth_core's DattorroReverb that its `process` reads and writes. */
interface DattorroState {
  preDelay: number;
  preLPF: number;
  inputDiffusion1: number;
  inputDiffusion2: number;
  decay: number;
  decayDiffusion1: number;
  decayDiffusion2: number;
  damping: number;
  excursionRate: number;
  excursionDepth: number;
  gain: number;
  sampleRate: number;
  lp1: number;
  lp2: number;
  lp3: number;
  excPhase: number;
  pDWrite: number;
  pDLength: number;
  pDelay: Float32Array;
  taps: Int16Array;
  delays: DelayLine[];
  process: (input: Float32Array, outputLeft: Float32Array, outputRight: Float32Array, startIndex: number, sampleCount: number) => void;
}

function isDattorro(value: unknown): value is DattorroState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<DattorroState>;
  return typeof state.process === 'function' && state.pDelay instanceof Float32Array && state.taps instanceof Int16Array && state.taps.length === 14
    && Array.isArray(state.delays) && state.delays.length === 12
    && state.delays.every((line) => Array.isArray(line) && line[0] instanceof Float32Array && line.length === 4);
}

/**
 * spessasynth_core's Dattorro plate reverb (characters 0–5, the General MIDI default) reads and writes its twelve
 * delay lines through small methods on an array of mixed tuples, which V8 cannot keep fast; it was the largest single
 * cost of a render. This swaps in the same arithmetic, step for step, with the lines' buffers and indices in locals:
 * the same samples (the tests compare them bit for bit), in a fraction of the time. Returns false, leaving the
 * processor untouched, if its internals are not the expected ones (another spessasynth version).
 */
export function speedUpReverb(reverb: ReverbProcessor): boolean {
  const dattorro: unknown = Reflect.get(reverb, 'dattorro');
  if (!isDattorro(dattorro)) return false;
  // The lines' buffers, masks and write-minus-read offsets never change (DattorroReverb makes its lines once).
  const lines: DelayLines = {
    buffers: dattorro.delays.map((line) => line[0]) as Twelve<Float32Array>,
    masks: dattorro.delays.map((line) => line[3]) as Twelve<number>,
    offsets: dattorro.delays.map((line) => (line[1] - line[2]) & line[3]) as Twelve<number>,
  };
  dattorro.process = (input, outputLeft, outputRight, startIndex, sampleCount) => processDattorro(dattorro, lines, input, outputLeft, outputRight, startIndex, sampleCount);
  return true;
}

type Twelve<T> = [T, T, T, T, T, T, T, T, T, T, T, T];

interface DelayLines {
  buffers: Twelve<Float32Array>;
  masks: Twelve<number>;
  offsets: Twelve<number>;
}

function processDattorro(state: DattorroState, lines: DelayLines, input: Float32Array, outputLeft: Float32Array, outputRight: Float32Array, startIndex: number, sampleCount: number): void {
  const pd = state.preDelay | 0;
  const fi = state.inputDiffusion1;
  const si = state.inputDiffusion2;
  const dc = state.decay;
  const ft = state.decayDiffusion1;
  const st = state.decayDiffusion2;
  const dp = 1 - state.damping;
  const ex = state.excursionRate / state.sampleRate;
  const ed = (state.excursionDepth * state.sampleRate) / 1e3;
  const preLPF = state.preLPF;
  const gain = state.gain;
  const { pDelay, pDLength, taps, delays } = state;
  const blockStart = state.pDWrite;
  for (let j = 0; j < sampleCount; j++) pDelay[(blockStart + j) % pDLength] = input[j] as number;

  const [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11] = lines.buffers;
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11] = lines.masks;
  // Write and read indices advance together, so each line's write index is its read index plus a fixed offset.
  const [o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11] = lines.offsets;
  const [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11] = delays as Twelve<DelayLine>;
  let r0 = d0[2], r1 = d1[2], r2 = d2[2], r3 = d3[2], r4 = d4[2], r5 = d5[2], r6 = d6[2], r7 = d7[2], r8 = d8[2], r9 = d9[2], r10 = d10[2], r11 = d11[2];
  const t0 = taps[0] as number, t1 = taps[1] as number, t2 = taps[2] as number, t3 = taps[3] as number, t4 = taps[4] as number;
  const t5 = taps[5] as number, t6 = taps[6] as number, t7 = taps[7] as number, t8 = taps[8] as number, t9 = taps[9] as number;
  const t10 = taps[10] as number, t11 = taps[11] as number, t12 = taps[12] as number, t13 = taps[13] as number;
  let { lp1, lp2, lp3, excPhase } = state;

  for (let i = 0; i < sampleCount; i++) {
    lp1 += preLPF * ((pDelay[(pDLength + blockStart - pd + i) % pDLength] as number) - lp1);
    // Each write yields the value written, unrounded, as the original's `return buffer[index] = sample` does.
    let pre = lp1 - fi * (b0[r0] as number);
    b0[(r0 + o0) & m0] = pre;
    pre = fi * (pre - (b1[r1] as number)) + (b0[r0] as number);
    b1[(r1 + o1) & m1] = pre;
    pre = fi * pre + (b1[r1] as number) - si * (b2[r2] as number);
    b2[(r2 + o2) & m2] = pre;
    pre = si * (pre - (b3[r3] as number)) + (b2[r2] as number);
    b3[(r3 + o3) & m3] = pre;
    const split = si * pre + (b3[r3] as number);
    const exc = ed * (1 + Math.cos(excPhase * 6.28));
    const exc2 = ed * (1 + Math.sin(excPhase * 6.2847));
    let temp = split + dc * (b11[r11] as number) + ft * cubicAt(b4, r4, m4, exc);
    b4[(r4 + o4) & m4] = temp;
    b5[(r5 + o5) & m5] = cubicAt(b4, r4, m4, exc) - ft * temp;
    lp2 += dp * ((b5[r5] as number) - lp2);
    temp = dc * lp2 - st * (b6[r6] as number);
    b6[(r6 + o6) & m6] = temp;
    b7[(r7 + o7) & m7] = (b6[r6] as number) + st * temp;
    temp = split + dc * (b7[r7] as number) + ft * cubicAt(b8, r8, m8, exc2);
    b8[(r8 + o8) & m8] = temp;
    b9[(r9 + o9) & m9] = cubicAt(b8, r8, m8, exc2) - ft * temp;
    lp3 += dp * ((b9[r9] as number) - lp3);
    temp = dc * lp3 - st * (b10[r10] as number);
    b10[(r10 + o10) & m10] = temp;
    b11[(r11 + o11) & m11] = (b10[r10] as number) + st * temp;
    const leftSample = (b9[(r9 + t0) & m9] as number) + (b9[(r9 + t1) & m9] as number) - (b10[(r10 + t2) & m10] as number)
      + (b11[(r11 + t3) & m11] as number) - (b5[(r5 + t4) & m5] as number) - (b6[(r6 + t5) & m6] as number) - (b7[(r7 + t6) & m7] as number);
    const index = i + startIndex;
    outputLeft[index] = (outputLeft[index] as number) + leftSample * gain;
    const rightSample = (b5[(r5 + t7) & m5] as number) + (b5[(r5 + t8) & m5] as number) - (b6[(r6 + t9) & m6] as number)
      + (b7[(r7 + t10) & m7] as number) - (b9[(r9 + t11) & m9] as number) - (b10[(r10 + t12) & m10] as number) - (b11[(r11 + t13) & m11] as number);
    outputRight[index] = (outputRight[index] as number) + rightSample * gain;
    excPhase += ex;
    r0 = (r0 + 1) & m0; r1 = (r1 + 1) & m1; r2 = (r2 + 1) & m2; r3 = (r3 + 1) & m3;
    r4 = (r4 + 1) & m4; r5 = (r5 + 1) & m5; r6 = (r6 + 1) & m6; r7 = (r7 + 1) & m7;
    r8 = (r8 + 1) & m8; r9 = (r9 + 1) & m9; r10 = (r10 + 1) & m10; r11 = (r11 + 1) & m11;
  }

  state.lp1 = lp1; state.lp2 = lp2; state.lp3 = lp3; state.excPhase = excPhase;
  const reads = [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11];
  delays.forEach((line, index) => {
    const read = reads[index] as number;
    line[2] = read;
    line[1] = (read + (lines.offsets[index] as number)) & line[3];
  });
  state.pDWrite = (blockStart + sampleCount) % pDLength;
}

/** DattorroReverb.readDelayCAt: a cubic interpolation `position` samples after the read index. */
function cubicAt(buffer: Float32Array, read: number, mask: number, position: number): number {
  const frac = position - ~~position;
  let int = ~~position + read - 1;
  const x0 = buffer[int++ & mask] as number, x1 = buffer[int++ & mask] as number, x2 = buffer[int++ & mask] as number, x3 = buffer[int & mask] as number;
  const a = (3 * (x1 - x2) - x0 + x3) / 2, b = 2 * x2 + x0 - (5 * x1 + x3) / 2, c = (x2 - x0) / 2;
  return ((a * frac + b) * frac + c) * frac + x1;
}
