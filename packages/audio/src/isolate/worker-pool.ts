import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Each task name maps to its request and result types. */
export type TaskMap<Tasks> = { [Name in keyof Tasks]: { request: unknown; result: unknown } };

export interface RequestMessage {
  id: number;
  task: string;
  request: unknown;
}

export type ReplyMessage =
  | { id: number; type: 'progress'; fraction: number }
  | { id: number; type: 'done'; result: unknown }
  | { id: number; type: 'error'; message: string };

export interface RunOptions {
  transfer?: ArrayBuffer[];
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface Job {
  message: RequestMessage;
  transfer: ArrayBuffer[];
  resolve(result: unknown): void;
  reject(error: Error): void;
  onProgress?: (fraction: number) => void;
  detachAbort(): void;
}

interface PooledWorker {
  thread: Worker;
  current?: Job;
}

export class WorkerPoolError extends Error {
  override readonly name = 'WorkerPoolError';
  constructor(
    readonly code: 'CLOSED' | 'ABORTED' | 'FAILED',
    message: string,
  ) {
    super(message);
  }
}

/** Two threads on a two-core machine, one on a single core. */
export function defaultVoiceWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/**
 * A fixed-size pool of worker threads taking one job at a time from a FIFO queue. Threads start on first use and
 * are unref'd while idle, so an open pool never keeps the process alive; a crashed thread fails its job and is
 * replaced on the next one. Aborting drops a queued job, or terminates the thread running it (RNNoise cannot be
 * interrupted mid-loop, and a replacement thread starts in well under a second).
 */
export class VoiceWorkerPool<Tasks extends TaskMap<Tasks>> {
  private readonly workers: PooledWorker[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: { size: number; entry: URL; name: string }) {}

  get size(): number {
    return this.options.size;
  }

  run<Name extends keyof Tasks & string>(task: Name, request: Tasks[Name]['request'], options: RunOptions = {}): Promise<Tasks[Name]['result']> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new WorkerPoolError('CLOSED', 'The voice worker pool is closed'));
      const { signal } = options;
      if (signal?.aborted) return reject(abortError());
      const job: Job = {
        message: { id: this.nextId++, task, request },
        transfer: options.transfer ?? [],
        resolve: resolve as (result: unknown) => void,
        reject,
        detachAbort: () => signal?.removeEventListener('abort', onAbort),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      };
      const onAbort = (): void => this.abort(job);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    const pending = [...this.queue.splice(0), ...workers.flatMap((worker) => (worker.current ? [worker.current] : []))];
    for (const job of pending) {
      job.detachAbort();
      job.reject(new WorkerPoolError('CLOSED', 'The voice worker pool is closed'));
    }
    await Promise.all(workers.map((worker) => worker.thread.terminate()));
  }

  private abort(job: Job): void {
    job.detachAbort();
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const running = this.workers.find((worker) => worker.current === job);
    if (running) {
      running.current = undefined;
      this.workers.splice(this.workers.indexOf(running), 1);
      void running.thread.terminate();
    }
    job.reject(abortError());
    this.dispatch();
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const worker = this.workers.find((candidate) => !candidate.current) ?? this.spawnIfRoom();
      if (!worker) return;
      const job = this.queue.shift();
      if (!job) return;
      worker.current = job;
      worker.thread.ref();
      worker.thread.postMessage(job.message, job.transfer);
    }
  }

  private spawnIfRoom(): PooledWorker | undefined {
    if (this.workers.length >= this.options.size) return undefined;
    const thread = new Worker(this.options.entry, { name: this.options.name });
    const worker: PooledWorker = { thread };
    thread.unref();
    thread.on('message', (reply: ReplyMessage) => this.onReply(worker, reply));
    thread.on('error', (error) => this.retire(worker, error));
    thread.on('exit', (code) => this.retire(worker, new Error(`voice worker exited with code ${code}`)));
    this.workers.push(worker);
    return worker;
  }

  private onReply(worker: PooledWorker, reply: ReplyMessage): void {
    const job = worker.current;
    if (!job || job.message.id !== reply.id) return;
    if (reply.type === 'progress') {
      job.onProgress?.(reply.fraction);
      return;
    }
    worker.current = undefined;
    worker.thread.unref();
    job.detachAbort();
    if (reply.type === 'done') job.resolve(reply.result);
    else job.reject(new WorkerPoolError('FAILED', reply.message));
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
      job.reject(new WorkerPoolError('FAILED', `Voice worker failed: ${error.message}`));
    }
    this.dispatch();
  }
}

function abortError(): WorkerPoolError {
  return new WorkerPoolError('ABORTED', 'The voice job was aborted');
}
