import type { FastifyBaseLogger } from 'fastify';
import { splitSentences, type SpeechChunk, type SpeechEngine } from '@sound-studio/audio';
import { MOODS, SPEECH_MODELS, type TtsJob } from '@sound-studio/shared';
import { z } from 'zod';
import type { JobContext, JobRecord, JobResult } from '../../jobs/types.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { mp3Pieces } from '../../lib/speech/mp3-pieces.ts';
import { oneAhead } from '../../lib/speech/one-ahead.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import { TimingsRecorder, timingsKeyOf } from '../../lib/speech/timings.ts';
import type { VoiceDirectory } from '../../lib/voice-directory.ts';
import { engineRequestOf, resolveVoiceOrFail, ttsFileKey, type PreparedSpeech } from './prepare.ts';
import type { TtsService } from './service.ts';

export const LONG_FORM_JOB_TYPE = 'tts.long-form';
/** Texts go to the engine in sentence-aligned pieces of about this size (the engine takes 5,000 at most). */
export const LONG_FORM_CHUNK_CHARACTERS = 2000;

/** What a long-form job carries: everything needed to run it again from scratch after a restart. */
export const longFormPayloadSchema = z.object({
  fileName: z.string(),
  text: z.string().min(1),
  characters: z.number().int(),
  voiceId: z.string(),
  mood: z.enum(MOODS).nullable(),
  settings: z.object({
    speed: z.number(),
    pitch: z.number(),
    volume: z.number(),
    language: z.string().nullable(),
    model: z.enum(SPEECH_MODELS),
  }),
  creditsPerCharacter: z.number(),
  cost: z.number().int(),
  reservationId: z.string().nullable(),
});
export type LongFormPayload = z.infer<typeof longFormPayloadSchema>;

const longFormResultSchema = z.object({ generationId: z.string(), fileKey: z.string(), durationSeconds: z.number() });

/**
 * Sentence-aligned pieces of at most `limit` characters (a single longer sentence, which the sentence splitter has
 * already cut at clauses, stays whole).
 */
export function chunkBySentences(text: string, language: string, limit = LONG_FORM_CHUNK_CHARACTERS): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of splitSentences(text, language)) {
    if (current && current.length + 1 + piece.text.length > limit) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${piece.text}` : piece.text;
  }
  if (current) chunks.push(current);
  return chunks;
}

export interface LongFormDependencies {
  service: TtsService;
  speech: SpeechEngine;
  fileDeletions: FileDeletions;
  credits: CreditService;
  voices: VoiceDirectory;
  mediaLinks: MediaLinks;
  log: FastifyBaseLogger;
}

/**
 * The long-form job: the document's text, piece by piece through the engine into one MP3, with progress after each
 * piece; then a history row (source 'document') and the charge of the credits held when the job was created. Running
 * it again (after a restart) starts the file over and reuses the same hold and generation id.
 */
export function longFormHandler(deps: LongFormDependencies) {
  return async (context: JobContext): Promise<JobResult> => {
    try {
      return await runLongForm(deps, context);
    } catch (error) {
      if (context.signal.aborted) throw error;
      // The job's error is shown to its owner: storage or database messages (with server paths) go to the log only.
      const failure = speechErrorToAppError(error);
      if (failure.cause !== undefined) deps.log.error({ err: failure.cause, jobId: context.job.id }, 'Long-form speech job failed');
      throw failure;
    }
  };
}

async function runLongForm(deps: LongFormDependencies, { job, reportProgress, signal }: JobContext): Promise<JobResult> {
  const payload = longFormPayloadSchema.parse(job.payload);
  const prepared = await preparedFromJob(deps, job, payload);
  const hold = CreditHold.existing(deps.credits, payload.reservationId, payload.cost);
  const language = payload.settings.language ?? prepared.voice.voice.locale;
  const chunks = chunkBySentences(payload.text, language);
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);

  // Captions read the chunks as spoken, one space between them.
  const recorder = new TimingsRecorder(chunks.join(' '));
  // The next piece renders while this one is written, so the engine's threads do not drain between pieces.
  const pieces = chunks.map((chunk) => (pieceSignal: AbortSignal) => deps.speech.speakStream(engineRequestOf(prepared, chunk), { signal: pieceSignal, audio: 'mp3' }));
  async function* speech(): AsyncGenerator<SpeechChunk> {
    let done = 0;
    let textOffset = 0;
    let index = 0;
    for await (const piece of oneAhead(pieces, signal)) {
      const chunk = chunks[index++] as string;
      yield* recorder.observe(piece, textOffset);
      textOffset += chunk.length + 1;
      done += chunk.length;
      await reportProgress(Math.min(0.99, done / total));
    }
  }

  const writer = await deps.service.openWriter(prepared);
  let durationSeconds = 0;
  try {
    for await (const piece of mp3Pieces(speech())) {
      await writer.write(piece.bytes);
      if (piece.completes) durationSeconds += piece.completes.durationSeconds;
    }
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await deps.service.keep(prepared, hold, { durationSeconds, source: 'document', timings: recorder.timings('mp3') });
  return { generationId: prepared.generationId, fileKey: prepared.fileKey, durationSeconds };
}

/** A failed job gives its credits back and leaves no file. */
export function longFormFailureHandler(deps: Pick<LongFormDependencies, 'credits' | 'fileDeletions'>) {
  return async (job: JobRecord): Promise<void> => {
    const payload = longFormPayloadSchema.safeParse(job.payload);
    if (payload.success) await CreditHold.existing(deps.credits, payload.data.reservationId, payload.data.cost).release();
    const fileKey = ttsFileKey(job.userId, job.id);
    await deps.fileDeletions.discard([fileKey, timingsKeyOf(fileKey)]);
  };
}

async function preparedFromJob(deps: LongFormDependencies, job: JobRecord, payload: LongFormPayload): Promise<PreparedSpeech> {
  return {
    userId: job.userId,
    generationId: job.id,
    text: payload.text,
    characters: payload.characters,
    creditsPerCharacter: payload.creditsPerCharacter,
    cost: payload.cost,
    voice: await resolveVoiceOrFail(deps.voices, payload.voiceId, job.userId),
    mood: payload.mood,
    settings: payload.settings,
    fileKey: ttsFileKey(job.userId, job.id),
  };
}

/** The job as GET /tts/jobs/{id} and the tts_job_updated event show it. */
export function toTtsJob(job: JobRecord, mediaLinks: MediaLinks): TtsJob {
  const payload = longFormPayloadSchema.shape.characters.safeParse(job.payload.characters);
  const result = job.status === 'completed' ? longFormResultSchema.safeParse(job.result) : null;
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    characters: payload.success ? payload.data : 0,
    audioUrl: result?.success ? mediaLinks.urlFor(result.data.fileKey) : null,
    generationId: result?.success ? result.data.generationId : null,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
  };
}
