import { encodeMp3, Mp3StreamEncoder, type Mp3Bitrate } from '../codec/mp3.ts';
import { encodeWav, pcmBytes, streamingWavHeader } from '../codec/wav.ts';
import { SpeechError, type SpeechChunk, type SpeechResult } from './types.ts';

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

/**
 * Turns a speech stream into file bytes as sentences arrive, for HTTP responses that start playing early. One MP3
 * encoder serves the whole stream so frames stay continuous; a provider's MP3 chunks pass straight through. MP3
 * encoding runs on the calling thread (about 150x real time), so call this from a job worker for long texts.
 */
export async function* encodeSpeechStream(
  chunks: AsyncIterable<SpeechChunk>,
  format: AudioFileFormat = 'mp3',
  options: { bitrate?: Mp3Bitrate } = {},
): AsyncGenerator<Uint8Array> {
  let mp3: Mp3StreamEncoder | undefined;
  let wroteWavHeader = false;
  for await (const chunk of chunks) {
    if (chunk.format === 'mp3') {
      if (format !== 'mp3') throw new SpeechError('UNSUPPORTED_FORMAT', 'A provider MP3 stream cannot be converted to WAV');
      yield chunk.bytes;
      continue;
    }
    if (format === 'wav') {
      if (!wroteWavHeader) yield streamingWavHeader(chunk.sampleRate);
      wroteWavHeader = true;
      yield pcmBytes(chunk.samples);
      continue;
    }
    mp3 ??= await Mp3StreamEncoder.create({ sampleRate: chunk.sampleRate, ...(options.bitrate ? { bitrate: options.bitrate } : {}) });
    const bytes = mp3.encode(chunk.samples);
    if (bytes.length > 0) yield bytes;
  }
  const tail = mp3?.finish();
  if (tail && tail.length > 0) yield tail;
}
