import { float32ToInt16, int16ToFloat32 } from './pcm.ts';

const HEADER_BYTES = 44;

/** A 44-byte RIFF/WAVE header for 16-bit PCM. */
export function wavHeader(dataBytes: number, sampleRate: number, channels = 1): Uint8Array {
  const header = new Uint8Array(HEADER_BYTES);
  const view = new DataView(header.buffer);
  const blockAlign = channels * 2;
  writeAscii(header, 0, 'RIFF');
  view.setUint32(4, Math.min(0xffffffff, 36 + dataBytes), true);
  writeAscii(header, 8, 'WAVE');
  writeAscii(header, 12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  writeAscii(header, 36, 'data');
  view.setUint32(40, Math.min(0xffffffff, dataBytes), true);
  return header;
}

/** Header for a WAV streamed before its length is known; players read to the end of the stream. */
export function streamingWavHeader(sampleRate: number, channels = 1): Uint8Array {
  return wavHeader(0xffffffff - 36, sampleRate, channels);
}

/** Mono 16-bit PCM WAV file. */
export function encodeWav(samples: Float32Array | Int16Array, sampleRate: number): Uint8Array {
  const pcm = samples instanceof Int16Array ? samples : float32ToInt16(samples);
  const file = new Uint8Array(HEADER_BYTES + pcm.length * 2);
  file.set(wavHeader(pcm.length * 2, sampleRate), 0);
  file.set(pcmBytes(pcm), HEADER_BYTES);
  return file;
}

/** Little-endian bytes of 16-bit samples, for streaming WAV bodies. */
export function pcmBytes(samples: Int16Array | Float32Array): Uint8Array {
  const pcm = samples instanceof Int16Array ? samples : float32ToInt16(samples);
  const bytes = new Uint8Array(pcm.length * 2);
  const view = new DataView(bytes.buffer);
  pcm.forEach((value, index) => view.setInt16(index * 2, value, true));
  return bytes;
}

export interface DecodedWav {
  samples: Float32Array;
  sampleRate: number;
  channels: number;
}

/** Reads 16-bit PCM WAV (mono or the first channel of multi-channel), walking chunks so extra ones are skipped. */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (readAscii(bytes, 0, 4) !== 'RIFF' || readAscii(bytes, 8, 4) !== 'WAVE') throw new Error('Not a RIFF/WAVE file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  while (offset + 8 <= bytes.length) {
    const id = readAscii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (view.getUint16(body, true) !== 1 || view.getUint16(body + 14, true) !== 16) throw new Error('Only 16-bit PCM WAV is supported');
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
    } else if (id === 'data') {
      const end = Math.min(bytes.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const pcm = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame++) pcm[frame] = view.getInt16(body + frame * 2 * channels, true);
      return { samples: int16ToFloat32(pcm), sampleRate, channels };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

function writeAscii(target: Uint8Array, offset: number, text: string): void {
  for (let index = 0; index < text.length; index++) target[offset + index] = text.charCodeAt(index);
}

function readAscii(source: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...source.subarray(offset, offset + length));
}
