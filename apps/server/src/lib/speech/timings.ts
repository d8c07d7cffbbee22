import { speechTimingsSchema, type SpeechTimings, type WordTiming } from '@sound-studio/shared';
import { mp3StartDelaySeconds, type SpeechChunk } from '@sound-studio/audio';
import type { FileStore } from '../file-store/file-store.ts';

/**
 * Collects the word timings of speech chunks as they stream by. Each `observe` call is one engine utterance; its words
 * are moved by the audio already observed (in time) and by `textOffset` (in the recorder's text), so an utterance made
 * of several engine calls (a long-form job) gets one timeline.
 */
export class TimingsRecorder {
  readonly #words: WordTiming[] = [];
  #elapsedSeconds = 0;
  #sampleRate: number | null = null;
  /** Whether the chunks came as MP3 already: their durations are then the MP3's own, its start and flush included. */
  #encodedByEngine = false;

  constructor(readonly text: string) {}

  async *observe(chunks: AsyncIterable<SpeechChunk>, textOffset = 0): AsyncGenerator<SpeechChunk> {
    const utteranceStart = this.#elapsedSeconds;
    for await (const chunk of chunks) {
      this.#sampleRate ??= chunk.sampleRate;
      this.#encodedByEngine ||= chunk.format === 'mp3';
      for (const word of chunk.words ?? []) {
        this.#words.push({
          ...word,
          textStart: word.textStart + textOffset,
          textEnd: word.textEnd + textOffset,
          start: roundMs(word.start + utteranceStart),
          end: roundMs(word.end + utteranceStart),
        });
      }
      this.#elapsedSeconds += chunk.durationSeconds;
      yield chunk;
    }
  }

  /**
   * The timeline of the audio as delivered: `mp3` shifts every word by the silence an MP3 decoder plays first, so
   * words meet the MP3 we store and send; PCM, WAV and Opus (whose pre-skip decoders honour) need no shift. Chunks
   * that came as MP3 already state the MP3's whole length, so only PCM encoded afterwards adds the delay to it.
   */
  timings(audio: 'mp3' | 'pcm'): SpeechTimings {
    const shift = audio === 'mp3' && this.#sampleRate !== null ? mp3StartDelaySeconds(this.#sampleRate) : 0;
    const words = this.#words.map((word) => ({ ...word, start: roundMs(word.start + shift), end: roundMs(word.end + shift) }));
    const durationSeconds = this.#elapsedSeconds + (this.#encodedByEngine ? 0 : shift);
    return { text: this.text, durationSeconds: roundMs(durationSeconds), words };
  }
}

function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Timings live beside the audio: `tts/<user>/<id>.mp3` has `tts/<user>/<id>.timings.json`. */
export function timingsKeyOf(audioKey: string): string {
  return `${audioKey.replace(/\.[a-z0-9]+$/i, '')}.timings.json`;
}

export async function saveTimings(files: FileStore, audioKey: string, timings: SpeechTimings): Promise<void> {
  await files.put(timingsKeyOf(audioKey), new TextEncoder().encode(JSON.stringify(timings)));
}

/** Null when the audio has no timings (made before timings existed, or by a provider that gives none). */
export async function loadTimings(files: FileStore, audioKey: string): Promise<SpeechTimings | null> {
  const key = timingsKeyOf(audioKey);
  if (!(await files.stat(key))) return null;
  const pieces: Buffer[] = [];
  for await (const piece of await files.read(key)) pieces.push(Buffer.from(piece as Uint8Array));
  const parsed = speechTimingsSchema.safeParse(JSON.parse(Buffer.concat(pieces).toString('utf8')));
  return parsed.success ? parsed.data : null;
}
