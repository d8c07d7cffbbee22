import { validationError } from '../../../lib/errors.ts';
import type { FormatOptions, OutputFormat } from './output-formats.ts';

/** ElevenLabs' output_format values (codec_sampleRate[_bitrate]), every one of which is served as named. */
export const ELEVENLABS_OUTPUT_FORMATS = [
  'mp3_22050_32',
  'mp3_24000_48',
  'mp3_44100_32',
  'mp3_44100_64',
  'mp3_44100_96',
  'mp3_44100_128',
  'mp3_44100_192',
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_32000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
  'alaw_8000',
  'wav_8000',
  'wav_16000',
  'wav_22050',
  'wav_24000',
  'wav_32000',
  'wav_44100',
  'wav_48000',
  'opus_48000_32',
  'opus_48000_64',
  'opus_48000_96',
  'opus_48000_128',
  'opus_48000_192',
] as const;
export type ElevenLabsOutputFormat = (typeof ELEVENLABS_OUTPUT_FORMATS)[number];

export const DEFAULT_ELEVENLABS_OUTPUT_FORMAT: ElevenLabsOutputFormat = 'mp3_44100_128';

export interface ElevenLabsOutput {
  format: OutputFormat;
  options: FormatOptions;
}

function isElevenLabsFormat(value: string): value is ElevenLabsOutputFormat {
  return (ELEVENLABS_OUTPUT_FORMATS as readonly string[]).includes(value);
}

/** An output_format as our encoder and its options: the codec, and the sample rate and bitrate the name gives. */
export function elevenLabsOutputOf(outputFormat: string): ElevenLabsOutput {
  if (!isElevenLabsFormat(outputFormat)) {
    throw validationError('output_format', `Unsupported output_format '${outputFormat}'. Use one of: ${ELEVENLABS_OUTPUT_FORMATS.join(', ')}`);
  }
  const [codec, sampleRate, bitrate] = outputFormat.split('_');
  const options: FormatOptions = { sampleRate: Number(sampleRate), ...(bitrate ? { bitrateKbps: Number(bitrate) } : {}) };
  return { format: codec as OutputFormat, options };
}
