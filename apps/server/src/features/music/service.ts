import { newSeed, planFromPrompt, type MusicPlan } from '@sound-studio/audio';
import { MUSIC_TRACK_UPDATED_EVENT, type MusicGenerateRequest, type MusicTrack, type MyMusicReply } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/types.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import { jobHold, type CreditService } from '../../lib/credit-service.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import { isUuid } from '../../lib/ids.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { assertAllowedByPolicy } from './content-policy.ts';
import { planSummary, planTags } from './plan-summary.ts';
import type { MusicRepository, TrackRow } from './repository.ts';
import { toMusicTrack } from './track-view.ts';

export const MUSIC_JOB_TYPE = 'music.generate';
const DEFAULT_CREDITS_PER_30_SECONDS = 200;
const TRACK_NOT_FOUND = 'Track not found';

export interface MusicServiceDependencies {
  db: Database;
  repository: MusicRepository;
  credits: CreditService;
  jobs: JobQueue;
  fileDeletions: FileDeletions;
  mediaLinks: MediaLinks;
  realtime: RealtimeHub;
  /** Aborts the running job of a deleted track when this process runs it. */
  cancelRunning: (trackId: string) => void;
}

/** Cost of a track: every started 30 seconds at the plan's rate. */
export function musicCost(durationSeconds: number, per30Seconds: number): number {
  return Math.ceil(durationSeconds / 30) * per30Seconds;
}

/** Seeds fit a PostgreSQL integer. */
export function newTrackSeed(): number {
  return newSeed() >>> 1;
}

/** The plan a track will be rendered from (the job plans again from the same seed and gets the same plan). */
export function planForTrack(prompt: string, durationSeconds: number, seed: number, lyrics: string | null): MusicPlan {
  return planFromPrompt(prompt, { durationSeconds, seed, ...(lyrics ? { lyrics } : {}) });
}

/** The user's side of music: cost, generation (a job), the library, one track, deletion. */
export class MusicService {
  constructor(private readonly deps: MusicServiceDependencies) {}

  async ratePer30Seconds(userId: string): Promise<number> {
    const rates = await this.deps.repository.planRatesOf(userId);
    return rates?.music.per30Seconds ?? DEFAULT_CREDITS_PER_30_SECONDS;
  }

  async calculate(userId: string, durationSeconds: number): Promise<{ cost: number; balance: number }> {
    const cost = musicCost(durationSeconds, await this.ratePer30Seconds(userId));
    return { cost, balance: await this.deps.credits.balance(userId) };
  }

  /**
   * Checks the policy, holds the credits and creates the track as 'generating' (one transaction, so no hold is ever
   * without its track), then its job; the reply does not wait for the music. Nothing is created when the hold fails.
   */
  async generate(userId: string, request: Required<Omit<MusicGenerateRequest, 'lyrics'>> & { lyrics?: string | undefined }): Promise<MusicTrack> {
    const lyrics = request.lyrics?.trim() || null;
    assertAllowedByPolicy([request.prompt, lyrics ?? undefined]);
    const seed = newTrackSeed();
    const plan = planForTrack(request.prompt, request.duration, seed, lyrics);
    const cost = musicCost(request.duration, await this.ratePer30Seconds(userId));
    const trackId = crypto.randomUUID();
    const description = `Music: ${plan.title} (${request.duration} s)`;
    const track = await this.deps.db.transaction(async (tx) => {
      const hold = await CreditHold.reserve(this.deps.credits.within(tx), userId, cost, description, trackId, jobHold(trackId), {
        kind: 'music',
        seconds: request.duration,
      });
      return this.deps.repository.within(tx).insertTrack({
        id: trackId,
        userId,
        title: plan.title,
        prompt: request.prompt,
        lyrics,
        modelId: request.modelId,
        durationSeconds: request.duration,
        credits: cost,
        reservationId: hold.reservationId,
        tags: planTags(plan),
        plan: planSummary(plan),
        seed,
      });
    });
    try {
      await this.deps.jobs.enqueue(MUSIC_JOB_TYPE, userId, { trackId }, { id: trackId });
      return toMusicTrack(track, this.deps.mediaLinks);
    } catch (error) {
      await CreditHold.existing(this.deps.credits, track.reservationId, cost).release();
      await this.deps.repository.deleteTrack(trackId, userId).catch(() => null);
      throw error;
    }
  }

  async myMusic(userId: string, page: number, limit: number): Promise<MyMusicReply> {
    const { rows, total } = await this.deps.repository.pageOfTracks(userId, page, limit);
    const featured = await this.deps.repository.featuredFor(rows.map((row) => row.id));
    const items = rows.map((row) => toMusicTrack(row, this.deps.mediaLinks, featured.get(row.id) ?? null));
    return { items, page, limit, total };
  }

  /** Another user's track is "not found", so ids cannot be probed. */
  async ownTrack(userId: string, trackId: string): Promise<TrackRow> {
    const row = isUuid(trackId) ? await this.deps.repository.findTrack(trackId) : null;
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', TRACK_NOT_FOUND);
    return row;
  }

  async get(userId: string, trackId: string): Promise<MusicTrack> {
    const row = await this.ownTrack(userId, trackId);
    const featured = await this.deps.repository.findFeatured(row.id);
    return toMusicTrack(row, this.deps.mediaLinks, featured);
  }

  /** Deletes the track and its files; an unfinished track's job is cancelled and its credits go back. */
  async delete(userId: string, trackId: string): Promise<void> {
    const row = await this.ownTrack(userId, trackId);
    if (await this.deps.repository.findFeatured(row.id)) {
      throw new AppError('FORBIDDEN', 'Featured tracks belong to the catalogue and cannot be deleted');
    }
    const unfinished = row.status === 'generating' || row.status === 'processing';
    // The files go with the row (FileDeletions): now, or once the store is back. Files an unfinished track's job is
    // still writing stay reserved by it: the job finds its track gone and discards them.
    const deleted = await this.deps.fileDeletions.deleteWithRecords(async (tx) => {
      const gone = await this.deps.repository.within(tx).deleteTrack(row.id, userId);
      if (gone && unfinished) await CreditHold.existing(this.deps.credits.within(tx), gone.reservationId, gone.credits).release();
      return { result: gone, fileKeys: gone ? trackFileKeys(gone) : [] };
    });
    if (!deleted) throw new AppError('NOT_FOUND', TRACK_NOT_FOUND);
    if (unfinished) this.deps.cancelRunning(row.id);
  }
}

export function musicFileKey(userId: string, trackId: string, extension: 'mp3' | 'svg'): string {
  return `music/${userId}/${trackId}.${extension}`;
}

/** What a track keeps in the store: its audio and its generated artwork. */
export function trackFileKeys(row: Pick<TrackRow, 'id' | 'userId'>): string[] {
  return [musicFileKey(row.userId, row.id, 'mp3'), musicFileKey(row.userId, row.id, 'svg')];
}

/** Tells the owner's open pages about a change of their track. */
export function emitTrackUpdate(realtime: RealtimeHub, links: MediaLinks, row: TrackRow): void {
  realtime.emitToUser(row.userId, MUSIC_TRACK_UPDATED_EVENT, toMusicTrack(row, links));
}
