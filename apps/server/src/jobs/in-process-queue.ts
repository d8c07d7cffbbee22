import type { JobLane, JobRunner } from './job-runner.ts';
import type { JobStore } from './job-store.ts';
import type { EnqueueOptions, JobHandler, JobHandlerOptions, JobListener, JobPayload, JobQueue, JobRecord } from './types.ts';

export interface InProcessQueueOptions {
  /** Slots shared by the job types without slots of their own. */
  concurrency: number;
  /** How often to look for queued jobs besides being woken by `enqueue` (jobs written by other tools). */
  pollIntervalMs?: number;
}

/** The slots one group of job types runs in, and the state of its claiming loop. */
interface Lane extends JobLane {
  running: number;
  pumping: Promise<void> | null;
  pumpAgain: boolean;
}

/**
 * The default queue: the jobs table is the queue and this process is its only consumer. Jobs are claimed with an
 * atomic UPDATE ... SKIP LOCKED, run up to `concurrency` at a time (types with slots of their own run in their own
 * lane beside those), and on start-up any job a crashed process left 'processing' is queued again.
 */
export class InProcessJobQueue implements JobQueue {
  readonly #running = new Map<string, AbortController>();
  readonly #finished = new Set<Promise<void>>();
  #lanes: Lane[] = [];
  #started = false;
  #stopping = false;
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
    this.#lanes = this.runner.lanes(this.options.concurrency).map((lane) => ({ ...lane, running: 0, pumping: null, pumpAgain: false }));
    for (const job of await this.store.requeueAbandoned(this.runner.types)) this.runner.notify(job);
    this.#timer = setInterval(() => this.#wake(), this.options.pollIntervalMs ?? 1000);
    this.#timer.unref();
    this.#wake();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await Promise.all(this.#lanes.map((lane) => lane.pumping));
    for (const controller of this.#running.values()) controller.abort();
    await Promise.allSettled([...this.#finished]);
  }

  #wake(): void {
    for (const lane of this.#lanes) this.#wakeLane(lane);
  }

  /** Claims as many jobs as the lane has free slots; calls during a pump make it run once more. */
  #wakeLane(lane: Lane): void {
    if (!this.#started || this.#stopping) return;
    if (lane.pumping) {
      lane.pumpAgain = true;
      return;
    }
    lane.pumping = this.#pump(lane).finally(() => {
      lane.pumping = null;
      if (lane.pumpAgain) {
        lane.pumpAgain = false;
        this.#wakeLane(lane);
      }
    });
  }

  async #pump(lane: Lane): Promise<void> {
    while (!this.#stopping && lane.running < lane.slots) {
      let job: JobRecord | null;
      try {
        job = await this.store.claimNext(lane.types);
      } catch {
        return; // the database is unavailable (or closing); the next poll tries again
      }
      if (!job) return;
      if (this.#stopping) {
        this.runner.notify(await this.store.requeue(job).catch(() => null));
        return;
      }
      this.#launch(job, lane);
    }
  }

  #launch(job: JobRecord, lane: Lane): void {
    const controller = new AbortController();
    this.#running.set(job.id, controller);
    lane.running += 1;
    const finished: Promise<void> = this.runner.run(job, controller.signal).finally(() => {
      this.#running.delete(job.id);
      this.#finished.delete(finished);
      lane.running -= 1;
      this.#wakeLane(lane);
    });
    this.#finished.add(finished);
  }
}
