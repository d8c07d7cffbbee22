import { encodeMp3, type Mp3Bitrate } from '../codec/mp3.ts';
import { encodeWav } from '../codec/wav.ts';
import { SpeechError, type SpeechResult } from './types.ts';

export type AudioFileFormat = 'mp3' | 'wav';

export interface EncodedAudioFile {
  bytes: Uint8Array;
  mimeType: 'audio/mpeg' | 'audio/wav';
  extension: AudioFileFormat;
}

/**
 * A speech result as a file: PCM is encoded on request; MP3 from a provider passes through as is. A provider's MP3
 * cannot become WAV here (there is no MP3 decoder in the package), which is reported rather than faked.
 */
export async function encodeSpeechResult(
  result: SpeechResult,
  format: AudioFileFormat = 'mp3',
  options: { bitrate?: Mp3Bitrate } = {},
): Promise<EncodedAudioFile> {
  if (result.format === 'mp3') {
    if (format === 'mp3') return { bytes: result.bytes, mimeType: 'audio/mpeg', extension: 'mp3' };
    throw new SpeechError('UNSUPPORTED_FORMAT', `This ${result.provider} result is MP3 and cannot be converted to WAV`);
  }
  if (format === 'wav') return { bytes: encodeWav(result.samples, result.sampleRate), mimeType: 'audio/wav', extension: 'wav' };
  const bytes = await encodeMp3(result.samples, { sampleRate: result.sampleRate, ...(options.bitrate ? { bitrate: options.bitrate } : {}) });
  return { bytes, mimeType: 'audio/mpeg', extension: 'mp3' };
}
