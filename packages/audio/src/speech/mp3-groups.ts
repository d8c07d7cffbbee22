import { isMp3SampleRate, MP3_ENCODE_OVERHEAD_SAMPLES, mp3FrameSamples } from '../codec/mp3.ts';
import type { PlannedSegment } from './plan.ts';
import type { SentenceWord } from './sentence-word.ts';
import type { SpeakOptions } from './types.ts';

/**
 * Speech streamed as MP3 is encoded on the render threads, a group of segments at a time, each group an MP3 of its
 * own: concatenated, they play as one stream. A fresh encode starts with no bit-reservoir debt, and LAME adds a fixed
 * 1,152 samples (its start and flush) to a whole number of frames. So a group that ends in enough silence can give up
 * that much of its silence and end exactly on a frame: the next group then starts where a single encoder would have
 * put it, within half a frame, and the silence at the seam keeps the frames either side from overlapping audibly.
 */

/**
 * Whether a stream at `sampleRate` is encoded on the render threads: the caller turns it into plain MP3, and MP3
 * carries the rate as it is (a resampling encoder would break the frame arithmetic).
 */
export function encodesMp3OnRenderThreads(options: SpeakOptions | undefined, sampleRate: number): boolean {
  return options?.audio === 'mp3' && isMp3SampleRate(sampleRate);
}

/** Consecutive segments encoded as one MP3 by one thread; `first` is the plan index of `segments[0]`. */
export interface Mp3Group {
  first: number;
  segments: PlannedSegment[];
}

/** A group of segments for one render thread to render and encode as one MP3. */
export interface Mp3GroupJob<SentenceJob> {
  segments: Array<{ kind: 'sentence'; job: SentenceJob } | { kind: 'pause'; seconds: number }>;
  sampleRate: number;
  /** Cut or extend the group's closing silence so it ends on a whole frame (every group but the stream's last). */
  fitToFrames: boolean;
}

/** One segment of an MP3 group, sent as soon as it is encoded. */
export interface EncodedSegment {
  /** Its place in the group. */
  position: number;
  /** The MP3 bytes the encoder gave for it (the group's last segment also carries the flush). */
  mp3: Uint8Array;
  /** Its length in the decoded stream: as rendered, or as fitted and encoded for the group's last segment. */
  length: number;
  speechSamples: number;
  words: SentenceWord[];
}

/**
 * The job for the thread that renders `group`: its sentences as `sentenceJob` makes them, its pauses as they are.
 * Every group but the stream's last is fitted to whole frames.
 */
export function mp3GroupJob<SentenceJob>(
  group: Mp3Group,
  sampleRate: number,
  last: boolean,
  sentenceJob: (segment: Extract<PlannedSegment, { kind: 'sentence' }>) => SentenceJob,
): Mp3GroupJob<SentenceJob> {
  return {
    sampleRate,
    fitToFrames: !last,
    segments: group.segments.map((segment) => (segment.kind === 'pause' ? segment : { kind: 'sentence', job: sentenceJob(segment) })),
  };
}

/** The silence a group must end in to be cut to a frame without cutting speech: LAME's overhead plus a frame. */
export function seamSilenceSamples(sampleRate: number): number {
  return MP3_ENCODE_OVERHEAD_SAMPLES + mp3FrameSamples(sampleRate);
}

/** The silence a segment is known (from the plan) to end in, in samples. */
function trailingSilence(segment: PlannedSegment, sampleRate: number): number {
  return Math.floor((segment.kind === 'pause' ? segment.seconds : segment.gapAfterSeconds) * sampleRate);
}

/**
 * Splits the plan into groups that end where the plan leaves enough silence (after most sentences, after long
 * pauses); a clause gap too short to cut, or a lead piece, stays in one group with what follows it.
 */
export function planMp3Groups(segments: readonly PlannedSegment[], sampleRate: number): Mp3Group[] {
  const groups: Mp3Group[] = [];
  let current: Mp3Group = { first: 0, segments: [] };
  segments.forEach((segment, index) => {
    current.segments.push(segment);
    if (index < segments.length - 1 && trailingSilence(segment, sampleRate) >= seamSilenceSamples(sampleRate)) {
      groups.push(current);
      current = { first: index + 1, segments: [] };
    }
  });
  if (current.segments.length > 0) groups.push(current);
  return groups;
}

/**
 * How many samples of a group (whose audio is `length` samples, speech ending at `speechEnd`) to encode so that it
 * decodes to a whole number of frames as close to `length` as the speech allows: a multiple of the frame, with
 * LAME's 1,152 samples on top.
 */
export function fittedGroupInput(length: number, speechEnd: number, sampleRate: number): number {
  const frame = mp3FrameSamples(sampleRate);
  const nearest = Math.round((length - MP3_ENCODE_OVERHEAD_SAMPLES) / frame) * frame;
  return Math.max(nearest, Math.ceil(speechEnd / frame) * frame, 0);
}

/** `samples` cut or padded with silence at the end to `length`. */
export function withLength(samples: Float32Array, length: number): Float32Array {
  if (length <= samples.length) return samples.subarray(0, length);
  const longer = new Float32Array(length);
  longer.set(samples);
  return longer;
}
