import type { FastifyBaseLogger } from 'fastify';
import { PROCESSING_FAILURE_MESSAGES } from '@sound-studio/shared';
import { AppError } from '../lib/errors.ts';
import type { JobStore } from './job-store.ts';
import type { JobHandler, JobHandlerOptions, JobListener, JobRecord } from './types.ts';

export type JobLogger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

/** What a failed job says when its error was not written for users (file system, engine internals: logged only). */
export const JOB_FAILED_MESSAGE = PROCESSING_FAILURE_MESSAGES.jobFailed;

/** An AppError's message is meant for the client; any other error's message may hold paths or internals. */
export function publicFailureMessage(error: unknown): string {
  return error instanceof AppError ? error.message : JOB_FAILED_MESSAGE;
}

/** A job started this many times without finishing (each start after a crash or shutdown) is given up. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Job types that run in the same slots. */
export interface JobLane {
  types: string[];
  slots: number;
}

interface Registration {
  handler: JobHandler;
  options: JobHandlerOptions;
}

/**
 * Runs one claimed job through its handler and records the outcome; shared by every queue implementation, which only
 * differ in how a job reaches `run`.
 */
export class JobRunner {
  readonly #registrations = new Map<string, Registration>();
  readonly #listeners: JobListener[] = [];

  constructor(
    private readonly store: JobStore,
    private readonly log: JobLogger,
    private readonly maxAttempts = DEFAULT_MAX_ATTEMPTS,
  ) {}

  register(type: string, handler: JobHandler, options: JobHandlerOptions = {}): void {
    if (this.#registrations.has(type)) throw new Error(`A handler for job type "${type}" is already registered`);
    this.#registrations.set(type, { handler, options });
  }

  get types(): string[] {
    return [...this.#registrations.keys()];
  }

  /** The `ownSlots` of a type, or null when it shares the queue's slots. */
  ownSlotsOf(type: string): number | null {
    return this.#registrations.get(type)?.options.ownSlots ?? null;
  }

  /**
   * The registered types grouped by the slots they run in: one lane for the types sharing `sharedSlots`, one lane per
   * type with slots of its own.
   */
  lanes(sharedSlots: number): JobLane[] {
    const shared = this.types.filter((type) => this.ownSlotsOf(type) === null);
    const own = this.types.flatMap((type) => {
      const slots = this.ownSlotsOf(type);
      return slots === null ? [] : [{ types: [type], slots }];
    });
    return [...(shared.length > 0 ? [{ types: shared, slots: sharedSlots }] : []), ...own];
  }

  onUpdate(listener: JobListener): void {
    this.#listeners.push(listener);
  }

  notify(job: JobRecord | null): void {
    if (!job) return;
    for (const listener of this.#listeners) {
      try {
        listener(job);
      } catch (error) {
        this.log.error({ err: error, jobId: job.id }, 'job listener failed');
      }
    }
  }

  /** Runs a job already marked 'processing'. Never throws: every outcome ends up on the row. */
  async run(job: JobRecord, signal: AbortSignal): Promise<void> {
    this.notify(job);
    const registration = this.#registrations.get(job.type);
    if (!registration) return this.#fail(job, `No handler for job type "${job.type}"`, {});
    if (job.attempts > this.maxAttempts) {
      return this.#fail(job, PROCESSING_FAILURE_MESSAGES.jobInterrupted, registration.options);
    }
    const reportProgress = async (progress: number) => {
      const clamped = Math.min(1, Math.max(0, Number.isFinite(progress) ? progress : 0));
      this.notify(await this.store.setProgress(job, clamped));
    };
    try {
      const result = await registration.handler({ job, reportProgress, signal });
      this.notify(await this.store.complete(job, result ?? {}));
    } catch (error) {
      if (signal.aborted) {
        this.log.info({ jobId: job.id }, 'job interrupted by shutdown; queued again');
        this.notify(await this.store.requeue(job).catch(() => null));
        return;
      }
      this.log.warn({ err: error, jobId: job.id, type: job.type }, 'job failed');
      await this.#fail(job, publicFailureMessage(error), registration.options);
    }
  }

  /**
   * Cleans up first (credits back, partial files gone), so whoever sees 'failed' sees the cleanup done too. A run that
   * no longer holds the claim (the job finished, or a redelivery claimed it again) leaves everything alone: the files
   * may be those of a run that succeeded and charged.
   */
  async #fail(job: JobRecord, message: string, options: JobHandlerOptions): Promise<void> {
    if (!(await this.store.holdsClaim(job).catch(() => false))) {
      this.log.warn({ jobId: job.id, attempts: job.attempts }, 'a superseded job run failed; the job is left as it is');
      return;
    }
    try {
      await options.onFailed?.({ ...job, status: 'failed', error: message });
    } catch (error) {
      this.log.error({ err: error, jobId: job.id }, 'cleaning up after a failed job failed');
    }
    try {
      this.notify(await this.store.fail(job, message));
    } catch (error) {
      this.log.error({ err: error, jobId: job.id }, 'could not record a job failure');
    }
  }
}
