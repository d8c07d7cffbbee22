import { Worker } from 'node:worker_threads';
import { SpeechError } from '../types.ts';
import type { WorkerReplyMessage, WorkerRequestMessage, WorkerTaskName, WorkerTasks } from './protocol.ts';

interface PendingJob {
  message: WorkerRequestMessage;
  resolve(result: unknown): void;
  reject(error: Error): void;
  detachAbort(): void;
}

interface PooledWorker {
  thread: Worker;
  current?: PendingJob;
}

export interface WorkerPoolOptions {
  size: number;
  entry: URL;
  name: string;
}

/**
 * A fixed-size pool of eSpeak worker threads. Threads start lazily on the first job, take one job at a time from a
 * FIFO queue, and are unref'd while idle so an open pool never keeps the process alive. A crashed thread fails its
 * current job and is replaced on demand.
 */
export class WorkerPool {
  private readonly workers: PooledWorker[] = [];
  private readonly queue: PendingJob[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  get size(): number {
    return this.options.size;
  }

  run<Name extends WorkerTaskName>(
    task: Name,
    request: WorkerTasks[Name]['request'],
    signal?: AbortSignal,
  ): Promise<WorkerTasks[Name]['result']> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new SpeechError('ENGINE_CLOSED', 'The speech engine is closed'));
      if (signal?.aborted) return reject(abortError());
      const job: PendingJob = {
        message: { id: this.nextId++, task, request },
        resolve: resolve as (result: unknown) => void,
        reject,
        detachAbort: () => signal?.removeEventListener('abort', onAbort),
      };
      // A queued job is dropped on abort; a running one finishes but its result is discarded by the caller.
      const onAbort = (): void => {
        const index = this.queue.indexOf(job);
        if (index < 0) return;
        this.queue.splice(index, 1);
        job.detachAbort();
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Starts every thread and waits until each has a warm eSpeak instance. */
  async warmUp(): Promise<void> {
    while (this.workers.length < this.options.size) this.spawn();
    await Promise.all(this.workers.map((worker) => this.runOn(worker, 'warm', null)));
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    const pending = [...this.queue.splice(0), ...workers.flatMap((worker) => (worker.current ? [worker.current] : []))];
    for (const job of pending) {
      job.detachAbort();
      job.reject(new SpeechError('ENGINE_CLOSED', 'The speech engine is closed'));
    }
    await Promise.all(workers.map((worker) => worker.thread.terminate()));
  }

  private runOn<Name extends WorkerTaskName>(
    worker: PooledWorker,
    task: Name,
    request: WorkerTasks[Name]['request'],
  ): Promise<WorkerTasks[Name]['result']> {
    return new Promise((resolve, reject) => {
      const job: PendingJob = {
        message: { id: this.nextId++, task, request },
        resolve: resolve as (result: unknown) => void,
        reject,
        detachAbort: () => undefined,
      };
      if (worker.current) this.queue.unshift(job);
      else this.assign(worker, job);
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const worker = this.workers.find((candidate) => !candidate.current) ?? this.spawnIfRoom();
      if (!worker) return;
      const job = this.queue.shift();
      if (job) this.assign(worker, job);
    }
  }

  private assign(worker: PooledWorker, job: PendingJob): void {
    worker.current = job;
    worker.thread.ref();
    worker.thread.postMessage(job.message);
  }

  private spawnIfRoom(): PooledWorker | undefined {
    return this.workers.length < this.options.size ? this.spawn() : undefined;
  }

  private spawn(): PooledWorker {
    const thread = new Worker(this.options.entry, { name: this.options.name });
    const worker: PooledWorker = { thread };
    thread.unref();
    thread.on('message', (reply: WorkerReplyMessage) => this.settle(worker, reply));
    thread.on('error', (error) => this.retire(worker, error));
    thread.on('exit', (code) => this.retire(worker, new Error(`Speech worker exited with code ${code}`)));
    this.workers.push(worker);
    return worker;
  }

  private settle(worker: PooledWorker, reply: WorkerReplyMessage): void {
    const job = worker.current;
    if (!job || job.message.id !== reply.id) return;
    worker.current = undefined;
    worker.thread.unref();
    job.detachAbort();
    if (reply.ok) job.resolve(reply.result);
    else job.reject(new SpeechError('ENGINE_FAILURE', reply.error));
    this.dispatch();
  }

  private retire(worker: PooledWorker, error: Error): void {
    const index = this.workers.indexOf(worker);
    if (index < 0) return;
    this.workers.splice(index, 1);
    const job = worker.current;
    worker.current = undefined;
    if (job) {
      job.detachAbort();
      job.reject(new SpeechError('ENGINE_FAILURE', `Speech worker failed: ${error.message}`));
    }
    this.dispatch();
  }
}

function abortError(): SpeechError {
  return new SpeechError('ABORTED', 'Speech synthesis was aborted');
}
