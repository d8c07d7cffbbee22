/** Frame-header reader for MPEG audio Layer III: enough to validate our files and measure their length. */
export interface Mp3FrameInfo {
  frames: number;
  sampleRate: number;
  /** Bitrate of the first audio frame in kbps. */
  bitrate: number;
  version: 'MPEG-1' | 'MPEG-2' | 'MPEG-2.5';
  channelMode: 'stereo' | 'joint stereo' | 'dual channel' | 'mono';
  durationSeconds: number;
  /** Bytes before the first frame (an ID3 tag, for example). */
  firstFrameOffset: number;
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
const CHANNEL_MODES = ['stereo', 'joint stereo', 'dual channel', 'mono'] as const;

interface FrameHeader {
  length: number;
  sampleRate: number;
  bitrate: number;
  samplesPerFrame: number;
  version: Mp3FrameInfo['version'];
  channelMode: Mp3FrameInfo['channelMode'];
}

function readHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  const b1 = bytes[offset] ?? 0;
  const b2 = bytes[offset + 1] ?? 0;
  const b3 = bytes[offset + 2] ?? 0;
  const b4 = bytes[offset + 3] ?? 0;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null;
  const versionBits = (b2 >> 3) & 3;
  const layerBits = (b2 >> 1) & 3;
  if (versionBits === 1 || layerBits !== 1) return null; // reserved version, or not Layer III
  const bitrateIndex = (b3 >> 4) & 15;
  const rateIndex = (b3 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const isV1 = versionBits === 3;
  const bitrate = (isV1 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex] ?? 0;
  const sampleRate = SAMPLE_RATES[versionBits]?.[rateIndex] ?? 0;
  const padding = (b3 >> 1) & 1;
  const samplesPerFrame = isV1 ? 1152 : 576;
  const length = Math.floor(((samplesPerFrame / 8) * bitrate * 1000) / sampleRate) + padding;
  return {
    length,
    sampleRate,
    bitrate,
    samplesPerFrame,
    version: isV1 ? 'MPEG-1' : versionBits === 2 ? 'MPEG-2' : 'MPEG-2.5',
    channelMode: CHANNEL_MODES[(b4 >> 6) & 3] ?? 'stereo',
  };
}

function skipId3(bytes: Uint8Array): number {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = (((bytes[6] ?? 0) & 0x7f) << 21) | (((bytes[7] ?? 0) & 0x7f) << 14) | (((bytes[8] ?? 0) & 0x7f) << 7) | ((bytes[9] ?? 0) & 0x7f);
  return 10 + size;
}

/** Walks the frame chain; throws if the bytes do not start (after any ID3 tag) with a valid Layer III frame. */
export function parseMp3Frames(bytes: Uint8Array): Mp3FrameInfo {
  const firstFrameOffset = skipId3(bytes);
  const first = readHeader(bytes, firstFrameOffset);
  if (!first) throw new Error('No MPEG Layer III frame at the start of the data');
  let offset = firstFrameOffset;
  let frames = 0;
  let samples = 0;
  for (let header = readHeader(bytes, offset); header && offset + header.length <= bytes.length; header = readHeader(bytes, offset)) {
    frames += 1;
    samples += header.samplesPerFrame;
    offset += header.length;
  }
  return {
    frames,
    sampleRate: first.sampleRate,
    bitrate: first.bitrate,
    version: first.version,
    channelMode: first.channelMode,
    durationSeconds: samples / first.sampleRate,
    firstFrameOffset,
  };
}

/**
 * How much of `bytes` is whole frames (after an ID3 tag at the start), for MP3 that arrives in pieces cut anywhere:
 * the rest is kept for the next piece. `samples` counts the whole frames' samples; `sampleRate` is null before any.
 */
export function wholeMp3Frames(bytes: Uint8Array): { length: number; samples: number; sampleRate: number | null } {
  const tagLength = skipId3(bytes);
  if (tagLength > bytes.length) return { length: 0, samples: 0, sampleRate: null };
  let offset = tagLength;
  let samples = 0;
  let sampleRate: number | null = null;
  for (let header = readHeader(bytes, offset); header && offset + header.length <= bytes.length; header = readHeader(bytes, offset)) {
    sampleRate ??= header.sampleRate;
    samples += header.samplesPerFrame;
    offset += header.length;
  }
  return { length: offset, samples, sampleRate };
}
