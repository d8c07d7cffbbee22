import type { JobRunner } from './job-runner.ts';
import type { JobStore } from './job-store.ts';
import type { EnqueueOptions, JobHandler, JobHandlerOptions, JobListener, JobPayload, JobQueue, JobRecord } from './types.ts';

export interface InProcessQueueOptions {
  concurrency: number;
  /** How often to look for queued jobs besides being woken by `enqueue` (jobs written by other tools). */
  pollIntervalMs?: number;
}

/**
 * The default queue: the jobs table is the queue and this process is its only consumer. Jobs are claimed with an
 * atomic UPDATE ... SKIP LOCKED, run up to `concurrency` at a time, and on start-up any job a crashed process left
 * 'processing' is queued again.
 */
export class InProcessJobQueue implements JobQueue {
  readonly #running = new Map<string, AbortController>();
  readonly #finished = new Set<Promise<void>>();
  #started = false;
  #stopping = false;
  #pumping: Promise<void> | null = null;
  #pumpAgain = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: JobStore,
    private readonly runner: JobRunner,
    private readonly options: InProcessQueueOptions,
  ) {}

  async enqueue(type: string, userId: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<JobRecord> {
    const job = await this.store.insert(type, userId, payload, options.id);
    this.#wake();
    return job;
  }

  register(type: string, handler: JobHandler, options?: JobHandlerOptions): void {
    this.runner.register(type, handler, options);
  }

  onUpdate(listener: JobListener): void {
    this.runner.onUpdate(listener);
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    for (const job of await this.store.requeueAbandoned(this.runner.types)) this.runner.notify(job);
    this.#timer = setInterval(() => this.#wake(), this.options.pollIntervalMs ?? 1000);
    this.#timer.unref();
    this.#wake();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#pumping;
    for (const controller of this.#running.values()) controller.abort();
    await Promise.allSettled([...this.#finished]);
  }

  /** Claims as many jobs as there are free slots; calls during a pump make it run once more. */
  #wake(): void {
    if (!this.#started || this.#stopping) return;
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = this.#pump().finally(() => {
      this.#pumping = null;
      if (this.#pumpAgain) {
        this.#pumpAgain = false;
        this.#wake();
      }
    });
  }

  async #pump(): Promise<void> {
    while (!this.#stopping && this.#running.size < this.options.concurrency) {
      let job: JobRecord | null;
      try {
        job = await this.store.claimNext(this.runner.types);
      } catch {
        return; // the database is unavailable (or closing); the next poll tries again
      }
      if (!job) return;
      if (this.#stopping) {
        this.runner.notify(await this.store.requeue(job).catch(() => null));
        return;
      }
      this.#launch(job);
    }
  }

  #launch(job: JobRecord): void {
    const controller = new AbortController();
    this.#running.set(job.id, controller);
    const finished: Promise<void> = this.runner.run(job, controller.signal).finally(() => {
      this.#running.delete(job.id);
      this.#finished.delete(finished);
      this.#wake();
    });
    this.#finished.add(finished);
  }
}
