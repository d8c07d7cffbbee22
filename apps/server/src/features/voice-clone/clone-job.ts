import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  decodeCloneSample,
  findSpeechLanguage,
  type ClonedVoice,
  type CloneSample,
  type SpeechEngine,
  type VoiceCloneProvider,
  type VoiceIsolator,
} from '@sound-studio/audio';
import { CLONE_PREVIEW_LANGUAGES, cloneMatchSchema, type CloneMatch, type VoiceCloneJob } from '@sound-studio/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { JobContext, JobRecord, JobResult } from '../../jobs/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { userMediaKey } from '../../lib/media-links.ts';
import { renderSpeechToFile } from '../../lib/speech/render-to-file.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import { customVoicePreviewKey, type CustomVoices } from '../custom-voices/custom-voices.ts';
import { mediaErrorToAppError } from '../voice-lab/media-errors.ts';
import { downloadStoredFile } from '../voice-lab/stored-files.ts';

export const VOICE_CLONE_JOB_TYPE = 'voice-clone';
/** Clones run in a slot of their own, never behind a 300 s isolation; one at a time bounds their memory. */
export const VOICE_CLONE_JOB_SLOTS = 1;
const DECODE_RATE = 48_000;

export const cloneFieldsPayloadSchema = z.object({
  name: z.string(),
  removeNoise: z.boolean(),
  optimizeAccent: z.boolean(),
  previewLanguage: z.enum(CLONE_PREVIEW_LANGUAGES),
  previewText: z.string().optional(),
});
export type CloneFields = z.infer<typeof cloneFieldsPayloadSchema>;

export const clonePayloadSchema = z.object({
  fields: cloneFieldsPayloadSchema,
  samples: z.array(z.object({ key: z.string(), fileName: z.string() })),
  heldCredits: z.number().int(),
  reservationId: z.string().nullable(),
});
export type ClonePayload = z.infer<typeof clonePayloadSchema>;

const cloneResultSchema = z.object({ voiceId: z.string(), match: cloneMatchSchema, credits: z.number().int() });

/** Where a clone job keeps its samples until it is done (the voice takes the job's id). */
export const cloneSampleKey = (userId: string, jobId: string, index: number) => userMediaKey('clone', userId, `${jobId}-sample-${index}`);

export interface CloneJobDependencies {
  db: Database;
  clock: Clock;
  credits: CreditService;
  files: FileStore;
  fileDeletions: FileDeletions;
  speech: SpeechEngine;
  /** The clone's own worker pool (encoding the preview), apart from the isolator's. */
  workers: VoiceIsolator;
  provider: VoiceCloneProvider;
  customVoices: CustomVoices;
  /** Where stored samples are copied for the decoder. */
  scratchDir: string;
}

/**
 * Decodes the stored samples, clones (locally a match of measurable traits; with MiniMax a real clone), stores the
 * preview and keeps the voice, charging the held credits in the same transaction. Progress goes along the way.
 */
export function cloneJobHandler(deps: CloneJobDependencies) {
  return async ({ job, reportProgress, signal }: JobContext): Promise<JobResult> => {
    const payload = clonePayloadSchema.parse(job.payload);
    const voiceId = job.id;
    const kept = await deps.customVoices.repository.find(job.userId, voiceId);
    if (kept?.match) return finish(deps, payload, { voiceId, match: kept.match, credits: payload.heldCredits }); // a run that stopped after keeping it
    try {
      const samples = await decodeStoredSamples(deps, payload, signal, (done) => reportProgress(0.05 + 0.35 * done));
      const cloned = await buildVoice(deps.provider, voiceId, samples, payload.fields, signal);
      await reportProgress(0.8);
      const previewKey = customVoicePreviewKey(job.userId, voiceId);
      // Taken by the voice row in keepVoice; a failed job's handler discards it, a crashed one's is swept.
      await deps.fileDeletions.reserve([previewKey]);
      await storePreview(deps, cloned, payload.fields, previewKey);
      await reportProgress(0.9);
      const match = matchOf(cloned);
      const credits = await keepVoice(deps, job.userId, voiceId, payload, cloned, match, previewKey);
      return await finish(deps, payload, { voiceId, match, credits });
    } catch (error) {
      throw signal.aborted || error instanceof AppError ? error : mediaErrorToAppError(error);
    }
  };
}

/** A failed clone gives its credits back and leaves no files (unless an earlier run already kept the voice). */
export function cloneFailureHandler(deps: Pick<CloneJobDependencies, 'credits' | 'fileDeletions' | 'customVoices'>) {
  return async (job: JobRecord): Promise<void> => {
    const payload = clonePayloadSchema.safeParse(job.payload);
    const kept = await deps.customVoices.repository.find(job.userId, job.id);
    if (!kept) {
      if (payload.success) await CreditHold.existing(deps.credits, payload.data.reservationId, payload.data.heldCredits).release();
      await deps.fileDeletions.discard([customVoicePreviewKey(job.userId, job.id)]);
    }
    if (payload.success) await deps.fileDeletions.discard(payload.data.samples.map((sample) => sample.key), 'record-deleted');
  };
}

/** The job as the API and the voice_clone_job_updated event show it; a completed job carries the voice. */
export async function toVoiceCloneJob(job: JobRecord, customVoices: CustomVoices): Promise<VoiceCloneJob> {
  const payload = clonePayloadSchema.safeParse(job.payload);
  const parsedResult = job.status === 'completed' ? cloneResultSchema.safeParse(job.result) : null;
  const done = parsedResult?.success ? parsedResult.data : null;
  const row = done ? await customVoices.repository.find(job.userId, done.voiceId) : null;
  const result = row && done ? { voice: customVoices.toVoice(row), slots: await customVoices.slots(job.userId), match: done.match } : null;
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    name: payload.success ? payload.data.fields.name : '',
    sampleCount: payload.success ? payload.data.samples.length : 0,
    credits: done ? done.credits : job.status === 'failed' || !payload.success ? 0 : payload.data.heldCredits,
    result,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
  };
}

/** The samples are not needed once the voice is kept. */
async function finish(deps: Pick<CloneJobDependencies, 'fileDeletions'>, payload: ClonePayload, result: z.infer<typeof cloneResultSchema>): Promise<JobResult> {
  await deps.fileDeletions.discard(payload.samples.map((sample) => sample.key), 'record-deleted');
  return result;
}

/** Every sample decoded by content (10 to 60 s, 20 MB); a bad one is named in the message. */
async function decodeStoredSamples(
  deps: Pick<CloneJobDependencies, 'files' | 'scratchDir'>,
  payload: ClonePayload,
  signal: AbortSignal,
  onProgress: (fraction: number) => Promise<void>,
): Promise<CloneSample[]> {
  const decoded: CloneSample[] = [];
  for (const sample of payload.samples) {
    const local = path.join(deps.scratchDir, `clone-${randomUUID()}`);
    try {
      await downloadStoredFile(deps.files, sample.key, local);
      const media = await decodeCloneSample(local, { sampleRate: DECODE_RATE, signal }).catch((error: unknown) => {
        throw signal.aborted ? error : mediaErrorToAppError(error, sample.fileName);
      });
      decoded.push({ samples: media.samples, sampleRate: media.sampleRate, name: sample.fileName });
    } finally {
      await rm(local, { force: true });
    }
    await onProgress(decoded.length / payload.samples.length);
  }
  return decoded;
}

function buildVoice(provider: VoiceCloneProvider, voiceId: string, samples: CloneSample[], fields: CloneFields, signal: AbortSignal): Promise<ClonedVoice> {
  const language = findSpeechLanguage(fields.previewLanguage);
  return provider.clone({
    // MiniMax ids start with a letter; the local match ignores it. The id is the job's own, so a retried job that
    // finds it already cloned (MiniMax's 2039) carries on with it instead of failing, and is not cloned (paid) twice.
    voiceId: `soundstudio-${voiceId}`,
    ownsVoiceId: true,
    samples,
    language: language?.code ?? fields.previewLanguage,
    removeNoise: fields.removeNoise,
    optimizeAccent: fields.optimizeAccent,
    previewText: previewTextOf(fields),
    signal,
  });
}

/**
 * A local preview comes back as PCM and MiniMax's as the MP3 it spoke (stored as it is: synthesising it again would
 * pay twice, and the server's own engine may not be MiniMax at all); otherwise the speech engine reads the text.
 */
async function storePreview(deps: CloneJobDependencies, cloned: ClonedVoice, fields: CloneFields, key: string): Promise<void> {
  if (cloned.preview?.kind === 'mp3') {
    await deps.files.put(key, cloned.preview.bytes);
    return;
  }
  if (cloned.preview?.kind === 'pcm') {
    const { mp3 } = await deps.workers.encode(cloned.preview.samples, cloned.preview.sampleRate, { formats: ['mp3'] });
    if (!mp3) throw new Error('The encoder returned no file');
    await deps.files.put(key, mp3);
    return;
  }
  const request = { text: previewTextOf(fields), voice: cloned.voice, mood: cloned.mood, speed: 1, pitch: 0, volume: 1 };
  await renderSpeechToFile(deps.speech, request, deps.files, key).catch((error: unknown) => {
    throw speechErrorToAppError(error);
  });
}

/** Inserts the voice and charges the hold in one transaction, after checking the slot again; returns the charge. */
async function keepVoice(
  deps: CloneJobDependencies,
  userId: string,
  voiceId: string,
  payload: ClonePayload,
  cloned: ClonedVoice,
  match: CloneMatch,
  previewKey: string,
): Promise<number> {
  const { customVoices, credits, db, clock } = deps;
  const { fields } = payload;
  return db.transaction(async (tx) => {
    await customVoices.assertSlotFree(userId, tx);
    const charged = await CreditHold.existing(credits, payload.reservationId, payload.heldCredits).within(credits.within(tx)).settle();
    await deps.fileDeletions.confirm(tx, [previewKey]);
    await customVoices.repository.insert(
      {
        id: voiceId,
        userId,
        name: fields.name,
        kind: 'cloned',
        engine: { provider: cloned.provider, voice: cloned.voice, mood: cloned.mood },
        language: cloned.voice.language,
        gender: cloned.match?.gender ?? 'neutral',
        age: 'adult',
        description: cloned.note,
        match,
        previewKey,
        createdAt: new Date(clock.now()),
      },
      tx,
    );
    return charged;
  });
}

function previewTextOf(fields: CloneFields): string {
  return fields.previewText || findSpeechLanguage(fields.previewLanguage)?.previewText || 'Hello! This is my new voice.';
}

function matchOf(cloned: ClonedVoice): CloneMatch {
  const match = cloned.match;
  return {
    provider: cloned.provider,
    samplePitchHz: match?.target.medianPitchHz ?? cloned.analysis?.medianPitchHz ?? null,
    matchedPitchHz: match?.achieved.medianPitchHz ?? null,
    sampleRate: match?.target.speakingRateSyllablesPerSecond ?? null,
    matchedRate: match?.achieved.speakingRateSyllablesPerSecond ?? null,
  };
}
