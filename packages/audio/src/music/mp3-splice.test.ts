import { describe, expect, it } from 'vitest';
import { decodeToPcm } from '../decode/decode.ts';
import { encodeStereoMp3, encodeStereoMp3InTwo, type StereoMp3Encoder } from './encode.ts';
import { MP3_FRAME_SAMPLES, joinMp3Parts, planMp3Split, readMp3Frames } from './mp3-splice.ts';
import { musicLike } from './test-support/mastering.ts';

const RATE = 44100;
const encodeHere: StereoMp3Encoder = (left, right) => encodeStereoMp3(left, right, RATE, 192);

/** Mono decode at the track's rate (ffmpeg), for comparing two encodes sample by sample. */
async function decoded(mp3: Uint8Array): Promise<Float32Array> {
  return (await decodeToPcm(mp3, { sampleRate: RATE, maxSeconds: 60 })).samples;
}

/** Energy of the difference relative to the reference's, in dB. */
function differenceDb(actual: Float32Array, reference: Float32Array): number {
  let difference = 0;
  let power = 0;
  for (let index = 0; index < reference.length; index++) {
    difference += ((actual[index] ?? 0) - (reference[index] ?? 0)) ** 2;
    power += (reference[index] ?? 0) ** 2;
  }
  return 10 * Math.log10(difference / power);
}

describe('MP3 encoded in two parts', () => {
  it('splits on the frame grid, with the tail starting before the splice candidates and the head ending after them', () => {
    const plan = planMp3Split(20 * RATE, 0.46);
    if (!plan) throw new Error('expected a plan for 20 s');
    expect(plan.tailStart).toBe(plan.tailFrameOffset * MP3_FRAME_SAMPLES);
    expect(plan.tailFrameOffset).toBeLessThan(plan.firstCandidate);
    expect(plan.headEnd).toBeGreaterThan((plan.lastCandidate + 1) * MP3_FRAME_SAMPLES);
    expect(planMp3Split(2 * RATE, 0.46)).toBeUndefined();
  });

  it('joins into one valid stream that decodes like the one-piece encode', async () => {
    const [left, right] = musicLike(20, 3);
    const whole = await encodeStereoMp3(left, right, RATE, 192);
    const plan = planMp3Split(left.length, 0.46);
    if (!plan) throw new Error('expected a plan for 20 s');
    const head = await encodeHere(left.subarray(0, plan.headEnd), right.subarray(0, plan.headEnd));
    const tail = await encodeHere(left.subarray(plan.tailStart), right.subarray(plan.tailStart));
    const joined = joinMp3Parts(head, tail, plan);
    if (!joined) throw new Error('expected a splice frame among the candidates');
    expect(readMp3Frames(joined)?.length).toBe(readMp3Frames(whole)?.length);
    const [joinedPcm, wholePcm] = [await decoded(joined), await decoded(whole)];
    expect(joinedPcm.length).toBe(wholePcm.length);
    // Around the splice: a frame read with the wrong reservoir bytes, or off the grid, differs by about -17 dB; two
    // encodes of the same audio differ only by their quantisation noise (about -70 dB here).
    const around = (samples: Float32Array): Float32Array => samples.subarray((plan.firstCandidate - 2) * MP3_FRAME_SAMPLES, (plan.lastCandidate + 4) * MP3_FRAME_SAMPLES);
    expect(differenceDb(around(joinedPcm), around(wholePcm))).toBeLessThan(-30);
  });

  it('keeps the head frames before the splice byte for byte', async () => {
    const [left, right] = musicLike(20, 4);
    const joined = await encodeStereoMp3InTwo(left, right, RATE, 192, { encodeTail: encodeHere, headShare: 0.5 });
    const whole = await encodeStereoMp3(left, right, RATE, 192);
    const plan = planMp3Split(left.length, 0.5);
    if (!plan) throw new Error('expected a plan for 20 s');
    const firstFrames = readMp3Frames(whole)?.slice(0, plan.firstCandidate - 1) ?? [];
    const prefix = firstFrames.reduce((sum, frame) => sum + frame.size, 0);
    expect(prefix).toBeGreaterThan(0);
    expect(Buffer.from(joined.subarray(0, prefix)).equals(Buffer.from(whole.subarray(0, prefix)))).toBe(true);
  });

  it('encodes in one piece when the other thread fails, running the side work all the same', async () => {
    const [left, right] = musicLike(20, 5);
    let besideRan = false;
    const mp3 = await encodeStereoMp3InTwo(left, right, RATE, 192, {
      encodeTail: () => Promise.reject(new Error('helper gone')),
      headShare: 0.46,
      beside: () => { besideRan = true; },
    });
    expect(besideRan).toBe(true);
    expect(Buffer.from(mp3).equals(Buffer.from(await encodeStereoMp3(left, right, RATE, 192)))).toBe(true);
  });
});
