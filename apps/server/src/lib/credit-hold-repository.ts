import { and, asc, eq, inArray, isNull, lte, notExists, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creditReservations, jobs } from '../db/schema.ts';

/**
 * Which request holds a round may take for abandoned: 'lapsed' only those whose lease ran out (other processes may be
 * serving requests); 'all' every one this process is not working on, when no other process can be (start-up over an
 * embedded database, which one process owns, or a test that killed the server).
 */
export type RequestHoldScope = 'lapsed' | 'all';

/** The SQL behind the sweep of abandoned credit holds (credit_reservations whose work will not settle them). */
export class CreditHoldRepository {
  constructor(private readonly db: Database) {}

  /** Abandoned holds (see `abandoned`), oldest first, with the job each belongs to. */
  abandonedHolds(scope: RequestHoldScope, now: Date, limit: number): Promise<Array<{ id: string; jobId: string | null }>> {
    return this.db
      .select({ id: creditReservations.id, jobId: creditReservations.jobId })
      .from(creditReservations)
      .where(this.#abandoned(scope, now))
      .orderBy(asc(creditReservations.createdAt))
      .limit(limit);
  }

  /** SELECT … FOR UPDATE on the hold when it is still abandoned; whether it was. */
  async lockIfAbandoned(id: string, scope: RequestHoldScope, now: Date): Promise<boolean> {
    const [locked] = await this.db
      .select({ id: creditReservations.id })
      .from(creditReservations)
      .where(and(eq(creditReservations.id, id), this.#abandoned(scope, now)))
      .for('update', { of: creditReservations });
    return locked !== undefined;
  }

  /** Held, past its expiry (or any request hold in scope 'all'), and no queued or processing job of its id. */
  #abandoned(scope: RequestHoldScope, now: Date): SQL | undefined {
    const expired = lte(creditReservations.expiresAt, now);
    const liveJob = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, creditReservations.jobId), inArray(jobs.status, ['queued', 'processing'])));
    return and(
      eq(creditReservations.status, 'held'),
      scope === 'all' ? or(expired, isNull(creditReservations.jobId)) : expired,
      notExists(liveJob),
    );
  }
}
