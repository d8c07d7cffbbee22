import type { JobStatus } from '@sound-studio/shared';
import type { jobs } from '../db/schema.ts';

export type { JobStatus };

export type JobPayload = Record<string, unknown>;
export type JobResult = Record<string, unknown>;

/** A row of the jobs table: the source of truth for status and progress, whichever queue delivered the job. */
export type JobRecord = typeof jobs.$inferSelect;

export interface JobContext {
  job: JobRecord;
  /** Saves progress (0..1, clamped) on the row and tells listeners. */
  reportProgress(progress: number): Promise<void>;
  /** Aborted when the queue stops: the job goes back to the queue and runs again from the start later. */
  signal: AbortSignal;
}

/**
 * Does the work of one job and returns its result (saved on the row). Handlers must be idempotent: a job interrupted
 * by a crash or a shutdown runs again from the start.
 */
export type JobHandler = (context: JobContext) => Promise<JobResult | void>;

export interface JobHandlerOptions {
  /** Runs once when a job of this type fails, before the row says so (give back credits, remove partial files). */
  onFailed?: (job: JobRecord) => Promise<void>;
  /**
   * Slots of its own (this many jobs of the type at a time) instead of the queue's shared ones, so a short job type
   * never waits behind long jobs of other types.
   */
  ownSlots?: number;
}

export type JobListener = (job: JobRecord) => void;

export interface EnqueueOptions {
  /** A caller-chosen id, so related rows (a credit reservation) can name the job before it exists. */
  id?: string;
}

/**
 * Background work queue. An API call enqueues; a worker (in this process, or `npm run worker` with Redis) claims the
 * job, runs its handler and records the outcome on the row.
 */
export interface JobQueue {
  enqueue(type: string, userId: string, payload: JobPayload, options?: EnqueueOptions): Promise<JobRecord>;
  register(type: string, handler: JobHandler, options?: JobHandlerOptions): void;
  /** Called after every change of a job this process runs (claimed, progress, completed, failed, requeued). */
  onUpdate(listener: JobListener): void;
  /** Starts running registered handlers (recovering jobs left unfinished by a previous process). */
  start(): Promise<void>;
  /** Stops claiming, interrupts running handlers and waits for them; interrupted jobs return to the queue. */
  stop(): Promise<void>;
}
