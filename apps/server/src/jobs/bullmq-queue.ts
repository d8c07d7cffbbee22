import { Queue, Worker, type Job as BullJob } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobRunner } from './job-runner.ts';
import type { JobStore } from './job-store.ts';
import type { EnqueueOptions, JobHandler, JobHandlerOptions, JobListener, JobPayload, JobQueue, JobRecord } from './types.ts';

export interface BullMqQueueOptions {
  redisUrl: string;
  /** Namespace of every BullMQ key, e.g. `sound-studio:bull`. */
  prefix: string;
  concurrency: number;
}

interface QueueMessage {
  jobId: string;
}

/**
 * The queue with REDIS_URL: BullMQ carries job ids to whichever process runs workers, the API server or
 * `npm run worker`; the jobs table stays the source of truth. The slots are the in-process queue's: one BullMQ queue
 * and worker for the types sharing `concurrency` (so JOB_CONCURRENCY is the jobs a process runs at once on either
 * queue, not that many per type), and one per type with slots of its own. BullMQ redelivers the jobs of a worker
 * that died (stalled jobs) and start-up re-announces unfinished rows, so nothing is lost between the two.
 */
export class BullMqJobQueue implements JobQueue {
  readonly #producers = new Map<string, Queue>();
  readonly #workers: Worker[] = [];
  readonly #workerConnections: Redis[] = [];
  readonly #running = new Map<string, AbortController>();
  #producerConnection: Redis | null = null;
  #started = false;

  constructor(
    private readonly store: JobStore,
    private readonly runner: JobRunner,
    private readonly options: BullMqQueueOptions,
  ) {}

  async enqueue(type: string, userId: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<JobRecord> {
    const job = await this.store.insert(type, userId, payload, options.id);
    await this.#announce(job);
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
    for (const lane of this.runner.lanes(this.options.concurrency)) {
      // Blocking worker connections must retry forever (BullMQ's requirement); we close them ourselves in stop().
      const connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
      this.#workerConnections.push(connection);
      const worker = new Worker<QueueMessage>(this.#queueNameOf(lane.types[0] ?? ''), (message) => this.#process(message, lane.types), {
        connection,
        prefix: this.options.prefix,
        concurrency: lane.slots,
      });
      worker.on('error', () => undefined); // connection errors are retried by ioredis; jobs record their own failures
      this.#workers.push(worker);
    }
    // Rows whose message was lost (Redis flushed, or a crash between insert and add) are announced again; BullMQ
    // ignores an id it already holds.
    for (const job of await this.store.listUnfinished(this.runner.types)) await this.#announce(job);
  }

  async stop(): Promise<void> {
    for (const controller of this.#running.values()) controller.abort();
    await Promise.all(this.#workers.splice(0).map((worker) => worker.close()));
    await Promise.all([...this.#producers.values()].map((queue) => queue.close()));
    this.#producers.clear();
    const connections = [...this.#workerConnections.splice(0), ...(this.#producerConnection ? [this.#producerConnection] : [])];
    this.#producerConnection = null;
    await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  async #process(message: BullJob<QueueMessage>, types: readonly string[]): Promise<void> {
    // Every process registers the same handlers, so a job of a type outside the lane comes only from a different
    // version running beside this one: it stays queued, and start-up of a process that knows the type announces it.
    const job = await this.store.claimById(message.data.jobId, types);
    if (!job) return; // finished already, deleted with its user, or of a type this process does not run
    const controller = new AbortController();
    this.#running.set(job.id, controller);
    try {
      await this.runner.run(job, controller.signal);
    } finally {
      this.#running.delete(job.id);
    }
  }

  async #announce(job: JobRecord): Promise<void> {
    await this.#producer(this.#queueNameOf(job.type)).add(job.type, { jobId: job.id }, { jobId: job.id, removeOnComplete: true, removeOnFail: true });
  }

  #producer(name: string): Queue {
    let queue = this.#producers.get(name);
    if (!queue) {
      this.#producerConnection ??= new Redis(this.options.redisUrl, { maxRetriesPerRequest: 3 });
      queue = new Queue(name, { connection: this.#producerConnection, prefix: this.options.prefix });
      queue.on('error', () => undefined);
      this.#producers.set(name, queue);
    }
    return queue;
  }

  /** The BullMQ queue of a type's lane: its own for a type with slots of its own, else the shared one. */
  #queueNameOf(type: string): string {
    return this.runner.ownSlotsOf(type) === null ? SHARED_QUEUE_NAME : `jobs-${type.replace(/:/g, '-')}`;
  }
}

/** The queue of the types that share JOB_CONCURRENCY's slots (BullMQ queue names may not contain ':'). */
const SHARED_QUEUE_NAME = 'jobs-shared';
