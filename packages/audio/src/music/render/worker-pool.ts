import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MusicError } from '../errors.ts';
import type { RenderReplyMessage, RenderRequestMessage, RenderTaskName, RenderTasks, RenderWorkerData } from './protocol.ts';
import { workerScript } from '../../worker-script.ts';

export type ProgressListener = (stage: 'render' | 'master' | 'encode', fraction: number) => void;

interface Job {
  message: RenderRequestMessage;
  transfer: ArrayBuffer[];
  resolve(result: unknown): void;
  reject(error: Error): void;
  onProgress?: ProgressListener;
  detachAbort(): void;
}

interface PooledWorker {
  thread: Worker;
  current?: Job;
}

/** Two render threads on a two-core machine, fewer on one; each holds its own copy of the sound bank. */
export function defaultRenderWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/**
 * A fixed-size pool of render threads. Threads start on first use and are unref'd while idle, so an open pool
 * never keeps the process alive; a crashed thread fails its job and is replaced on the next one.
 */
export class RenderWorkerPool {
  private readonly workers: PooledWorker[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: { size: number; workerData: RenderWorkerData }) {}

  get size(): number {
    return this.options.size;
  }

  run<Name extends RenderTaskName>(
    task: Name,
    request: RenderTasks[Name]['request'],
    options: { transfer?: ArrayBuffer[]; onProgress?: ProgressListener; signal?: AbortSignal } = {},
  ): Promise<RenderTasks[Name]['result']> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new MusicError('ENGINE_CLOSED', 'The music renderer is closed'));
      const signal = options.signal;
      if (signal?.aborted) return reject(new MusicError('ABORTED', 'Music generation was aborted'));
      const job: Job = {
        message: { id: this.nextId++, task, request },
        transfer: options.transfer ?? [],
        resolve: resolve as (result: unknown) => void,
        reject,
        detachAbort: () => signal?.removeEventListener('abort', onAbort),
      };
      if (options.onProgress) job.onProgress = options.onProgress;
      // A queued job is dropped on abort; a running one finishes in its thread and its result is ignored.
      const onAbort = (): void => {
        const index = this.queue.indexOf(job);
        if (index >= 0) this.queue.splice(index, 1);
        job.detachAbort();
        job.resolve = () => undefined;
        reject(new MusicError('ABORTED', 'Music generation was aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Starts every thread and loads the sound bank in each. */
  async warmUp(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.size }, () => this.run('warm', null)));
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    const pending = [...this.queue.splice(0), ...workers.flatMap((worker) => (worker.current ? [worker.current] : []))];
    for (const job of pending) {
      job.detachAbort();
      job.reject(new MusicError('ENGINE_CLOSED', 'The music renderer is closed'));
    }
    await Promise.all(workers.map((worker) => worker.thread.terminate()));
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
    const thread = new Worker(workerScript(import.meta.url, './worker-entry.mjs', 'music-render-worker'), { name: 'music-render', workerData: this.options.workerData });
    const worker: PooledWorker = { thread };
    thread.unref();
    thread.on('message', (reply: RenderReplyMessage) => this.onReply(worker, reply));
    thread.on('error', (error) => this.retire(worker, error));
    thread.on('exit', (code) => this.retire(worker, new Error(`render worker exited with code ${code}`)));
    this.workers.push(worker);
    return worker;
  }

  private onReply(worker: PooledWorker, reply: RenderReplyMessage): void {
    const job = worker.current;
    if (!job || job.message.id !== reply.id) return;
    if (reply.type === 'progress') {
      job.onProgress?.(reply.stage, reply.fraction);
      return;
    }
    worker.current = undefined;
    worker.thread.unref();
    job.detachAbort();
    if (reply.type === 'done') job.resolve(reply.result);
    else job.reject(new MusicError('ENGINE_FAILURE', reply.error));
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
      job.reject(new MusicError('ENGINE_FAILURE', `Render worker failed: ${error.message}`));
    }
    this.dispatch();
  }
}
