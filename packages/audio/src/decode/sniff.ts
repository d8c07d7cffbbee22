/**
 * Content sniffing: the container is decided by magic bytes, never by file name or declared MIME type. The result
 * also picks ffmpeg's demuxer (`-f`), so a file can never steer the decoder into a playlist, concat or image demuxer.
 */
export const MEDIA_CONTAINERS = ['wav', 'mp3', 'ogg', 'flac', 'mp4', 'webm', 'matroska', 'aac', 'aiff'] as const;
export type MediaContainer = (typeof MEDIA_CONTAINERS)[number];

/** Bytes to read from the start of a file for sniffing (an ID3 tag before an MP3 frame can be longer; see below). */
export const SNIFF_BYTES = 4096;

/** ffmpeg's demuxer name for each container. */
export const DEMUXER_BY_CONTAINER: Readonly<Record<MediaContainer, string>> = {
  wav: 'wav',
  mp3: 'mp3',
  ogg: 'ogg',
  flac: 'flac',
  mp4: 'mov',
  webm: 'matroska',
  matroska: 'matroska',
  aac: 'aac',
  aiff: 'aiff',
};

/** Containers whose index may sit at the end of the file, so ffmpeg must be able to seek (a file, not a pipe). */
export const NEEDS_SEEKABLE_INPUT: ReadonlySet<MediaContainer> = new Set(['mp4']);

/** ISO BMFF boxes that can open a QuickTime file written without an `ftyp` box. */
const QUICKTIME_FIRST_BOXES = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const ADTS_SAMPLE_RATE_INDEXES = 13;

export function sniffContainer(head: Uint8Array): MediaContainer | null {
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (ascii(head, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(head, 8, 4))) return 'aiff';
  if (ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (ascii(head, 0, 4) === 'fLaC') return 'flac';
  if (ascii(head, 4, 4) === 'ftyp' || QUICKTIME_FIRST_BOXES.has(ascii(head, 4, 4))) return 'mp4';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(head);
  if (ascii(head, 0, 3) === 'ID3') return sniffAfterId3(head);
  if (isMpegAudioFrame(head, 0)) return 'mp3';
  if (isAdtsFrame(head, 0)) return 'aac';
  return null;
}

/** WebM is Matroska with a `webm` DocType; both go to the same demuxer, the name only reports what it was. */
function ebmlDocType(head: Uint8Array): MediaContainer {
  return indexOfAscii(head.subarray(0, 64), 'webm') >= 0 ? 'webm' : 'matroska';
}

/** An ID3v2 tag can precede MP3 or AAC; when the tag is longer than the sniffed bytes, MP3 is by far the usual case. */
function sniffAfterId3(head: Uint8Array): MediaContainer {
  const tagSize = 10 + syncSafe(head, 6) + ((head[5] ?? 0) & 0x10 ? 10 : 0);
  if (tagSize + 4 <= head.length && isAdtsFrame(head, tagSize)) return 'aac';
  return 'mp3';
}

/** MPEG-1/2/2.5 Layer I–III frame header; with enough bytes, the next frame must follow where this one says. */
function isMpegAudioFrame(bytes: Uint8Array, offset: number): boolean {
  const length = mpegFrameLength(bytes, offset);
  if (length === null) return false;
  const next = offset + length;
  return next + 4 > bytes.length || mpegFrameLength(bytes, next) !== null;
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG1_L2_KBPS = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384];
const MPEG1_L1_KBPS = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448];
const MPEG2_L1_KBPS = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256];
const MPEG_RATES: Readonly<Record<number, readonly number[]>> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

function mpegFrameLength(bytes: Uint8Array, offset: number): number | null {
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rate = MPEG_RATES[version]?.[(b2 >> 2) & 3];
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rate === undefined) return null;
  const padding = (b2 >> 1) & 1;
  const isV1 = version === 3;
  if (layer === 3) {
    const kbps = (isV1 ? MPEG1_L1_KBPS : MPEG2_L1_KBPS)[bitrateIndex] ?? 0;
    return (Math.floor((12 * kbps * 1000) / rate) + padding) * 4;
  }
  const table = layer === 1 ? (isV1 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS) : isV1 ? MPEG1_L2_KBPS : MPEG2_L3_KBPS;
  const kbps = table[bitrateIndex] ?? 0;
  const samplesPerFrame = layer === 1 && !isV1 ? 576 : 1152;
  return Math.floor(((samplesPerFrame / 8) * kbps * 1000) / rate) + padding;
}

/** AAC in ADTS: 12-bit sync, layer 0, a valid sampling-frequency index and a frame length that fits its header. */
function isAdtsFrame(bytes: Uint8Array, offset: number): boolean {
  const b1 = bytes[offset + 1] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xf6) !== 0xf0) return false;
  const rateIndex = ((bytes[offset + 2] ?? 0) >> 2) & 0x0f;
  const frameLength = (((bytes[offset + 3] ?? 0) & 0x03) << 11) | ((bytes[offset + 4] ?? 0) << 3) | ((bytes[offset + 5] ?? 0) >> 5);
  return rateIndex < ADTS_SAMPLE_RATE_INDEXES && frameLength >= 7;
}

function syncSafe(bytes: Uint8Array, offset: number): number {
  let value = 0;
  for (let index = 0; index < 4; index++) value = (value << 7) | ((bytes[offset + index] ?? 0) & 0x7f);
  return value;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((value, index) => bytes[index] === value);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (offset + length > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function indexOfAscii(bytes: Uint8Array, text: string): number {
  outer: for (let start = 0; start + text.length <= bytes.length; start++) {
    for (let index = 0; index < text.length; index++) if (bytes[start + index] !== text.charCodeAt(index)) continue outer;
    return start;
  }
  return -1;
}

/** A short human description of what the bytes look like, for error messages about rejected uploads. */
export function describeUnsupported(head: Uint8Array): string {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'a PNG image';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'a JPEG image';
  if (ascii(head, 0, 4) === '%PDF') return 'a PDF document';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive (or an Office document)';
  if (ascii(head, 0, 3) === 'GIF') return 'a GIF image';
  if (ascii(head, 0, 4) === 'RIFF') return `a RIFF file of type "${ascii(head, 8, 4)}"`;
  if (looksLikeText(head)) return 'text';
  return 'an unknown format';
}

function looksLikeText(head: Uint8Array): boolean {
  const sample = head.subarray(0, 512);
  if (sample.length === 0) return false;
  let printable = 0;
  for (const byte of sample) if (byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127) || byte >= 0xc0) printable++;
  return printable / sample.length > 0.95;
}
