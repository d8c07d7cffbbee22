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
 * The queue with REDIS_URL: BullMQ carries job ids (one queue per job type) to whichever process runs workers, the
 * API server or `npm run worker`; the jobs table stays the source of truth. Each type has its own worker, so types
 * never wait behind each other; `ownSlots` sets a type's concurrency. BullMQ redelivers the jobs of a worker
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
    for (const type of this.runner.types) {
      // Blocking worker connections must retry forever (BullMQ's requirement); we close them ourselves in stop().
      const connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
      this.#workerConnections.push(connection);
      const worker = new Worker<QueueMessage>(queueName(type), (message) => this.#process(message), {
        connection,
        prefix: this.options.prefix,
        concurrency: this.runner.ownSlotsOf(type) ?? this.options.concurrency,
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

  async #process(message: BullJob<QueueMessage>): Promise<void> {
    const job = await this.store.claimById(message.data.jobId);
    if (!job) return; // finished already, or deleted with its user
    const controller = new AbortController();
    this.#running.set(job.id, controller);
    try {
      await this.runner.run(job, controller.signal);
    } finally {
      this.#running.delete(job.id);
    }
  }

  async #announce(job: JobRecord): Promise<void> {
    await this.#producer(job.type).add(job.type, { jobId: job.id }, { jobId: job.id, removeOnComplete: true, removeOnFail: true });
  }

  #producer(type: string): Queue {
    let queue = this.#producers.get(type);
    if (!queue) {
      this.#producerConnection ??= new Redis(this.options.redisUrl, { maxRetriesPerRequest: 3 });
      queue = new Queue(queueName(type), { connection: this.#producerConnection, prefix: this.options.prefix });
      queue.on('error', () => undefined);
      this.#producers.set(type, queue);
    }
    return queue;
  }
}

/** BullMQ queue names may not contain ':'. */
function queueName(type: string): string {
  return `jobs-${type.replace(/:/g, '-')}`;
}
