import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { ttsRatePerCharacter, type HistoryRange } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { plans, ttsGenerations, users } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type GenerationRow = typeof ttsGenerations.$inferSelect;
export type NewGeneration = typeof ttsGenerations.$inferInsert;

export interface HistoryFilter {
  userId: string;
  search?: string;
  since?: Date;
  page: number;
  limit: number;
}

/** A keyset page of the history, newest first: the rows after `after` (exclusive), optionally of one voice. */
export interface HistoryKeysetQuery {
  userId: string;
  limit: number;
  after?: Pick<GenerationRow, 'createdAt' | 'id'>;
  voiceId?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where each history range starts, in UTC: today since midnight, week and month as the last 7 and 30 days (rolling
 * windows, so "this month" on the 1st still shows last week's work).
 */
export function rangeStart(range: HistoryRange, nowMs: number): Date | undefined {
  const now = new Date(nowMs);
  switch (range) {
    case 'all':
      return undefined;
    case 'today':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    case 'week':
      return new Date(nowMs - 7 * DAY_MS);
    case 'month':
      return new Date(nowMs - 30 * DAY_MS);
  }
}

/** A LIKE pattern that matches `text` literally anywhere (%, _ and \ in the search are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** SQL of kept text-to-speech generations; every query is scoped to one user. */
export class TtsRepository {
  constructor(private readonly db: Database) {}

  async insert(values: NewGeneration, db: Database = this.db): Promise<GenerationRow> {
    const [row] = await db.insert(ttsGenerations).values(values).onConflictDoNothing().returning();
    if (row) return row;
    // A job that ran again after a crash finds its row already there.
    const existing = await this.find(values.userId, values.id ?? '', db);
    if (!existing) throw new Error('Generation insert returned no row');
    return existing;
  }

  async find(userId: string, id: string, db: Database = this.db): Promise<GenerationRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select()
      .from(ttsGenerations)
      .where(and(eq(ttsGenerations.id, id), eq(ttsGenerations.userId, userId)));
    return row ?? null;
  }

  async list(filter: HistoryFilter): Promise<{ rows: GenerationRow[]; total: number }> {
    const where = this.#where(filter);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(ttsGenerations)
        .where(where)
        .orderBy(desc(ttsGenerations.createdAt), desc(ttsGenerations.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      this.db.select({ total: count() }).from(ttsGenerations).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  /** Up to `limit` rows in (createdAt, id) descending order after the given row: stable while new rows arrive. */
  async listAfter(query: HistoryKeysetQuery): Promise<GenerationRow[]> {
    const { after } = query;
    return this.db
      .select()
      .from(ttsGenerations)
      .where(
        and(
          eq(ttsGenerations.userId, query.userId),
          query.voiceId ? eq(ttsGenerations.voiceId, query.voiceId) : undefined,
          after
            ? or(lt(ttsGenerations.createdAt, after.createdAt), and(eq(ttsGenerations.createdAt, after.createdAt), lt(ttsGenerations.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(desc(ttsGenerations.createdAt), desc(ttsGenerations.id))
      .limit(query.limit);
  }

  async delete(userId: string, id: string): Promise<GenerationRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .delete(ttsGenerations)
      .where(and(eq(ttsGenerations.id, id), eq(ttsGenerations.userId, userId)))
      .returning();
    return row ?? null;
  }

  /** Deletes every generation of the user; returns their file keys. */
  async deleteAll(userId: string): Promise<string[]> {
    const rows = await this.db.delete(ttsGenerations).where(eq(ttsGenerations.userId, userId)).returning({ fileKey: ttsGenerations.fileKey });
    return rows.map((row) => row.fileKey);
  }

  /**
   * The caller's plan rate for this kind of voice; plans store it per plan so prices can differ by tier, and neural
   * voices have their own rate.
   */
  async creditsPerCharacter(userId: string, neural = false): Promise<number> {
    const [row] = await this.db
      .select({ rates: plans.creditRates })
      .from(users)
      .innerJoin(plans, eq(plans.name, users.planName))
      .where(eq(users.id, userId));
    return row ? ttsRatePerCharacter(row.rates, neural) : 1;
  }

  #where(filter: HistoryFilter): SQL | undefined {
    const conditions: Array<SQL | undefined> = [eq(ttsGenerations.userId, filter.userId)];
    if (filter.since) conditions.push(gte(ttsGenerations.createdAt, filter.since));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(or(ilike(ttsGenerations.text, pattern), ilike(ttsGenerations.voiceName, pattern)));
    }
    return and(...conditions);
  }
}
