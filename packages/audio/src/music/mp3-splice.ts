/**
 * Joins two MP3 encodes of one track, made in parallel: a head encoded from the start and a tail encoded from a frame
 * boundary a little before the middle. LAME's frames sit on a fixed 1152-sample grid, so the tail's frame k is the
 * head's frame k + offset; after a few frames of warm-up the two encoders describe the same signal. The join keeps the
 * head's frames before a splice frame and the tail's from there on, where:
 *
 * - the tail's frame may borrow bytes from the bit reservoir (its main_data_begin points back into the frames before
 *   it). Those bytes are copied into the head's unused reservoir space, which must be at least as large (the head's
 *   own main_data_begin at the splice frame says how much the head left free there);
 * - both encoders chose the same block types (long, start, short, stop) for the splice frame's first granule, so the
 *   windows overlap as in one encode.
 *
 * Every frame then decodes exactly as it does in its own encode. MPEG-1 Layer III only (32–48 kHz).
 */

/** Samples per MPEG-1 Layer III frame. */
export const MP3_FRAME_SAMPLES = 1152;
/** Tail frames dropped before any splice: the encoder settles (filter bank, psychoacoustic model) on real audio. */
const WARM_UP_FRAMES = 12;
/** Splice frames tried, from the nominal split onwards. */
const CANDIDATE_FRAMES = 32;
/** Head frames encoded past the last candidate, so the frames kept never depend on the head's flush at its end. */
const HEAD_MARGIN_FRAMES = 3;

export interface Mp3SplitPlan {
  /** The head encodes samples [0, headEnd). */
  headEnd: number;
  /** The tail encodes samples [tailStart, end); tailStart is frame tailFrameOffset of the grid. */
  tailStart: number;
  tailFrameOffset: number;
  /** Splice frames (in the head's numbering) to try, in order. */
  firstCandidate: number;
  lastCandidate: number;
}

/**
 * Where to split a track of `length` samples so the head holds about `headShare` of the work; undefined when the
 * track is too short to gain from two encoders.
 */
export function planMp3Split(length: number, headShare: number): Mp3SplitPlan | undefined {
  const frames = Math.ceil(length / MP3_FRAME_SAMPLES);
  const nominal = Math.round(frames * headShare);
  if (nominal < 4 * WARM_UP_FRAMES || frames - nominal < 2 * (CANDIDATE_FRAMES + HEAD_MARGIN_FRAMES)) return undefined;
  const tailFrameOffset = nominal - WARM_UP_FRAMES;
  return {
    headEnd: Math.min(length, (nominal + CANDIDATE_FRAMES + HEAD_MARGIN_FRAMES) * MP3_FRAME_SAMPLES),
    tailStart: tailFrameOffset * MP3_FRAME_SAMPLES,
    tailFrameOffset,
    firstCandidate: nominal,
    lastCandidate: nominal + CANDIDATE_FRAMES - 1,
  };
}

interface Mp3Frame {
  offset: number;
  size: number;
  /** Where the frame's main data region starts (after header, CRC and side information). */
  mainDataStart: number;
  mainDataBegin: number;
  /** Block types (0 long, 1 start, 2 short, 3 stop) and mixed flags of the first granule, both channels. */
  firstGranuleBlocks: string;
}

const MPEG1_LAYER3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
const MPEG1_SAMPLE_RATES = [44100, 48000, 32000] as const;

/** The frames of a headerless MPEG-1 Layer III stream; undefined for anything else (it is then not spliced). */
export function readMp3Frames(bytes: Uint8Array): Mp3Frame[] | undefined {
  const frames: Mp3Frame[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const frame = readFrame(bytes, offset);
    if (!frame) return undefined;
    frames.push(frame);
    offset += frame.size;
  }
  return frames;
}

function readFrame(bytes: Uint8Array, offset: number): Mp3Frame | undefined {
  if (offset + 4 > bytes.length) return undefined;
  const [sync, versionLayer, rates, modeByte] = [bytes[offset] ?? 0, bytes[offset + 1] ?? 0, bytes[offset + 2] ?? 0, bytes[offset + 3] ?? 0];
  // 0xFFF sync, MPEG-1 (11), Layer III (01).
  if (sync !== 0xff || (versionLayer & 0xfe) !== 0xfa) return undefined;
  const bitrate = MPEG1_LAYER3_BITRATES[rates >> 4];
  const sampleRate = MPEG1_SAMPLE_RATES[(rates >> 2) & 3];
  if (!bitrate || !sampleRate) return undefined;
  const size = Math.floor((144 * bitrate * 1000) / sampleRate) + ((rates >> 1) & 1);
  const mono = modeByte >> 6 === 3;
  const sideStart = offset + 4 + ((versionLayer & 1) === 0 ? 2 : 0);
  const sideBytes = mono ? 17 : 32;
  if (sideStart + sideBytes > bytes.length || offset + size > bytes.length) return undefined;
  const bits = new BitReader(bytes, sideStart);
  const mainDataBegin = bits.read(9);
  bits.skip(mono ? 5 + 4 : 3 + 8);
  const channels = mono ? 1 : 2;
  let firstGranuleBlocks = '';
  for (let channel = 0; channel < channels; channel++) {
    bits.skip(12 + 9 + 8 + 4);
    const switched = bits.read(1) === 1;
    // Block type and mixed-block flag when the window switches; a plain long block otherwise.
    firstGranuleBlocks += switched ? `${bits.read(2)}${bits.read(1)} ` : '00 ';
    bits.skip(switched ? 10 + 9 : 15 + 7);
    bits.skip(3);
  }
  return { offset, size, mainDataStart: sideStart + sideBytes, mainDataBegin, firstGranuleBlocks };
}

class BitReader {
  private position = 0;
  constructor(private readonly bytes: Uint8Array, private readonly start: number) {}

  read(count: number): number {
    let value = 0;
    for (let bit = 0; bit < count; bit++, this.position++) {
      const byte = this.bytes[this.start + (this.position >> 3)] ?? 0;
      value = (value << 1) | ((byte >> (7 - (this.position & 7))) & 1);
    }
    return value;
  }

  skip(count: number): void {
    this.position += count;
  }
}

/**
 * The head's frames before the first usable splice frame and the tail's from it on, as one stream; undefined when
 * no candidate frame qualifies (or either part is not plain MPEG-1 Layer III), and the caller encodes in one piece.
 */
export function joinMp3Parts(head: Uint8Array, tail: Uint8Array, plan: Mp3SplitPlan): Uint8Array | undefined {
  const headFrames = readMp3Frames(head);
  const tailFrames = readMp3Frames(tail);
  if (!headFrames || !tailFrames) return undefined;
  for (let splice = plan.firstCandidate; splice <= plan.lastCandidate; splice++) {
    const own = headFrames[splice];
    const joined = tailFrames[splice - plan.tailFrameOffset];
    if (!own || !joined || splice + HEAD_MARGIN_FRAMES > headFrames.length) return undefined;
    if (own.mainDataBegin < joined.mainDataBegin || own.firstGranuleBlocks !== joined.firstGranuleBlocks) continue;
    const result = new Uint8Array(own.offset + (tail.length - joined.offset));
    result.set(head.subarray(0, own.offset));
    result.set(tail.subarray(joined.offset), own.offset);
    copyReservoir(tail, tailFrames, splice - plan.tailFrameOffset, result, headFrames, splice, joined.mainDataBegin);
    return result;
  }
  return undefined;
}

/**
 * Copies the `count` main-data bytes before `from`'s frame `fromIndex` into the same places before `to`'s frame
 * `toIndex`, counting only main data (frame headers and side information are skipped on both sides).
 */
function copyReservoir(from: Uint8Array, fromFrames: Mp3Frame[], fromIndex: number, to: Uint8Array, toFrames: Mp3Frame[], toIndex: number, count: number): void {
  const source = mainDataPositions(fromFrames, fromIndex, count);
  const target = mainDataPositions(toFrames, toIndex, count);
  for (let index = 0; index < count; index++) to[target[index] ?? 0] = from[source[index] ?? 0] ?? 0;
}

/** Byte positions of the last `count` main-data bytes before frame `index`, oldest first. */
function mainDataPositions(frames: Mp3Frame[], index: number, count: number): number[] {
  const positions: number[] = [];
  for (let frame = index - 1; frame >= 0 && positions.length < count; frame--) {
    const { offset, size, mainDataStart } = frames[frame] as Mp3Frame;
    for (let position = offset + size - 1; position >= mainDataStart && positions.length < count; position--) positions.push(position);
  }
  if (positions.length < count) throw new Error('The MP3 bit reservoir reaches before the first frame');
  return positions.reverse();
}
