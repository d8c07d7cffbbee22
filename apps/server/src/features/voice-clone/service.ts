import { randomUUID } from 'node:crypto';
import { DURATION_TOLERANCE_SECONDS, MediaError, probeMedia, validateCloneUploads } from '@sound-studio/audio';
import { fieldErrors, FILE_FAILURE_MESSAGES, UPLOAD_LIMITS, voiceCloneFieldsSchema, type VoiceCloneJob } from '@sound-studio/shared';
import { JobStore } from '../../jobs/job-store.ts';
import type { JobQueue } from '../../jobs/types.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import { jobHold, type CreditService } from '../../lib/credit-service.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CustomVoices } from '../custom-voices/custom-voices.ts';
import { mediaErrorToAppError } from '../voice-lab/media-errors.ts';
import { storeLocalFile } from '../voice-lab/stored-files.ts';
import { cloneSampleKey, toVoiceCloneJob, VOICE_CLONE_JOB_TYPE, type CloneFields, type ClonePayload } from './clone-job.ts';
import type { CloneSampleUpload, CloneUpload } from './upload.ts';

export interface VoiceCloneDependencies {
  db: Database;
  clock: Clock;
  credits: CreditService;
  files: FileStore;
  fileDeletions: FileDeletions;
  jobs: JobQueue;
  customVoices: CustomVoices;
}

/**
 * Voice clone: checked samples become a job that makes a voice in My Voices, paid with the plan's clone rate (2000
 * credits, held now, charged when the voice is kept) and taking a slot. Any failure gives the credits back.
 */
export class VoiceCloneService {
  readonly #jobStore: JobStore;

  constructor(private readonly deps: VoiceCloneDependencies) {
    this.#jobStore = new JobStore(deps.db, deps.clock);
  }

  /**
   * Checks the form and each sample by content and length (probing, not decoding), checks the slot, holds the credits
   * and enqueues the clone. The samples on disk are always removed; the stored copies belong to the job.
   */
  async submit(userId: string, upload: CloneUpload): Promise<VoiceCloneJob> {
    try {
      const fields = parseFields(upload.fields);
      try {
        validateCloneUploads(upload.samples.map((sample) => ({ name: sample.fileName, sizeBytes: sample.sizeBytes })));
      } catch (error) {
        throw mediaErrorToAppError(error);
      }
      for (const sample of upload.samples) await probeSample(sample);
      await this.deps.customVoices.assertSlotFree(userId);
      return await this.#enqueue(userId, fields, upload.samples);
    } finally {
      await upload.remove();
    }
  }

  async find(userId: string, id: string): Promise<VoiceCloneJob> {
    const job = isUuid(id) ? await this.#jobStore.find(id) : null;
    if (!job || job.userId !== userId || job.type !== VOICE_CLONE_JOB_TYPE) throw new AppError('NOT_FOUND', 'Job not found');
    return toVoiceCloneJob(job, this.deps.customVoices);
  }

  async #enqueue(userId: string, fields: CloneFields, samples: CloneSampleUpload[]): Promise<VoiceCloneJob> {
    const { rates } = await this.deps.customVoices.repository.allowance(userId);
    const jobId = randomUUID();
    const heldCredits = rates.voiceClone.creation;
    // The voice takes the job's id, so the ledger reference names both.
    const hold = await CreditHold.reserve(this.deps.credits, userId, heldCredits, `Voice clone: ${fields.name}`, `clone:${jobId}`, jobHold(jobId), {
      kind: 'voice_clone',
    });
    const stored = samples.map((sample, index) => ({ key: cloneSampleKey(userId, jobId, index), fileName: sample.fileName }));
    const keys = stored.map((sample) => sample.key);
    // Reserved before the upload and taken by the job once its row exists (FileDeletions).
    await this.deps.fileDeletions.reserve(keys);
    try {
      for (const [index, sample] of samples.entries()) await storeLocalFile(this.deps.files, sample.path, cloneSampleKey(userId, jobId, index));
      const payload: ClonePayload = { fields, samples: stored, heldCredits, reservationId: hold.reservationId };
      const job = await this.deps.jobs.enqueue(VOICE_CLONE_JOB_TYPE, userId, payload, { id: jobId });
      await this.deps.fileDeletions.handOver(keys);
      return await toVoiceCloneJob(job, this.deps.customVoices);
    } catch (error) {
      await hold.release();
      await this.deps.fileDeletions.discard(keys);
      throw error;
    }
  }
}

function parseFields(fields: Record<string, string>): CloneFields {
  const parsed = voiceCloneFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid form', { fields: fieldErrors(parsed.error) });
  }
  const { consent: _consent, ...rest } = parsed.data;
  return rest;
}

/** The content check up front: a real audio container with an audio stream, 10 to 60 s when the container says. */
async function probeSample(sample: CloneSampleUpload): Promise<void> {
  const info = await probeMedia(sample.path, { maxBytes: UPLOAD_LIMITS.cloneFileBytes }).catch((error: unknown) => {
    throw mediaErrorToAppError(error, sample.fileName);
  });
  if (!info.hasAudio) throw validationError('samples', `"${sample.fileName}": ${FILE_FAILURE_MESSAGES.mediaNoAudioTrack}`);
  const seconds = info.durationSeconds;
  if (seconds === null) return; // the decoder in the job has the final word
  const { cloneSampleMinSeconds: min, cloneSampleMaxSeconds: max } = UPLOAD_LIMITS;
  if (seconds < min - DURATION_TOLERANCE_SECONDS) {
    const error = new MediaError('MEDIA_TOO_SHORT', `The audio is ${seconds.toFixed(1)} s long; it must be at least ${min} s`, { durationSeconds: seconds, minSeconds: min });
    throw mediaErrorToAppError(error, sample.fileName);
  }
  if (seconds > max + DURATION_TOLERANCE_SECONDS) {
    const error = new MediaError('MEDIA_TOO_LONG', `The audio is ${seconds.toFixed(1)} s long; the limit is ${max} s`, { durationSeconds: seconds, maxSeconds: max });
    throw mediaErrorToAppError(error, sample.fileName);
  }
}
