import type { SpeechTimings } from '@sound-studio/shared';
import { mp3Pieces } from '../../../lib/speech/mp3-pieces.ts';
import { speechErrorToAppError } from '../../../lib/speech/speech-errors.ts';
import { TimingsRecorder } from '../../../lib/speech/timings.ts';
import { engineRequestOf } from '../prepare.ts';
import { createOutputEncoder } from './output-formats.ts';
import { recordUsage, type ApiSpeechCall, type ApiSpeechDependencies } from './speech-stream.ts';

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
export async function renderApiSpeechWithTimings(deps: ApiSpeechDependencies, call: ApiSpeechCall): Promise<TimedSpeech> {
  const { prepared } = call;
  const hold = await deps.service.holdCredits(prepared);
  const encoder = createOutputEncoder(call.format, call.formatOptions);
  const recorder = new TimingsRecorder(prepared.text);
  const audio: Uint8Array[] = [];
  const writer = await deps.files.openWriter(prepared.fileKey).catch(async (error: unknown) => {
    await hold.release();
    throw error;
  });
  let durationSeconds = 0;
  try {
    const chunks = recorder.observe(deps.speech.speakStream(engineRequestOf(prepared, prepared.text)));
    for await (const piece of mp3Pieces(chunks)) {
      await writer.write(piece.bytes);
      audio.push(await encoder.encode(piece));
      if (piece.completes) durationSeconds += piece.completes.durationSeconds;
    }
    audio.push(await encoder.finish());
    await writer.commit();
  } catch (error) {
    encoder.abort();
    await writer.abort();
    await hold.release();
    throw speechErrorToAppError(error);
  }
  try {
    const row = await deps.service.keep(prepared, hold, {
      durationSeconds,
      source: 'api',
      apiKeyName: call.apiKey.keyName,
      timings: recorder.timings('mp3'),
    });
    await recordUsage(deps, call, row.id, row.characters, row.credits);
  } catch (error) {
    await deps.files.delete(prepared.fileKey).catch(() => undefined);
    await hold.release();
    throw error;
  }
  return { audio: Buffer.concat(audio), timings: recorder.timings(call.format === 'mp3' ? 'mp3' : 'pcm') };
}
