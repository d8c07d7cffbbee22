import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeToPcm, ISOLATOR_DECODE_LIMITS, type VoiceIsolator } from '@sound-studio/audio';
import type { IsolatorJob } from '@sound-studio/shared';
import { z } from 'zod';
import type { JobContext, JobRecord, JobResult } from '../../jobs/types.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { userMediaKey, type MediaLinks } from '../../lib/media-links.ts';
import { mediaErrorToAppError } from '../voice-lab/media-errors.ts';
import { downloadStoredFile } from '../voice-lab/stored-files.ts';

export const ISOLATOR_JOB_TYPE = 'voice-isolator';
const ISOLATION_RATE = 48_000;
/** Progress saved at most this often (each report is a row update and a realtime event). */
const PROGRESS_STEP = 0.05;

export const isolatorPayloadSchema = z.object({
  fileName: z.string(),
  uploadKey: z.string(),
  /** From the probe; null when the container does not say (the decoded length decides the charge). */
  durationSeconds: z.number().nullable(),
  creditsPerMinute: z.number(),
  heldCredits: z.number().int(),
  reservationId: z.string().nullable(),
});
export type IsolatorPayload = z.infer<typeof isolatorPayloadSchema>;

const isolatorResultSchema = z.object({
  cleanKey: z.string(),
  cleanWavKey: z.string(),
  originalKey: z.string(),
  durationSeconds: z.number(),
  credits: z.number().int(),
});

/** Where one job keeps its files: the upload, clean speech (MP3, WAV) and an MP3 of the original for A/B. */
export const isolatorKeys = (userId: string, jobId: string) => ({
  upload: userMediaKey('isolator', userId, `${jobId}-upload`),
  clean: userMediaKey('isolator', userId, `${jobId}-clean.mp3`),
  cleanWav: userMediaKey('isolator', userId, `${jobId}-clean.wav`),
  original: userMediaKey('isolator', userId, `${jobId}-original.mp3`),
});

/** 100 credits (the plan's rate) per started minute. */
export function isolationCost(durationSeconds: number, creditsPerMinute: number): number {
  return Math.max(1, Math.ceil(durationSeconds / 60)) * Math.ceil(creditsPerMinute);
}

export interface IsolatorJobDependencies {
  isolator: VoiceIsolator;
  files: FileStore;
  fileDeletions: FileDeletions;
  credits: CreditService;
  /** Where the stored upload is copied for the decoder (removed afterwards). */
  scratchDir: string;
}

/**
 * Decodes the upload to 48 kHz in a bounded ffmpeg, isolates the voice in the worker pool (progress as it goes),
 * stores clean MP3 + WAV and the original as MP3, then charges the started minutes of the decoded length. The hold
 * came from the probe's estimate, which a header can understate: it grows to the decoded length's price before any
 * work is done (the job fails with INSUFFICIENT_CREDITS, charging nothing, when the balance cannot cover it).
 */
export function isolatorJobHandler(deps: IsolatorJobDependencies) {
  return async ({ job, reportProgress, signal }: JobContext): Promise<JobResult> => {
    const payload = isolatorPayloadSchema.parse(job.payload);
    const keys = isolatorKeys(job.userId, job.id);
    const progress = throttledProgress(reportProgress);
    const decoded = await decodeUpload(deps, keys.upload, signal);
    const cost = isolationCost(decoded.durationSeconds, payload.creditsPerMinute);
    const hold = await CreditHold.existing(deps.credits, payload.reservationId, payload.heldCredits).extendTo(cost);
    await progress(0.1);
    const isolated = await deps.isolator.isolate(decoded.samples, {
      sampleRate: decoded.sampleRate,
      signal,
      onProgress: (fraction) => void progress(0.1 + fraction * 0.75),
    });
    const clean = await deps.isolator.encode(isolated.samples, isolated.sampleRate, { signal });
    const original = await deps.isolator.encode(decoded.samples, decoded.sampleRate, { formats: ['mp3'], signal });
    await progress(0.95);
    if (!clean.mp3 || !clean.wav || !original.mp3) throw new Error('The encoder returned no file');
    await deps.files.put(keys.clean, clean.mp3);
    await deps.files.put(keys.cleanWav, clean.wav);
    await deps.files.put(keys.original, original.mp3);
    const credits = await hold.settle(cost);
    await deps.fileDeletions.discard([keys.upload], 'record-deleted');
    return { cleanKey: keys.clean, cleanWavKey: keys.cleanWav, originalKey: keys.original, durationSeconds: decoded.durationSeconds, credits };
  };
}

/** A failed job gives its credits back and leaves no files. */
export function isolatorFailureHandler(deps: Pick<IsolatorJobDependencies, 'fileDeletions' | 'credits'>) {
  return async (job: JobRecord): Promise<void> => {
    const payload = isolatorPayloadSchema.safeParse(job.payload);
    if (payload.success) await CreditHold.existing(deps.credits, payload.data.reservationId, payload.data.heldCredits).release();
    await deps.fileDeletions.discard(Object.values(isolatorKeys(job.userId, job.id)));
  };
}

async function decodeUpload(deps: Pick<IsolatorJobDependencies, 'files' | 'scratchDir'>, uploadKey: string, signal: AbortSignal) {
  const local = path.join(deps.scratchDir, `isolate-${randomUUID()}`);
  try {
    await downloadStoredFile(deps.files, uploadKey, local);
    return await decodeToPcm(local, { ...ISOLATOR_DECODE_LIMITS, sampleRate: ISOLATION_RATE, signal });
  } catch (error) {
    throw signal.aborted ? error : mediaErrorToAppError(error);
  } finally {
    await rm(local, { force: true });
  }
}

function throttledProgress(report: (progress: number) => Promise<void>): (progress: number) => Promise<void> {
  let saved = 0;
  return async (progress) => {
    if (progress - saved < PROGRESS_STEP) return;
    saved = progress;
    await report(progress).catch(() => undefined);
  };
}

/** The job as the API and the isolator_job_updated event show it, with fresh signed links. */
export function toIsolatorJob(job: JobRecord, mediaLinks: MediaLinks): IsolatorJob {
  const payload = isolatorPayloadSchema.safeParse(job.payload);
  const result = job.status === 'completed' ? isolatorResultSchema.safeParse(job.result) : null;
  const done = result?.success ? result.data : null;
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    fileName: payload.success ? payload.data.fileName : 'upload',
    durationSeconds: done?.durationSeconds ?? (payload.success ? payload.data.durationSeconds : null),
    credits: done ? done.credits : job.status === 'failed' || !payload.success ? 0 : payload.data.heldCredits,
    resultUrl: done ? mediaLinks.urlFor(done.cleanKey) : null,
    resultWavUrl: done ? mediaLinks.urlFor(done.cleanWavKey) : null,
    originalUrl: done ? mediaLinks.urlFor(done.originalKey) : null,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
  };
}
