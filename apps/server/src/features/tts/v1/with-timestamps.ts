import type { SpeechTimings } from '@sound-studio/shared';
import { mp3Pieces } from '../../../lib/speech/mp3-pieces.ts';
import { speechErrorToAppError } from '../../../lib/speech/speech-errors.ts';
import { TimingsRecorder } from '../../../lib/speech/timings.ts';
import { createOutputEncoder, type OutputEncoder } from './output-formats.ts';
import { historyWriterOf, settleApiSpeech, speechChunksOf, type ApiSpeechCall, type ApiSpeechDependencies } from './speech-stream.ts';

export interface TimedSpeech {
  audio: Uint8Array;
  /** On the timeline of `audio` as returned. */
  timings: SpeechTimings;
}

/**
 * A developer API call that needs the whole audio before replying (ElevenLabs' `/with-timestamps`): rendered in the
 * asked format with word timings, an MP3 copy and the timings kept in the history, charged under the key's name.
 * Nothing is charged or kept when rendering fails.
 */
/** Word timings on the timeline of the audio as the client decodes it. */
function deliveredTimings(recorder: TimingsRecorder, encoder: OutputEncoder): SpeechTimings {
  const timings = recorder.timings(encoder.timeline);
  const shift = encoder.startDelaySeconds();
  if (shift === 0) return timings;
  const at = (seconds: number) => Math.round((seconds + shift) * 1000) / 1000;
  return { ...timings, durationSeconds: at(timings.durationSeconds), words: timings.words.map((word) => ({ ...word, start: at(word.start), end: at(word.end) })) };
}

/** Called with each piece of audio as it is encoded, and the timings known so far once a sentence is complete. */
export type OnTimedAudio = (audio: Uint8Array, timingsSoFar: SpeechTimings | null) => Promise<void>;

export async function renderApiSpeechWithTimings(deps: ApiSpeechDependencies, call: ApiSpeechCall, onAudio?: OnTimedAudio): Promise<TimedSpeech> {
  const { prepared } = call;
  const hold = await deps.service.holdCredits(prepared);
  const encoder = createOutputEncoder(call.format, call.formatOptions);
  const recorder = new TimingsRecorder(prepared.text);
  const audio: Uint8Array[] = [];
  const writer = await historyWriterOf(deps, call).catch(async (error: unknown) => {
    await hold.release();
    throw error;
  });
  let durationSeconds = 0;
  try {
    const chunks = recorder.observe(speechChunksOf(deps, call));
    for await (const piece of mp3Pieces(chunks)) {
      await writer.write(piece.bytes);
      const bytes = await encoder.encode(piece);
      audio.push(bytes);
      if (piece.completes) durationSeconds += piece.completes.durationSeconds;
      await onAudio?.(bytes, piece.completes ? deliveredTimings(recorder, encoder) : null);
    }
    const rest = await encoder.finish();
    audio.push(rest);
    await onAudio?.(rest, deliveredTimings(recorder, encoder));
    await writer.commit();
  } catch (error) {
    encoder.abort();
    await writer.abort();
    await hold.release();
    throw speechErrorToAppError(error);
  }
  try {
    await settleApiSpeech(deps, call, hold, { durationSeconds, timings: recorder.timings('mp3') });
  } catch (error) {
    await deps.service.discardFiles(prepared);
    await hold.release();
    throw error;
  }
  return { audio: Buffer.concat(audio), timings: deliveredTimings(recorder, encoder) };
}
