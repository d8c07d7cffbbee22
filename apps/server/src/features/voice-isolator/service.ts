import { randomUUID } from 'node:crypto';
import { probeMedia, DURATION_TOLERANCE_SECONDS } from '@sound-studio/audio';
import { FILE_FAILURE_MESSAGES, UPLOAD_LIMITS, type IsolatorJob, type IsolatorJobList } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { JobStore } from '../../jobs/job-store.ts';
import type { JobQueue } from '../../jobs/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import { jobHold, type CreditService } from '../../lib/credit-service.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { CustomVoiceRepository } from '../custom-voices/repository.ts';
import { mediaErrorToAppError } from '../voice-lab/media-errors.ts';
import { storeLocalFile } from '../voice-lab/stored-files.ts';
import { ISOLATOR_JOB_TYPE, isolationCost, isolatorKeys, toIsolatorJob, type IsolatorPayload } from './isolator-job.ts';
import type { TemporaryUpload } from './upload.ts';

const HISTORY_LIMIT = 100;

export interface VoiceIsolatorDependencies {
  db: Database;
  clock: Clock;
  files: FileStore;
  fileDeletions: FileDeletions;
  credits: CreditService;
  jobs: JobQueue;
  mediaLinks: MediaLinks;
  plans: CustomVoiceRepository;
}

/** Voice isolator jobs: checked uploads become jobs paid per started minute; the caller's history. */
export class VoiceIsolatorService {
  readonly #jobStore: JobStore;

  constructor(private readonly deps: VoiceIsolatorDependencies) {
    this.#jobStore = new JobStore(deps.db, deps.clock);
  }

  /**
   * Probes the upload by content before replying (another kind of file, no audio or too long is refused now), holds
   * the credits of its started minutes and enqueues the isolation. The temporary upload is always removed.
   */
  async create(userId: string, upload: TemporaryUpload): Promise<IsolatorJob> {
    try {
      const durationSeconds = await probeDuration(upload);
      const { rates } = await this.deps.plans.allowance(userId);
      const creditsPerMinute = rates.voiceIsolator.perMinute;
      const heldCredits = isolationCost(durationSeconds ?? UPLOAD_LIMITS.isolatorMaxSeconds, creditsPerMinute);
      const jobId = randomUUID();
      const description = `Voice isolator: ${upload.fileName}`;
      const hold = await CreditHold.reserve(this.deps.credits, userId, heldCredits, description, `isolator:${jobId}`, jobHold(jobId), {
        kind: 'voice_isolation',
      });
      const keys = isolatorKeys(userId, jobId);
      // Reserved before the upload and taken by the job once its row exists (FileDeletions).
      await this.deps.fileDeletions.reserve([keys.upload]);
      try {
        await storeLocalFile(this.deps.files, upload.path, keys.upload);
        const payload: IsolatorPayload = {
          fileName: upload.fileName,
          uploadKey: keys.upload,
          durationSeconds,
          creditsPerMinute,
          heldCredits,
          reservationId: hold.reservationId,
        };
        const job = await this.deps.jobs.enqueue(ISOLATOR_JOB_TYPE, userId, payload, { id: jobId });
        await this.deps.fileDeletions.handOver([keys.upload]);
        return toIsolatorJob(job, this.deps.mediaLinks);
      } catch (error) {
        await hold.release();
        await this.deps.fileDeletions.discard([keys.upload]);
        throw error;
      }
    } finally {
      await upload.remove();
    }
  }

  async find(userId: string, id: string): Promise<IsolatorJob> {
    const job = isUuid(id) ? await this.#jobStore.find(id) : null;
    if (!job || job.userId !== userId || job.type !== ISOLATOR_JOB_TYPE) throw new AppError('NOT_FOUND', 'Job not found');
    return toIsolatorJob(job, this.deps.mediaLinks);
  }

  async history(userId: string): Promise<IsolatorJobList> {
    const rows = await this.#jobStore.latestOfUser(userId, ISOLATOR_JOB_TYPE, HISTORY_LIMIT);
    return { items: rows.map((row) => toIsolatorJob(row, this.deps.mediaLinks)) };
  }
}

/** The content check up front: a real audio or video container with an audio stream, at most 300 s. */
async function probeDuration(upload: TemporaryUpload): Promise<number | null> {
  const info = await probeMedia(upload.path, { maxBytes: UPLOAD_LIMITS.isolatorFileBytes }).catch((error: unknown) => {
    throw mediaErrorToAppError(error);
  });
  if (!info.hasAudio) throw validationError('file', FILE_FAILURE_MESSAGES.mediaNoAudioTrack);
  const seconds = info.durationSeconds;
  if (seconds !== null && seconds > UPLOAD_LIMITS.isolatorMaxSeconds + DURATION_TOLERANCE_SECONDS) {
    throw validationError('file', `The recording is ${seconds.toFixed(1)} s long; the limit is ${UPLOAD_LIMITS.isolatorMaxSeconds} s (5 minutes)`);
  }
  return seconds;
}
