import { MediaError } from './errors.ts';

/** What the RIFF header of a WAV file says, enough to read its samples without a decoder. */
export interface WavLayout {
  /** `pcm_s16le`, `pcm_f32le`… (ffmpeg's names), or `other` for encodings the fast path leaves to ffmpeg. */
  codec: string;
  sampleRate: number;
  channels: number;
  bytesPerSample: number;
  /** Byte offset and length of the sample data inside the file. */
  dataOffset: number;
  dataBytes: number;
  durationSeconds: number;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
/** A header larger than this is not one we read in the fast path. */
export const WAV_HEADER_SCAN_BYTES = 64 * 1024;
/** Writers that stream a WAV before knowing its length put 0 or 0xFFFFFFFF in the data size. */
const UNKNOWN_SIZES = new Set([0, 0xffffffff]);

/**
 * Walks the RIFF chunks in the first bytes of a file. `fileBytes` is the whole file's size, used when the data size
 * is unknown or larger than the file (a truncated upload).
 */
export function readWavLayout(head: Uint8Array, fileBytes: number): WavLayout {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = 12;
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  while (offset + 8 <= head.length) {
    const id = String.fromCharCode(...head.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') format = readFormat(view, body, size);
    if (id === 'data') {
      if (!format) throw corrupt('the data chunk comes before the format chunk');
      return layoutOf(format, body, UNKNOWN_SIZES.has(size) ? fileBytes - body : Math.min(size, fileBytes - body));
    }
    offset = body + size + (size % 2);
  }
  throw corrupt('no data chunk in the first 64 KB');
}

function readFormat(view: DataView, body: number, size: number): { tag: number; channels: number; sampleRate: number; bits: number } {
  if (size < 16 || body + 16 > view.byteLength) throw corrupt('the format chunk is too short');
  let tag = view.getUint16(body, true);
  // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID.
  if (tag === FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= view.byteLength) tag = view.getUint16(body + 24, true);
  return { tag, channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
}

function layoutOf(format: { tag: number; channels: number; sampleRate: number; bits: number }, dataOffset: number, dataBytes: number): WavLayout {
  const { tag, channels, sampleRate, bits } = format;
  if (channels < 1 || channels > 64 || sampleRate < 1000 || sampleRate > 384_000 || bits === 0) {
    throw corrupt('the format chunk has impossible values', { channels, sampleRate, bits });
  }
  const bytesPerSample = Math.ceil(bits / 8);
  const frames = Math.floor(Math.max(0, dataBytes) / (bytesPerSample * channels));
  return { codec: codecName(tag, bits), sampleRate, channels, bytesPerSample, dataOffset, dataBytes: Math.max(0, dataBytes), durationSeconds: frames / sampleRate };
}

function codecName(tag: number, bits: number): string {
  if (tag === FORMAT_PCM && [8, 16, 24, 32].includes(bits)) return bits === 8 ? 'pcm_u8' : `pcm_s${bits}le`;
  if (tag === FORMAT_FLOAT && (bits === 32 || bits === 64)) return `pcm_f${bits}le`;
  return 'other';
}

/** Whether the fast path can read this layout (everything else goes to ffmpeg). */
export function isFastPathCodec(layout: WavLayout): boolean {
  return layout.codec !== 'other';
}

/** Interleaved sample bytes to mono Float32 (channels averaged). */
export function wavBytesToMono(bytes: Uint8Array, layout: WavLayout): Float32Array {
  const { channels, bytesPerSample } = layout;
  const frameBytes = channels * bytesPerSample;
  const frames = Math.floor(bytes.length / frameBytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read = sampleReader(layout.codec, view);
  const mono = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) sum += read(frame * frameBytes + channel * bytesPerSample);
    mono[frame] = sum / channels;
  }
  return mono;
}

function sampleReader(codec: string, view: DataView): (offset: number) => number {
  switch (codec) {
    case 'pcm_u8':
      return (offset) => (view.getUint8(offset) - 128) / 128;
    case 'pcm_s16le':
      return (offset) => view.getInt16(offset, true) / 32768;
    case 'pcm_s24le':
      return (offset) => ((view.getUint8(offset) | (view.getUint8(offset + 1) << 8) | (view.getInt8(offset + 2) << 16)) / 8388608);
    case 'pcm_s32le':
      return (offset) => view.getInt32(offset, true) / 2147483648;
    case 'pcm_f32le':
      return (offset) => view.getFloat32(offset, true);
    case 'pcm_f64le':
      return (offset) => view.getFloat64(offset, true);
    default:
      throw corrupt(`unsupported WAV sample format ${codec}`);
  }
}

function corrupt(reason: string, details: Record<string, unknown> = {}): MediaError {
  return new MediaError('CORRUPT_MEDIA', `The WAV file is damaged: ${reason}`, { container: 'wav', ...details });
}
