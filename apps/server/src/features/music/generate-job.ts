import { MusicError, type MusicEngine } from '@sound-studio/audio';
import { CREDIT_FAILURE_MESSAGES, MUSIC_MESSAGES } from '@sound-studio/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { JobContext, JobRecord, JobResult } from '../../jobs/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { lyricsTimelineSummary, planSummary, planTags } from './plan-summary.ts';
import type { MusicRepository, TrackRow } from './repository.ts';
import { emitTrackUpdate, musicCost, musicFileKey, trackFileKeys } from './service.ts';
import { PROGRESS_SCALE } from './track-view.ts';

const payloadSchema = z.object({ trackId: z.string().uuid() });
/** The owner hears about progress at most this often. */
const PROGRESS_EVENT_INTERVAL_MS = 1000;

export interface MusicJobDependencies {
  db: Database;
  repository: MusicRepository;
  engine: MusicEngine;
  files: FileStore;
  fileDeletions: FileDeletions;
  credits: CreditService;
  mediaLinks: MediaLinks;
  realtime: RealtimeHub;
  clock: Clock;
  /** Deleting a track aborts its running job through these controllers (same process only). */
  running: Map<string, AbortController>;
}

/**
 * The music job: render the track's plan (same seed, so a rerun after a restart gives the same song), store the MP3
 * and cover, then mark it completed and charge for the length delivered (at most what was held) in one transaction.
 * A track deleted meanwhile leaves nothing behind and is not charged (its credits went back when it was deleted).
 */
export function musicJobHandler(deps: MusicJobDependencies) {
  return async ({ job, reportProgress, signal }: JobContext): Promise<JobResult> => {
    const { trackId } = payloadSchema.parse(job.payload);
    const started = await deps.repository.updateUnfinishedTrack(trackId, { status: 'processing', progress: 0, error: null });
    if (!started) return { skipped: true };
    emitTrackUpdate(deps.realtime, deps.mediaLinks, started);

    const cancel = new AbortController();
    deps.running.set(trackId, cancel);
    try {
      const result = await deps.engine
        .generate({
          prompt: started.prompt,
          durationSeconds: started.durationSeconds,
          ...(started.lyrics ? { lyrics: started.lyrics } : {}),
          ...(started.seed === null ? {} : { seed: started.seed }),
          onProgress: progressReporter(deps, started, reportProgress),
          signal: AbortSignal.any([signal, cancel.signal]),
        })
        .catch((error: unknown) => {
          throw signal.aborted ? error : engineFailure(error);
        });
      const audioKey = musicFileKey(started.userId, trackId, 'mp3');
      const artworkKey = musicFileKey(started.userId, trackId, 'svg');
      const completed = await storeAndComplete(deps, started, { audio: result.mp3, artwork: result.artworkSvg }, {
        status: 'completed',
        progress: PROGRESS_SCALE,
        audioKey,
        artworkKey,
        title: result.plan.title,
        tags: planTags(result.plan),
        plan: planSummary(result.plan),
        lyricsTimeline: lyricsTimelineSummary(result.lyricsTimeline),
        durationSeconds: Math.round(result.durationSeconds),
      }, result.durationSeconds);
      if (!completed) {
        await deps.fileDeletions.discard(trackFileKeys(started), 'record-deleted');
        return { deleted: true };
      }
      emitTrackUpdate(deps.realtime, deps.mediaLinks, completed);
      return { trackId, audioKey };
    } finally {
      deps.running.delete(trackId);
    }
  };
}

type CompletedPatch = Parameters<MusicRepository['updateTrack']>[1];

/**
 * What a finished track costs: the 30-second blocks it actually lasts, at the rate its hold was priced at, never more
 * than was held. A cloud provider (MiniMax) chooses the length itself, so the requested length only sets the hold.
 */
export function creditsForDelivered(track: Pick<TrackRow, 'credits' | 'durationSeconds'>, deliveredSeconds: number): number {
  const perBlock = track.credits / Math.max(1, Math.ceil(track.durationSeconds / 30));
  return Math.min(track.credits, Math.round(musicCost(Math.max(1, deliveredSeconds), perBlock)));
}

/**
 * Stores the files (reserved first, so a crash before the track row takes them still gets them deleted) and completes
 * the track; a failure on the way discards the files.
 */
async function storeAndComplete(
  deps: MusicJobDependencies,
  track: TrackRow,
  rendered: { audio: Uint8Array; artwork: string },
  patch: CompletedPatch & { audioKey: string; artworkKey: string },
  deliveredSeconds: number,
): Promise<TrackRow | null> {
  const keys = [patch.audioKey, patch.artworkKey];
  await deps.fileDeletions.reserve(keys);
  try {
    await deps.files.put(patch.audioKey, rendered.audio);
    await deps.files.put(patch.artworkKey, new TextEncoder().encode(rendered.artwork));
    return await completeTrack(deps, track, patch, deliveredSeconds);
  } catch (error) {
    await deps.fileDeletions.discard(keys);
    throw error;
  }
}

/**
 * The track's result and the charge commit together, so a completed track is always a paid one; the row then says
 * what was charged, not what was held.
 */
async function completeTrack(
  deps: MusicJobDependencies,
  track: TrackRow,
  patch: CompletedPatch & { audioKey: string; artworkKey: string },
  deliveredSeconds: number,
): Promise<TrackRow | null> {
  return deps.db.transaction(async (tx) => {
    const repository = deps.repository.within(tx);
    const completed = await repository.updateUnfinishedTrack(track.id, patch);
    if (!completed) return null;
    await deps.fileDeletions.confirm(tx, [patch.audioKey, patch.artworkKey]);
    const hold = CreditHold.existing(deps.credits.within(tx), track.reservationId, track.credits);
    const charged = await hold.settle(creditsForDelivered(track, deliveredSeconds));
    return charged === completed.credits ? completed : await repository.updateTrack(track.id, { credits: charged });
  });
}

function progressReporter(deps: MusicJobDependencies, track: TrackRow, reportProgress: JobContext['reportProgress']) {
  let lastSentAt = 0;
  let pending: Promise<void> = Promise.resolve();
  return ({ fraction }: { fraction: number }) => {
    const now = deps.clock.now();
    if (now - lastSentAt < PROGRESS_EVENT_INTERVAL_MS || fraction >= 1) return;
    lastSentAt = now;
    const progress = Math.round(Math.min(0.99, Math.max(0, fraction)) * PROGRESS_SCALE);
    // Progress writes queue up behind each other and never fail the render.
    pending = pending
      .then(async () => {
        await reportProgress(progress / PROGRESS_SCALE);
        const row = await deps.repository.updateUnfinishedTrack(track.id, { progress });
        if (row) emitTrackUpdate(deps.realtime, deps.mediaLinks, row);
      })
      .catch(() => undefined);
  };
}

/**
 * The message a failed track shows: the policy text for a provider's refusal, why work paid by a refunded payment was
 * stopped, else the spec's generic failure.
 */
export function failureMessage(error: string | null): string {
  return error === MUSIC_MESSAGES.promptRejected || error === CREDIT_FAILURE_MESSAGES.refundedWorkStopped ? error : MUSIC_MESSAGES.generationFailed;
}

/** The provider's refusal becomes the policy text the track shows; other errors the spec's failure (the log keeps why). */
function engineFailure(error: unknown): AppError {
  const rejected = error instanceof MusicError && error.code === 'PROVIDER_REJECTED';
  const failure = rejected
    ? new AppError('VALIDATION_ERROR', MUSIC_MESSAGES.promptRejected)
    : new AppError('SERVICE_UNAVAILABLE', MUSIC_MESSAGES.generationFailed);
  failure.cause = error;
  return failure;
}

/** A failed job: the track says so with an error text, its credits go back and no file stays. */
export function musicFailureHandler(deps: Omit<MusicJobDependencies, 'engine' | 'running' | 'clock'>) {
  return async (job: JobRecord): Promise<void> => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success) return;
    const failed = await deps.db.transaction(async (tx) => {
      const row = await deps.repository.within(tx).updateUnfinishedTrack(parsed.data.trackId, { status: 'failed', error: failureMessage(job.error) });
      if (row) await CreditHold.existing(deps.credits.within(tx), row.reservationId, row.credits).release();
      return row;
    });
    if (!failed) return;
    await deps.fileDeletions.discard(trackFileKeys(failed));
    emitTrackUpdate(deps.realtime, deps.mediaLinks, failed);
  };
}
