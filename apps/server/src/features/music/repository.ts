import { and, asc, count, desc, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { CreditRates } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { featuredMusic, jobs, musicTracks, plans, users } from '../../db/schema.ts';

export type TrackRow = typeof musicTracks.$inferSelect;
export type NewTrackRow = typeof musicTracks.$inferInsert;
export type FeaturedRow = typeof featuredMusic.$inferSelect;
export type TrackPatch = Partial<Omit<NewTrackRow, 'id' | 'userId' | 'createdAt'>>;
export interface FeaturedWithTrack {
  featured: FeaturedRow;
  track: TrackRow;
}

export const ENGAGE_COLUMNS = { view: 'views', play: 'plays', download: 'downloads' } as const;
export type EngageAction = keyof typeof ENGAGE_COLUMNS;

/** Music tracks and the featured catalogue in the database. */
export class MusicRepository {
  constructor(readonly db: Database) {}

  within(tx: Database): MusicRepository {
    return new MusicRepository(tx);
  }

  async insertTrack(values: NewTrackRow): Promise<TrackRow> {
    const [row] = await this.db.insert(musicTracks).values(values).returning();
    if (!row) throw new Error('Track insert returned no row');
    return row;
  }

  /** An account nobody signs in to (disabled password), created on first use; its id, or null if it is missing. */
  async findOrCreateSystemAccount(account: { name: string; email: string }): Promise<string | null> {
    await this.db.insert(users).values({ ...account, passwordHash: 'disabled' }).onConflictDoNothing();
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    return row?.id ?? null;
  }

  /** The credit rates of the user's plan (null for an unknown user). */
  async planRatesOf(userId: string): Promise<CreditRates | null> {
    const [row] = await this.db
      .select({ rates: plans.creditRates })
      .from(users)
      .innerJoin(plans, eq(plans.name, users.planName))
      .where(eq(users.id, userId));
    return row?.rates ?? null;
  }

  async findTrack(id: string): Promise<TrackRow | null> {
    const [row] = await this.db.select().from(musicTracks).where(eq(musicTracks.id, id));
    return row ?? null;
  }

  /** Null when the track is gone (deleted while its job ran). */
  /** Updates the track only while it is still generating or processing (a finished or failed track stays as it is). */
  updateUnfinishedTrack(id: string, patch: TrackPatch): Promise<TrackRow | null> {
    return this.updateTrack(id, patch, inArray(musicTracks.status, ['generating', 'processing']));
  }

  async updateTrack(id: string, patch: TrackPatch, onlyIf?: SQL): Promise<TrackRow | null> {
    const [row] = await this.db
      .update(musicTracks)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(onlyIf ? and(eq(musicTracks.id, id), onlyIf) : eq(musicTracks.id, id))
      .returning();
    return row ?? null;
  }

  async deleteTrack(id: string, userId: string): Promise<TrackRow | null> {
    const [row] = await this.db
      .delete(musicTracks)
      .where(and(eq(musicTracks.id, id), eq(musicTracks.userId, userId)))
      .returning();
    return row ?? null;
  }

  async pageOfTracks(userId: string, page: number, limit: number): Promise<{ rows: TrackRow[]; total: number }> {
    const where = eq(musicTracks.userId, userId);
    const rows = await this.db
      .select()
      .from(musicTracks)
      .where(where)
      .orderBy(desc(musicTracks.createdAt), desc(musicTracks.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.db.select({ value: count() }).from(musicTracks).where(where);
    return { rows, total: total?.value ?? 0 };
  }

  /**
   * Tracks still waiting for a job that was never enqueued: the catalogue's songs (queued one at a time, in display
   * order, so users' tracks never wait behind the whole catalogue) or a crash between the insert and the enqueue.
   */
  async tracksWithoutJob(filter: { ownerId: string; owned: boolean; limit?: number }): Promise<TrackRow[]> {
    const query = this.db
      .select({ track: musicTracks })
      .from(musicTracks)
      .leftJoin(jobs, eq(jobs.id, musicTracks.id))
      .leftJoin(featuredMusic, eq(featuredMusic.trackId, musicTracks.id))
      .where(
        and(
          eq(musicTracks.status, 'generating'),
          sql`${jobs.id} IS NULL`,
          filter.owned ? eq(musicTracks.userId, filter.ownerId) : ne(musicTracks.userId, filter.ownerId),
        ),
      )
      .orderBy(asc(featuredMusic.displayOrder), asc(musicTracks.createdAt));
    const rows = filter.limit ? await query.limit(filter.limit) : await query;
    return rows.map((row) => row.track);
  }

  /** Of the given ids, the tracks still waiting or rendering (their job will settle their credit hold). */
  async unfinishedTrackIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: musicTracks.id })
      .from(musicTracks)
      .where(and(inArray(musicTracks.id, ids), inArray(musicTracks.status, ['generating', 'processing'])));
    return rows.map((row) => row.id);
  }

  async hasJob(trackId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, trackId));
    return Boolean(row);
  }

  async featuredFor(trackIds: string[]): Promise<Map<string, FeaturedRow>> {
    if (trackIds.length === 0) return new Map();
    const rows = await this.db.select().from(featuredMusic).where(inArray(featuredMusic.trackId, trackIds));
    return new Map(rows.map((row) => [row.trackId, row]));
  }

  async findFeatured(trackId: string): Promise<FeaturedRow | null> {
    const [row] = await this.db.select().from(featuredMusic).where(eq(featuredMusic.trackId, trackId));
    return row ?? null;
  }

  async countCurated(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(featuredMusic).where(sql`${featuredMusic.curatedKey} IS NOT NULL`);
    return row?.value ?? 0;
  }

  /** Featured entries with their tracks in display order; `completedOnly` for what visitors may see. */
  async listFeatured(filter: { category?: string; subcategory?: string; limit?: number; completedOnly: boolean }): Promise<FeaturedWithTrack[]> {
    const conditions: SQL[] = [];
    if (filter.category) conditions.push(eq(featuredMusic.category, filter.category));
    if (filter.subcategory) conditions.push(eq(featuredMusic.subcategory, filter.subcategory));
    if (filter.completedOnly) conditions.push(eq(musicTracks.status, 'completed'));
    const query = this.db
      .select({ featured: featuredMusic, track: musicTracks })
      .from(featuredMusic)
      .innerJoin(musicTracks, eq(musicTracks.id, featuredMusic.trackId))
      .where(and(...conditions))
      .orderBy(asc(featuredMusic.displayOrder), asc(featuredMusic.createdAt));
    return filter.limit ? query.limit(filter.limit) : query;
  }

  async categories(): Promise<Array<{ category: string; subcategory: string }>> {
    return this.db
      .selectDistinct({ category: featuredMusic.category, subcategory: featuredMusic.subcategory })
      .from(featuredMusic)
      .innerJoin(musicTracks, eq(musicTracks.id, featuredMusic.trackId))
      .where(eq(musicTracks.status, 'completed'))
      .orderBy(asc(featuredMusic.category), asc(featuredMusic.subcategory));
  }

  async nextFeaturedOrder(category: string): Promise<number> {
    const [row] = await this.db.select({ value: max(featuredMusic.displayOrder) }).from(featuredMusic).where(eq(featuredMusic.category, category));
    return (row?.value ?? 0) + 1;
  }

  async insertFeatured(values: typeof featuredMusic.$inferInsert): Promise<FeaturedRow | null> {
    const [row] = await this.db.insert(featuredMusic).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async updateFeatured(trackId: string, patch: Partial<Pick<FeaturedRow, 'displayOrder' | 'artworkKey' | 'category' | 'subcategory' | 'tags'>>): Promise<FeaturedRow | null> {
    const [row] = await this.db.update(featuredMusic).set(patch).where(eq(featuredMusic.trackId, trackId)).returning();
    return row ?? null;
  }

  async deleteFeatured(trackId: string): Promise<FeaturedRow | null> {
    const [row] = await this.db.delete(featuredMusic).where(eq(featuredMusic.trackId, trackId)).returning();
    return row ?? null;
  }

  /** One atomic increment, so concurrent plays are all counted. */
  async engage(trackId: string, action: EngageAction): Promise<FeaturedRow | null> {
    const column = featuredMusic[ENGAGE_COLUMNS[action]];
    const [row] = await this.db
      .update(featuredMusic)
      .set({ [ENGAGE_COLUMNS[action]]: sql`${column} + 1` })
      .where(eq(featuredMusic.trackId, trackId))
      .returning();
    return row ?? null;
  }
}
