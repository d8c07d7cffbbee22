import { randomBytes } from 'node:crypto';
import { REALTIME_EVENTS, type FeaturedCategories, type FeaturedMusicItem } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/types.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileDeletions } from '../../lib/file-store/file-deletions.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { validateArtwork } from './artwork-upload.ts';
import { CURATED_PROMPTS } from './curated-prompts.ts';
import { planFromPrompt } from '@sound-studio/audio';
import { planSummary, planTags } from './plan-summary.ts';
import type { EngageAction, FeaturedRow, MusicRepository, TrackRow } from './repository.ts';
import { MUSIC_JOB_TYPE, newTrackSeed } from './service.ts';
import { toFeaturedItem } from './track-view.ts';

/** The account that owns the catalogue's songs; it cannot sign in (its password hash matches no password). */
export const CATALOGUE_OWNER_EMAIL = 'featured-catalogue@sound-studio.invalid';
/** Featured catalogue songs are short, so the first start stays cheap. */
export const CATALOGUE_TRACK_SECONDS = 30;
const CATALOGUE_MODEL = 'music-2.0';

export interface FeaturedDependencies {
  db: Database;
  repository: MusicRepository;
  jobs: JobQueue;
  files: FileStore;
  fileDeletions: FileDeletions;
  mediaLinks: MediaLinks;
  realtime: RealtimeHub;
}

export interface AdminFeaturedEntry {
  _id: string;
  title: string;
  status: string;
  category: string;
  subcategory: string;
  order: number;
  tags: string[];
  artworkUrl: string | null;
  stats: { views: number; plays: number; downloads: number };
}

/** The featured catalogue: what visitors see, engagement counters, and the operator's changes (each one announced). */
export class FeaturedService {
  constructor(private readonly deps: FeaturedDependencies) {}

  async list(filter: { category?: string | undefined; subcategory?: string | undefined; limit: number }): Promise<FeaturedMusicItem[]> {
    const rows = await this.deps.repository.listFeatured({
      ...(filter.category ? { category: filter.category } : {}),
      ...(filter.subcategory ? { subcategory: filter.subcategory } : {}),
      limit: filter.limit,
      completedOnly: true,
    });
    return rows.map(({ featured, track }) => toFeaturedItem(featured, track, this.deps.mediaLinks));
  }

  async categories(): Promise<FeaturedCategories> {
    const categories: FeaturedCategories = {};
    for (const { category, subcategory } of await this.deps.repository.categories()) {
      (categories[category] ??= []).push(subcategory);
    }
    return categories;
  }

  async engage(trackId: string, action: EngageAction): Promise<{ views: number; plays: number; downloads: number }> {
    const row = await this.deps.repository.engage(trackId, action);
    if (!row) throw new AppError('NOT_FOUND', 'Featured track not found');
    return { views: row.views, plays: row.plays, downloads: row.downloads };
  }

  #ownerId: Promise<string> | null = null;

  /** The catalogue owner's id, creating the account on first use. */
  catalogueOwnerId(): Promise<string> {
    this.#ownerId ??= this.#findOrCreateOwner().catch((error: unknown) => {
      this.#ownerId = null;
      throw error;
    });
    return this.#ownerId;
  }

  async #findOrCreateOwner(): Promise<string> {
    const ownerId = await this.deps.repository.findOrCreateSystemAccount({ name: 'Featured catalogue', email: CATALOGUE_OWNER_EMAIL });
    if (!ownerId) throw new Error('The catalogue owner account is missing');
    return ownerId;
  }

  /**
   * On first start (no curated song yet) creates the curated tracks and their featured entries in one transaction,
   * then queues their jobs. A second server starting at the same time inserts nothing (unique curated keys).
   */
  async composeCatalogue(size: number | null): Promise<number> {
    const created = (await this.deps.repository.countCurated()) > 0 ? 0 : await this.#createCatalogue(size);
    await this.enqueueOrphans();
    return created;
  }

  async #createCatalogue(size: number | null): Promise<number> {
    const ownerId = await this.catalogueOwnerId();
    const prompts = CURATED_PROMPTS.slice(0, size ?? CURATED_PROMPTS.length);
    const created = await this.deps.db.transaction(async (tx) => {
      const repository = this.deps.repository.within(tx);
      const tracks: TrackRow[] = [];
      for (const [index, curated] of prompts.entries()) {
        const seed = newTrackSeed();
        const plan = planFromPrompt(curated.prompt, { durationSeconds: CATALOGUE_TRACK_SECONDS, seed });
        const track = await repository.insertTrack({
          userId: ownerId,
          title: plan.title,
          prompt: curated.prompt,
          modelId: CATALOGUE_MODEL,
          durationSeconds: CATALOGUE_TRACK_SECONDS,
          tags: planTags(plan),
          plan: planSummary(plan),
          seed,
        });
        const featured = await repository.insertFeatured({
          trackId: track.id,
          category: curated.category,
          subcategory: curated.subcategory,
          displayOrder: index + 1,
          tags: curated.tags,
          curatedKey: curated.key,
        });
        if (!featured) throw new CatalogueAlreadyComposed();
        tracks.push(track);
      }
      return tracks;
    }).catch((error: unknown) => {
      if (error instanceof CatalogueAlreadyComposed) return [];
      throw error;
    });
    return created.length;
  }

  /**
   * Queues users' tracks whose job was never enqueued (a crash right after the insert) and the next catalogue song:
   * catalogue songs go one at a time (the next when one finishes), so a user's track never waits behind them all.
   */
  async enqueueOrphans(): Promise<void> {
    const ownerId = await this.catalogueOwnerId();
    const users = await this.deps.repository.tracksWithoutJob({ ownerId, owned: false });
    const nextCatalogueSong = await this.deps.repository.tracksWithoutJob({ ownerId, owned: true, limit: 1 });
    for (const track of [...users, ...nextCatalogueSong]) await this.#enqueue(track);
  }

  /** After a catalogue song's job ends (completed or failed), the next one goes in the queue. */
  async continueCatalogue(finishedJobUserId: string): Promise<void> {
    const ownerId = await this.catalogueOwnerId();
    if (finishedJobUserId !== ownerId) return;
    for (const track of await this.deps.repository.tracksWithoutJob({ ownerId, owned: true, limit: 1 })) await this.#enqueue(track);
  }

  async #enqueue(track: TrackRow): Promise<void> {
    try {
      await this.deps.jobs.enqueue(MUSIC_JOB_TYPE, track.userId, { trackId: track.id }, { id: track.id });
    } catch (error) {
      // Another process queued it first (same job id): nothing to do.
      if (!(await this.deps.repository.hasJob(track.id))) throw error;
    }
  }

  /** Called when a featured song finishes rendering: open pages refetch. */
  announceCompleted(featured: FeaturedRow): void {
    this.deps.realtime.emitPublic(REALTIME_EVENTS.featuredMusicAdded, eventPayload(featured));
  }

  // The operator's commands.

  async adminList(): Promise<AdminFeaturedEntry[]> {
    const rows = await this.deps.repository.listFeatured({ completedOnly: false });
    return rows.map(({ featured, track }) => this.#adminEntry(featured, track));
  }

  async add(trackId: string, placement: { category: string; subcategory: string; order?: number | undefined; tags?: string[] | undefined }): Promise<AdminFeaturedEntry> {
    const track = await this.#track(trackId);
    if (track.status !== 'completed') throw new AppError('VALIDATION_ERROR', 'Only completed tracks can be featured');
    const order = placement.order ?? (await this.deps.repository.nextFeaturedOrder(placement.category));
    const featured = await this.deps.repository.insertFeatured({
      trackId,
      category: placement.category,
      subcategory: placement.subcategory,
      displayOrder: order,
      tags: placement.tags ?? track.tags.slice(0, 4),
    });
    if (!featured) throw new AppError('CONFLICT', 'The track is already featured');
    this.deps.realtime.emitPublic(REALTIME_EVENTS.featuredMusicAdded, eventPayload(featured));
    return this.#adminEntry(featured, track);
  }

  async remove(trackId: string): Promise<void> {
    const featured = await this.deps.fileDeletions.deleteWithRecords(async (tx) => {
      const row = await this.deps.repository.within(tx).deleteFeatured(trackId);
      return { result: row, fileKeys: row?.artworkKey ? [row.artworkKey] : [] };
    });
    if (!featured) throw new AppError('NOT_FOUND', 'Featured track not found');
    this.deps.realtime.emitPublic(REALTIME_EVENTS.featuredMusicRemoved, eventPayload(featured));
  }

  /** Moves a track to `position` (1-based) among the featured tracks of its category and renumbers the rest. */
  async reorder(trackId: string, position: number): Promise<AdminFeaturedEntry> {
    const current = await this.deps.repository.findFeatured(trackId);
    if (!current) throw new AppError('NOT_FOUND', 'Featured track not found');
    await this.deps.db.transaction(async (tx) => {
      const repository = this.deps.repository.within(tx);
      const siblings = (await repository.listFeatured({ category: current.category, completedOnly: false })).filter(
        ({ featured }) => featured.trackId !== trackId,
      );
      const index = Math.min(Math.max(position, 1), siblings.length + 1) - 1;
      const ordered = [...siblings.map(({ featured }) => featured.trackId)];
      ordered.splice(index, 0, trackId);
      for (const [offset, id] of ordered.entries()) await repository.updateFeatured(id, { displayOrder: offset + 1 });
    });
    const { featured, track } = await this.#entry(trackId);
    this.deps.realtime.emitPublic(REALTIME_EVENTS.featuredMusicUpdated, { ...eventPayload(featured), order: featured.displayOrder });
    return this.#adminEntry(featured, track);
  }

  /** Stores a new cover (checked by content) under a fresh key, so cached old covers are not shown again. */
  async replaceArtwork(trackId: string, bytes: Uint8Array): Promise<AdminFeaturedEntry> {
    const artwork = validateArtwork(bytes);
    const { featured: before } = await this.#entry(trackId);
    const key = `featured/${trackId}-${randomBytes(6).toString('hex')}.${artwork.extension}`;
    const { fileDeletions } = this.deps;
    // Reserved before the upload, taken by the row in the transaction that also lets go of the old cover.
    await fileDeletions.reserve([key]);
    let featured: FeaturedRow | null;
    try {
      await this.deps.files.put(key, artwork.bytes);
      featured = await fileDeletions.deleteWithRecords(async (tx) => {
        const row = await this.deps.repository.within(tx).updateFeatured(trackId, { artworkKey: key });
        if (row) await fileDeletions.confirm(tx, [key]);
        return { result: row, fileKeys: row && before.artworkKey ? [before.artworkKey] : [] };
      });
    } catch (error) {
      await fileDeletions.discard([key]);
      throw error;
    }
    if (!featured) {
      await fileDeletions.discard([key]);
      throw new AppError('NOT_FOUND', 'Featured track not found');
    }
    const track = await this.#track(trackId);
    const entry = this.#adminEntry(featured, track);
    this.deps.realtime.emitPublic(REALTIME_EVENTS.featuredArtworkUpdated, { ...eventPayload(featured), artworkUrl: entry.artworkUrl });
    return entry;
  }

  async #track(trackId: string): Promise<TrackRow> {
    const track = await this.deps.repository.findTrack(trackId);
    if (!track) throw new AppError('NOT_FOUND', 'Track not found');
    return track;
  }

  async #entry(trackId: string): Promise<{ featured: FeaturedRow; track: TrackRow }> {
    const featured = await this.deps.repository.findFeatured(trackId);
    if (!featured) throw new AppError('NOT_FOUND', 'Featured track not found');
    return { featured, track: await this.#track(trackId) };
  }

  #adminEntry(featured: FeaturedRow, track: TrackRow): AdminFeaturedEntry {
    const artworkKey = featured.artworkKey ?? track.artworkKey;
    return {
      _id: track.id,
      title: track.title,
      status: track.status,
      category: featured.category,
      subcategory: featured.subcategory,
      order: featured.displayOrder,
      tags: featured.tags,
      artworkUrl: artworkKey ? this.deps.mediaLinks.urlFor(artworkKey) : null,
      stats: { views: featured.views, plays: featured.plays, downloads: featured.downloads },
    };
  }
}

class CatalogueAlreadyComposed extends Error {}

function eventPayload(featured: FeaturedRow): { _id: string; category: string; subcategory: string } {
  return { _id: featured.trackId, category: featured.category, subcategory: featured.subcategory };
}
