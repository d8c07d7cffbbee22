import { concatBytes, concatFloat32 } from '../../codec/pcm.ts';
import { wholeMp3Frames } from '../../codec/mp3-frames.ts';
import { SpeechError, type SpeechChunk, type SpeechModel, type SpeechProviderName, type SpeechResult } from '../../speech/types.ts';

/**
 * What an upstream is asked for: MP3 passes through to MP3 callers untouched; raw 16-bit PCM (mono, little-endian)
 * is asked for only when the caller needs samples (WAV, PCM, G.711), so audio is decoded only when the output needs it.
 */
export type UpstreamAudio = { format: 'mp3' } | { format: 'pcm'; sampleRate: number };

/**
 * Speech chunks from an upstream body as it arrives: whole MP3 frames (their duration is then exact), or PCM samples
 * (a byte split between two pieces waits for the next). The request's text rides on the first chunk: upstreams
 * charge a request's characters as a whole, so a listener who leaves after the first audio has used all of them.
 */
export async function* speechChunksOf(pieces: AsyncIterable<Uint8Array>, audio: UpstreamAudio, text: string, provider: string): AsyncGenerator<SpeechChunk> {
  let carry = new Uint8Array(0);
  let index = 0;
  let startSample = 0;
  let sampleRate = audio.format === 'pcm' ? audio.sampleRate : 44_100;
  const base = (samples: number) => {
    const chunk = { index, kind: 'sentence' as const, text: index === 0 ? text : '', sampleRate, startSample, speechSamples: samples, durationSeconds: samples / sampleRate };
    index += 1;
    startSample += samples;
    return chunk;
  };
  for await (const piece of pieces) {
    const joined = concatBytes([carry, piece]);
    if (audio.format === 'pcm') {
      const usable = joined.length - (joined.length % 2);
      carry = joined.slice(usable);
      if (usable === 0) continue;
      const samples = int16ToFloat(joined.subarray(0, usable));
      yield { format: 'pcm', samples, ...base(samples.length) };
      continue;
    }
    const whole = wholeMp3Frames(joined);
    carry = joined.slice(whole.length);
    if (whole.length === 0) continue;
    sampleRate = whole.sampleRate ?? sampleRate;
    yield { format: 'mp3', bytes: joined.slice(0, whole.length), ...base(whole.samples) };
  }
  // A trailing partial MP3 frame still goes out (players skip it); half a PCM sample cannot.
  if (audio.format === 'mp3' && carry.length > 0) yield { format: 'mp3', bytes: carry, ...base(0) };
  if (index === 0) throw new SpeechError('PROVIDER_ERROR', `${provider} sent no audio`, { provider });
}

/** The whole utterance from its chunks, for `speak`: one sentence boundary spans the text (upstreams give none). */
export async function collectResult(chunks: AsyncIterable<SpeechChunk>, text: string, provider: SpeechProviderName, model: SpeechModel): Promise<SpeechResult> {
  const mp3: Uint8Array[] = [];
  const pcm: Float32Array[] = [];
  let sampleRate = 0;
  let samples = 0;
  for await (const chunk of chunks) {
    sampleRate = chunk.sampleRate;
    samples += chunk.speechSamples;
    if (chunk.format === 'mp3') mp3.push(chunk.bytes);
    else pcm.push(chunk.samples);
  }
  const common = {
    sampleRate,
    durationSeconds: samples / sampleRate,
    sentences: [{ text, startSample: 0, endSample: samples }],
    provider,
    model,
  };
  if (pcm.length > 0) return { format: 'pcm', samples: concatFloat32(pcm), ...common };
  return { format: 'mp3', bytes: concatBytes(mp3), ...common };
}

function int16ToFloat(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Float32Array(bytes.byteLength / 2);
  for (let i = 0; i < samples.length; i += 1) samples[i] = view.getInt16(i * 2, true) / 32768;
  return samples;
}

