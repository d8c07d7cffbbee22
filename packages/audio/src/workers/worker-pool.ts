import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TaskMap, TaskName, TaskReplyMessage, TaskRequestMessage } from './protocol.ts';

export type WorkerPoolErrorCode = 'CLOSED' | 'ABORTED' | 'FAILED';

/** The codes the speech and music engines give the pool's errors. */
export const ENGINE_ERROR_CODES = { CLOSED: 'ENGINE_CLOSED', ABORTED: 'ABORTED', FAILED: 'ENGINE_FAILURE' } as const satisfies Record<WorkerPoolErrorCode, string>;

export class WorkerPoolError extends Error {
  override readonly name = 'WorkerPoolError';
  constructor(
    readonly code: WorkerPoolErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What aborting a job does once a thread has started it (a job still queued is always dropped and rejected):
 * - 'let-finish': nothing; the job runs to the end and settles with its own outcome, which the caller ignores.
 * - 'detach': the caller's promise rejects at once; the thread finishes the job unobserved, then takes the next one.
 * - 'terminate': the caller's promise rejects at once and the thread is terminated; a fresh one starts when needed.
 */
export type OnCancel = 'let-finish' | 'detach' | 'terminate';

export interface WorkerPoolOptions {
  /** Most threads at once; jobs beyond them wait in a FIFO queue. */
  size: number;
  /** The thread's script, which calls serveTasks. */
  entry: URL;
  /** Thread name, as inspectors and heap snapshots show it. */
  name: string;
  /** Handed to every thread as `workerData`. */
  workerData?: unknown;
  onCancel: OnCancel;
  /** Texts of the pool's errors; `worker` starts a crash message ("Speech worker failed: ..."). */
  messages: { closed: string; aborted: string; worker: string };
  /** Turns the pool's errors into the caller's own; by default callers see the WorkerPoolError. */
  toError?: (error: WorkerPoolError) => Error;
}

export interface RunOptions<Progress> {
  /** Buffers moved to the thread instead of copied. */
  transfer?: ArrayBuffer[];
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

interface Job<Progress> {
  message: TaskRequestMessage;
  transfer: ArrayBuffer[];
  resolve(result: unknown): void;
  reject(error: Error): void;
  onProgress?: (progress: Progress) => void;
  detachAbort(): void;
}

interface PooledWorker<Progress> {
  thread: Worker;
  current?: Job<Progress>;
}

/** Two threads on a two-core machine, one on a single core. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/**
 * A fixed-size pool of worker threads, each taking one job at a time from a FIFO queue. Threads start on first use
 * (or on warmUp) and are unref'd while idle, so an open pool never keeps the process alive. A thread that crashes
 * fails its job and is replaced when the next job needs it.
 */
export class WorkerPool<Tasks extends TaskMap<Tasks>, Progress = never> {
  private readonly workers: Array<PooledWorker<Progress>> = [];
  private readonly queue: Array<Job<Progress>> = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  get size(): number {
    return this.options.size;
  }

  run<Name extends TaskName<Tasks>>(task: Name, request: Tasks[Name]['request'], options: RunOptions<Progress> = {}): Promise<Tasks[Name]['result']> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(this.closedError());
      const { signal } = options;
      if (signal?.aborted) return reject(this.abortedError());
      const onAbort = (): void => this.abort(job);
      const job = this.createJob(task, request, options, resolve, reject);
      job.detachAbort = () => signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /**
   * Starts every thread and runs `task` once on each, so the first real job finds its thread ready. A thread that is
   * busy takes its warm-up job before anything else waiting.
   */
  async warmUp<Name extends TaskName<Tasks>>(task: Name, request: Tasks[Name]['request']): Promise<void> {
    if (this.closed) throw this.closedError();
    while (this.workers.length < this.options.size) this.spawn();
    await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise((resolve, reject) => {
            const job = this.createJob(task, request, {}, resolve, reject);
            if (worker.current) this.queue.unshift(job);
            else this.assign(worker, job);
          }),
      ),
    );
  }

  /** Rejects every queued and running job, then ends the threads. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    const pending = [...this.queue.splice(0), ...workers.flatMap((worker) => (worker.current ? [worker.current] : []))];
    for (const job of pending) {
      job.detachAbort();
      job.reject(this.closedError());
    }
    await Promise.all(workers.map((worker) => worker.thread.terminate()));
  }

  private createJob(
    task: string,
    request: unknown,
    options: RunOptions<Progress>,
    resolve: (result: never) => void,
    reject: (error: Error) => void,
  ): Job<Progress> {
    return {
      message: { id: this.nextId++, task, request },
      transfer: options.transfer ?? [],
      resolve: resolve as (result: unknown) => void,
      reject,
      detachAbort: () => undefined,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    };
  }

  private abort(job: Job<Progress>): void {
    job.detachAbort();
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    else if (!this.cancelRunning(job)) return;
    job.reject(this.abortedError());
    this.dispatch();
  }

  /** Applies `onCancel` to a job a thread is running; false when the job is left to settle by itself. */
  private cancelRunning(job: Job<Progress>): boolean {
    if (this.options.onCancel === 'let-finish') return false;
    const worker = this.workers.find((candidate) => candidate.current === job);
    if (worker && this.options.onCancel === 'terminate') {
      worker.current = undefined;
      this.workers.splice(this.workers.indexOf(worker), 1);
      void worker.thread.terminate();
    }
    return true;
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const worker = this.workers.find((candidate) => !candidate.current) ?? this.spawnIfRoom();
      if (!worker) return;
      const job = this.queue.shift();
      if (job) this.assign(worker, job);
    }
  }

  private assign(worker: PooledWorker<Progress>, job: Job<Progress>): void {
    worker.current = job;
    worker.thread.ref();
    worker.thread.postMessage(job.message, job.transfer);
  }

  private spawnIfRoom(): PooledWorker<Progress> | undefined {
    return this.workers.length < this.options.size ? this.spawn() : undefined;
  }

  private spawn(): PooledWorker<Progress> {
    const { entry, name, workerData, messages } = this.options;
    const thread = new Worker(entry, { name, ...(workerData === undefined ? {} : { workerData }) });
    const worker: PooledWorker<Progress> = { thread };
    thread.unref();
    thread.on('message', (reply: TaskReplyMessage<Progress>) => this.onReply(worker, reply));
    thread.on('error', (error) => this.retire(worker, error.message));
    thread.on('exit', (code) => this.retire(worker, `${messages.worker} exited with code ${code}`));
    this.workers.push(worker);
    return worker;
  }

  private onReply(worker: PooledWorker<Progress>, reply: TaskReplyMessage<Progress>): void {
    const job = worker.current;
    if (!job || job.message.id !== reply.id) return;
    if (reply.type === 'progress') {
      job.onProgress?.(reply.progress);
      return;
    }
    worker.current = undefined;
    worker.thread.unref();
    job.detachAbort();
    if (reply.type === 'done') job.resolve(reply.result);
    else job.reject(this.error('FAILED', reply.message));
    this.dispatch();
  }

  /** Drops a thread that crashed or exited and fails the job it was running. */
  private retire(worker: PooledWorker<Progress>, cause: string): void {
    const index = this.workers.indexOf(worker);
    if (index < 0) return;
    this.workers.splice(index, 1);
    const job = worker.current;
    worker.current = undefined;
    if (job) {
      job.detachAbort();
      job.reject(this.error('FAILED', `${this.options.messages.worker} failed: ${cause}`));
    }
    this.dispatch();
  }

  private closedError(): Error {
    return this.error('CLOSED', this.options.messages.closed);
  }

  private abortedError(): Error {
    return this.error('ABORTED', this.options.messages.aborted);
  }

  private error(code: WorkerPoolErrorCode, message: string): Error {
    const error = new WorkerPoolError(code, message);
    return this.options.toError ? this.options.toError(error) : error;
  }
}
