import { encodeMp3, type Mp3Bitrate } from '../codec/mp3.ts';
import { encodeWav } from '../codec/wav.ts';

export const ISOLATION_OUTPUT_FORMATS = ['mp3', 'wav'] as const;
export type IsolationOutputFormat = (typeof ISOLATION_OUTPUT_FORMATS)[number];

export interface EncodedAudioFiles {
  mp3?: Uint8Array;
  wav?: Uint8Array;
}

export interface EncodeOptions {
  formats?: readonly IsolationOutputFormat[];
  /** 192 kbps keeps cleaned speech transparent at 48 kHz. */
  mp3Bitrate?: Mp3Bitrate;
}

/** MP3 with the codec's LAME encoder and 16-bit WAV; runs inside a voice worker (MP3 is about 25x real time). */
export async function encodeAudioFiles(samples: Float32Array, sampleRate: number, options: EncodeOptions = {}): Promise<EncodedAudioFiles> {
  const formats = options.formats ?? ISOLATION_OUTPUT_FORMATS;
  const files: EncodedAudioFiles = {};
  if (formats.includes('mp3')) files.mp3 = await encodeMp3(samples, { sampleRate, bitrate: options.mp3Bitrate ?? 192 });
  if (formats.includes('wav')) files.wav = encodeWav(samples, sampleRate);
  return files;
}
