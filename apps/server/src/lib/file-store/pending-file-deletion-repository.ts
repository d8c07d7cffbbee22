import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pendingFileDeletions, type FileDeletionReason } from '../../db/schema.ts';

/** A row a sweeper has claimed: `attempts` is its version, so only that claim can finish it. */
export interface ClaimedDeletion {
  key: string;
  attempts: number;
}

export interface RetryBackoff {
  firstSeconds: number;
  maxSeconds: number;
}

/** The rows of pending_file_deletions (see db/file-store-schema.ts). */
export class PendingFileDeletionRepository {
  constructor(private readonly db: Database) {}

  /** Registers objects about to be written; a row already there (a retried job's key) starts over as a reservation. */
  async reserve(keys: readonly string[], dueAt: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .insert(pendingFileDeletions)
      .values(keys.map((key) => ({ key, reason: 'write' as const, nextAttemptAt: dueAt })))
      .onConflictDoUpdate({
        target: pendingFileDeletions.key,
        set: { reason: 'write', attempts: 0, nextAttemptAt: dueAt, lastError: null },
      });
  }

  /** Removes reservations no sweeper has claimed nor a failure turned into a deletion; returns the keys removed. */
  async confirm(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .delete(pendingFileDeletions)
      .where(and(inArray(pendingFileDeletions.key, [...keys]), eq(pendingFileDeletions.reason, 'write'), eq(pendingFileDeletions.attempts, 0)))
      .returning({ key: pendingFileDeletions.key });
    return rows.map((row) => row.key);
  }

  /**
   * Marks objects for deletion from `dueAt` on. A reservation among them becomes a deletion only with
   * `overrideReservations` (its writer gives up); otherwise it stays its live writer's to confirm or discard.
   */
  async schedule(
    keys: readonly string[],
    reason: Exclude<FileDeletionReason, 'write'>,
    dueAt: Date,
    { overrideReservations }: { overrideReservations: boolean },
  ): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .insert(pendingFileDeletions)
      .values(keys.map((key) => ({ key, reason, nextAttemptAt: dueAt })))
      .onConflictDoUpdate({
        target: pendingFileDeletions.key,
        set: { reason, nextAttemptAt: dueAt },
        ...(overrideReservations ? {} : { setWhere: ne(pendingFileDeletions.reason, 'write') }),
      });
  }

  /**
   * Claims up to `limit` rows due at `now` (only among `keys` when given) in one statement: each claim counts an
   * attempt and moves the row's next attempt out by the backoff, so a sweeper that dies mid-delete leaves it to a later
   * round. SKIP LOCKED lets several nodes claim at once without taking the same row (PGlite accepts the same SQL).
   */
  async claimDue(now: Date, limit: number, backoff: RetryBackoff, keys?: readonly string[]): Promise<ClaimedDeletion[]> {
    if (keys?.length === 0) return [];
    const due = this.db
      .select({ key: pendingFileDeletions.key })
      .from(pendingFileDeletions)
      .where(and(lte(pendingFileDeletions.nextAttemptAt, now), keys ? inArray(pendingFileDeletions.key, [...keys]) : undefined))
      .orderBy(asc(pendingFileDeletions.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const delaySeconds = sql`least(${backoff.firstSeconds}::double precision * power(2, ${pendingFileDeletions.attempts}), ${backoff.maxSeconds}::double precision)`;
    return this.db
      .update(pendingFileDeletions)
      .set({
        attempts: sql`${pendingFileDeletions.attempts} + 1`,
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + ${delaySeconds} * interval '1 second'`,
      })
      .where(inArray(pendingFileDeletions.key, due))
      .returning({ key: pendingFileDeletions.key, attempts: pendingFileDeletions.attempts });
  }

  /** The claimed object is gone: drops the row, unless it was reserved or claimed again meanwhile. */
  async finish(claim: ClaimedDeletion): Promise<void> {
    await this.db.delete(pendingFileDeletions).where(this.#stillClaimed(claim));
  }

  async noteFailure(claim: ClaimedDeletion, error: string): Promise<void> {
    await this.db.update(pendingFileDeletions).set({ lastError: error.slice(0, 500) }).where(this.#stillClaimed(claim));
  }

  #stillClaimed(claim: ClaimedDeletion) {
    return and(eq(pendingFileDeletions.key, claim.key), eq(pendingFileDeletions.attempts, claim.attempts));
  }
}
