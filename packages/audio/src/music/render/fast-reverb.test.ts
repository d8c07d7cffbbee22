import { SpessaSynthProcessor, type ReverbProcessor } from 'spessasynth_core';
import { describe, expect, it } from 'vitest';
import { speedUpReverb } from './fast-reverb.ts';

const RATE = 44100;
const BLOCK = 128;

function reverb(character: number, time: number, preDelayTime: number, speedUp: (processor: ReverbProcessor) => boolean): ReverbProcessor {
  const processor = new SpessaSynthProcessor(RATE, { eventsEnabled: false, effectsEnabled: true }).reverbProcessor;
  expect(speedUp(processor)).toBe(true);
  processor.character = character;
  processor.time = time;
  processor.preDelayTime = preDelayTime;
  processor.level = 90;
  return processor;
}

/** Half a second of seeded noise bursts and silence, in blocks, with a short last block. */
function render(processor: ReverbProcessor): [Float32Array, Float32Array] {
  let state = 12345;
  const left = new Float32Array(RATE / 2);
  const right = new Float32Array(RATE / 2);
  const input = new Float32Array(BLOCK);
  for (let start = 0; start < left.length; start += BLOCK) {
    const count = Math.min(BLOCK, left.length - start);
    for (let index = 0; index < count; index++) {
      state = (state * 1103515245 + 12345) >>> 0;
      input[index] = start % 4096 < 1024 ? state / 0x1_0000_0000 - 0.5 : 0;
    }
    processor.process(input, left, right, start, count);
  }
  return [left, right];
}

describe('speedUpReverb', () => {
  it('gives exactly the samples of spessasynth’s own plate reverb, for every reverb character', () => {
    for (const character of [0, 1, 2, 3, 4, 5]) {
      for (const [time, preDelay] of [[64, 0], [127, 40]] as const) {
        const [left, right] = render(reverb(character, time, preDelay, speedUpReverb));
        const [expectedLeft, expectedRight] = render(reverb(character, time, preDelay, () => true));
        expect(left.some((value) => value !== 0)).toBe(true);
        // Counted, so a failure does not print two long arrays.
        expect(left.filter((value, index) => !Object.is(value, expectedLeft[index])).length).toBe(0);
        expect(right.filter((value, index) => !Object.is(value, expectedRight[index])).length).toBe(0);
      }
    }
  });

  it('leaves a processor it does not know untouched', () => {
    const stranger = { level: 0, preLowpass: 0, character: 0, time: 0, delayFeedback: 0, preDelayTime: 0, process: () => undefined, getSnapshot: () => stranger };
    expect(speedUpReverb(stranger)).toBe(false);
  });
});
