import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobPayload, JobRecord, JobResult } from './types.ts';

/** One run of a job: the id and the attempt number its claim set (claims count up `attempts`). */
export type ClaimedRun = Pick<JobRecord, 'id' | 'attempts'>;

/** The row is 'processing' under this very claim: no later claim (a redelivery) has taken it over. */
function claimedBy(run: ClaimedRun) {
  return and(eq(jobs.id, run.id), eq(jobs.status, 'processing'), eq(jobs.attempts, run.attempts));
}

/** SQL behind both queue implementations. Every state change stamps updated_at with the injected clock. */
export class JobStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async insert(type: string, userId: string, payload: JobPayload, id?: string): Promise<JobRecord> {
    const now = this.#now();
    const [row] = await this.db
      .insert(jobs)
      .values({ ...(id ? { id } : {}), type, userId, payload, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('Job insert returned no row');
    return row;
  }

  /** A user's most recent jobs of one type, newest first. */
  async latestOfUser(userId: string, type: string, limit: number): Promise<JobRecord[]> {
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.type, type)))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit);
  }

  async find(id: string): Promise<JobRecord | null> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  /**
   * Claims the oldest queued job of the given types in one atomic statement. SKIP LOCKED lets several consumers of
   * one PostgreSQL database claim different jobs without waiting on each other (PGlite accepts the same SQL).
   */
  async claimNext(types: readonly string[]): Promise<JobRecord | null> {
    if (types.length === 0) return null;
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), inArray(jobs.type, [...types])))
      .orderBy(asc(jobs.createdAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(jobs)
      .set(this.#startedFields())
      .where(inArray(jobs.id, next))
      .returning();
    return row ?? null;
  }

  /**
   * Claims one job named by a queue message (BullMQ), if it is of one of `types`. A 'processing' row is taken too: the message is redelivered
   * only when the worker that had it stalled or died.
   */
  async claimById(id: string, types: readonly string[]): Promise<JobRecord | null> {
    if (types.length === 0) return null;
    const [row] = await this.db
      .update(jobs)
      .set(this.#startedFields())
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'processing']), inArray(jobs.type, [...types])))
      .returning();
    return row ?? null;
  }

  async setProgress(run: ClaimedRun, progress: number): Promise<JobRecord | null> {
    const [row] = await this.db
      .update(jobs)
      .set({ progress, updatedAt: this.#now() })
      .where(claimedBy(run))
      .returning();
    return row ?? null;
  }

  /**
   * Records a finished run. Any run of the job may finish it while it is 'processing': a run that BullMQ thought
   * stalled and redelivered has still done the whole work and charged for it, so its result stands; a later finish of
   * the same job changes nothing.
   */
  async complete(run: ClaimedRun, result: JobResult): Promise<JobRecord | null> {
    const now = this.#now();
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'completed', progress: 1, result, error: null, updatedAt: now, finishedAt: now })
      .where(and(eq(jobs.id, run.id), eq(jobs.status, 'processing')))
      .returning();
    return row ?? null;
  }

  /** Records a failure, only for the run that holds the claim (a superseded or finished run changes nothing). */
  async fail(run: ClaimedRun, error: string): Promise<JobRecord | null> {
    const now = this.#now();
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'failed', error, updatedAt: now, finishedAt: now })
      .where(claimedBy(run))
      .returning();
    return row ?? null;
  }

  /** Whether `run` still holds the job's claim (it is 'processing' and nobody claimed it since). */
  async holdsClaim(run: ClaimedRun): Promise<boolean> {
    const [row] = await this.db.select({ id: jobs.id }).from(jobs).where(claimedBy(run));
    return Boolean(row);
  }

  /** Puts one interrupted run's job back in line (its progress restarts with it). */
  async requeue(run: ClaimedRun): Promise<JobRecord | null> {
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'queued', progress: 0, startedAt: null, updatedAt: this.#now() })
      .where(claimedBy(run))
      .returning();
    return row ?? null;
  }

  /** Restart recovery: jobs a crashed process left 'processing' go back to 'queued'. */
  async requeueAbandoned(types: readonly string[]): Promise<JobRecord[]> {
    if (types.length === 0) return [];
    return this.db
      .update(jobs)
      .set({ status: 'queued', progress: 0, startedAt: null, updatedAt: this.#now() })
      .where(and(eq(jobs.status, 'processing'), inArray(jobs.type, [...types])))
      .returning();
  }

  /** Jobs not finished yet, oldest first (BullMQ start-up re-announces them). */
  async listUnfinished(types: readonly string[]): Promise<JobRecord[]> {
    if (types.length === 0) return [];
    return this.db
      .select()
      .from(jobs)
      .where(and(inArray(jobs.status, ['queued', 'processing']), inArray(jobs.type, [...types])))
      .orderBy(asc(jobs.createdAt));
  }

  #startedFields() {
    const now = this.#now();
    return { status: 'processing' as const, attempts: sql`${jobs.attempts} + 1`, startedAt: now, updatedAt: now };
  }

  #now(): Date {
    return new Date(this.clock.now());
  }
}
