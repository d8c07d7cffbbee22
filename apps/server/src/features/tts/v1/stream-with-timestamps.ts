import type { FastifyReply } from 'fastify';
import { characterAlignment, type CharacterAlignment, type SpeechTimings } from '@sound-studio/shared';
import { renderApiSpeechWithTimings } from './with-timestamps.ts';
import type { ApiSpeechCall, ApiSpeechDependencies } from './speech-stream.ts';

/** One line of ElevenLabs' `/stream/with-timestamps`: audio and the alignment of the characters it completes. */
export interface TimedChunk {
  audio_base64: string;
  alignment: CharacterAlignment | null;
  normalized_alignment: CharacterAlignment | null;
}

/** The characters [from, to) of an alignment (times stay on the whole stream's timeline, as ElevenLabs sends them). */
function alignmentSlice(alignment: CharacterAlignment, from: number, to: number): CharacterAlignment {
  return {
    characters: alignment.characters.slice(from, to),
    character_start_times_seconds: alignment.character_start_times_seconds.slice(from, to),
    character_end_times_seconds: alignment.character_end_times_seconds.slice(from, to),
  };
}

/**
 * Splits the timings known so far into per-chunk alignments: each completed sentence releases the characters up to its
 * last spoken word; the final call releases the rest of the text.
 */
export class AlignmentReleaser {
  #released = 0;

  next(timings: SpeechTimings | null, final: boolean): CharacterAlignment | null {
    // Characters before the last word's end are timed for good; later ones (spaces, punctuation) wait for more.
    if (!timings) return null;
    const alignment = characterAlignment(timings);
    const upTo = final ? alignment.characters.length : Math.min(alignment.characters.length, timings.words.at(-1)?.textEnd ?? 0);
    if (upTo <= this.#released) return null;
    const slice = alignmentSlice(alignment, this.#released, upTo);
    this.#released = upTo;
    return slice;
  }
}

/**
 * ElevenLabs' streamed speech with timestamps: newline-delimited JSON, one line per sentence as it is rendered (audio
 * plus the alignment of its characters). Errors before the first line are ordinary JSON errors; after it the
 * response is cut off. Charged and kept like the other developer API calls.
 */
export async function streamApiSpeechWithTimestamps(deps: ApiSpeechDependencies, call: ApiSpeechCall, reply: FastifyReply): Promise<void> {
  const releaser = new AlignmentReleaser();
  let pending: Uint8Array[] = [];
  let started = false;
  const writeLine = (chunk: TimedChunk) => {
    if (!started) {
      reply.hijack();
      // Hijacked replies skip the app's header hooks, so the headers they would add are set here (as speech-stream does).
      const headers = { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
      reply.raw.writeHead(200, { ...headers, ...call.headers });
      started = true;
    }
    reply.raw.write(`${JSON.stringify(chunk)}\n`);
  };
  try {
    const { timings } = await renderApiSpeechWithTimings(deps, call, async (audio, timingsSoFar) => {
      pending.push(audio);
      const alignment = releaser.next(timingsSoFar, false);
      if (!alignment) return;
      writeLine({ audio_base64: Buffer.concat(pending).toString('base64'), alignment, normalized_alignment: alignment });
      pending = [];
    });
    const rest = releaser.next(timings, true);
    if (rest || pending.some((bytes) => bytes.length > 0) || !started) {
      writeLine({ audio_base64: Buffer.concat(pending).toString('base64'), alignment: rest, normalized_alignment: rest });
    }
  } catch (error) {
    if (!started) throw error;
    reply.raw.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  reply.raw.end();
}
