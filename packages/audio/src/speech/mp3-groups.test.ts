import { describe, expect, it } from 'vitest';
import { mp3EncodedLength, mp3FrameSamples, Mp3StreamEncoder, MP3_ENCODE_OVERHEAD_SAMPLES } from '../codec/mp3.ts';
import { parseMp3Frames } from '../codec/mp3-frames.ts';
import { concatBytes } from '../codec/pcm.ts';
import { fittedGroupInput, planMp3Groups, seamSilenceSamples, withLength } from './mp3-groups.ts';
import type { PlannedSegment } from './plan.ts';

const RATE = 24_000;

const sentence = (text: string, gapAfterSeconds: number): PlannedSegment => ({ kind: 'sentence', text, textOffset: 0, spokenText: text, gapAfterSeconds });

function tone(length: number, seed: number): Float32Array {
  return Float32Array.from({ length }, (_, index) => 0.3 * Math.sin(index * (0.05 + seed * 0.01)) * Math.sin((Math.PI * index) / length));
}

async function wholeEncode(encoder: Mp3StreamEncoder, samples: Float32Array): Promise<Uint8Array> {
  encoder.restart();
  return concatBytes([encoder.encode(samples), encoder.finish()]);
}

describe('MP3 frame arithmetic', () => {
  it("predicts the decoded length of LAME's whole encodes at MPEG-1 and MPEG-2 rates", async () => {
    for (const rate of [24_000, 22_050, 44_100]) {
      const encoder = await Mp3StreamEncoder.create({ sampleRate: rate });
      for (const length of [0, 1, 575, 576, 577, 1151, 1152, 1153, 4000, 9217]) {
        const mp3 = await wholeEncode(encoder, tone(length, 1));
        const info = parseMp3Frames(mp3);
        expect(info.frames * mp3FrameSamples(rate), `${length} samples at ${rate} Hz`).toBe(mp3EncodedLength(length, rate));
      }
    }
  });

  it('restarts into an encode byte for byte like a fresh encoder', async () => {
    const samples = tone(30_000, 2);
    const fresh = await wholeEncode(await Mp3StreamEncoder.create({ sampleRate: RATE }), samples);
    const reused = await Mp3StreamEncoder.create({ sampleRate: RATE });
    await wholeEncode(reused, tone(12_345, 3));
    expect(await wholeEncode(reused, samples)).toEqual(fresh);
  });
});

describe('MP3 groups', () => {
  it('closes a group only where the plan leaves silence enough to cut, and never after the last segment', () => {
    const seam = seamSilenceSamples(RATE) / RATE;
    const segments: PlannedSegment[] = [
      sentence('Lead piece,', 0),
      sentence('rest of the first sentence.', 0.32),
      sentence('A clause,', seam / 2),
      sentence('its end.', 0.32),
      { kind: 'pause', seconds: 0.02 },
      sentence('After a short pause.', 0),
      { kind: 'pause', seconds: 1 },
      sentence('The end.', 0),
    ];
    const groups = planMp3Groups(segments, RATE);
    expect(groups.map((group) => [group.first, group.segments.length])).toEqual([[0, 2], [2, 2], [4, 3], [7, 1]]);
    expect(groups.flatMap((group) => group.segments)).toEqual(segments);
  });

  it('fits a group to whole frames near its length, never cutting into its speech', () => {
    const frame = mp3FrameSamples(RATE);
    for (const length of [10_000, 10_300, 24_000, 31_111]) {
      const input = fittedGroupInput(length, length - seamSilenceSamples(RATE), RATE);
      expect(input % frame).toBe(0);
      expect(Math.abs(input + MP3_ENCODE_OVERHEAD_SAMPLES - length)).toBeLessThanOrEqual(frame / 2);
      expect(input).toBeGreaterThanOrEqual(length - seamSilenceSamples(RATE));
    }
    // Too little silence: the speech is kept whole and the group runs a little long.
    expect(fittedGroupInput(10_000, 9_990, RATE)).toBe(Math.ceil(9_990 / frame) * frame);
  });

  it('pads or cuts the closing silence', () => {
    expect(Array.from(withLength(Float32Array.of(1, 2, 3), 2))).toEqual([1, 2]);
    expect(Array.from(withLength(Float32Array.of(1, 2), 4))).toEqual([1, 2, 0, 0]);
  });
});
