import { Worker } from 'node:worker_threads';
import { FILE_FAILURE_MESSAGES, PROCESSING_FAILURE_MESSAGES } from '@sound-studio/shared';
import { workerScript } from '@sound-studio/audio';
import { AppError } from '../../lib/errors.ts';
import { documentTooComplex, type ComplexityReason, type ExtractedDocument } from './document-text.ts';
import type { ExtractionReply, ExtractionRequest } from './document-worker-protocol.ts';

export interface DocumentExtractorOptions {
  /** Worker threads reading documents at once (each one holds up to `memoryLimitMb`). */
  workers: number;
  /** Documents that may wait for a worker; past this the upload is answered 503 at once. */
  maxQueued: number;
  /** Wall-clock time one document may take once a worker starts on it; the worker is then terminated. */
  timeLimitMs: number;
  /** The worker's V8 heap; running out ends that worker only. */
  memoryLimitMb: number;
  log: ExtractorLog;
}

/** The slice of the app's logger the pool needs (crashes and unexpected failures are logged, not shown). */
export interface ExtractorLog {
  error(details: object, message: string): void;
}

export const DEFAULT_EXTRACTOR_LIMITS = { workers: 1, maxQueued: 8, timeLimitMs: 10_000, memoryLimitMb: 384 } as const;

const BUSY_MESSAGE = FILE_FAILURE_MESSAGES.documentsBusy;
const ENTRY = workerScript(import.meta.url, './document-worker-entry.mjs', 'document-worker');

interface Job {
  request: ExtractionRequest;
  resolve(document: ExtractedDocument): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  deadline?: NodeJS.Timeout;
}

/**
 * Reads uploaded documents in a small pool of worker threads, off the event loop, each under a heap limit and a time
 * limit. A worker that runs out of memory or time is ended and replaced, and its document is refused with
 * DOCUMENT_TOO_COMPLEX; the server carries on. Workers start on first use and are unref'd while idle.
 */
export class DocumentExtractor {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: DocumentExtractorOptions) {}

  extract(fileName: string, path: string): Promise<ExtractedDocument> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new AppError('SERVICE_UNAVAILABLE', PROCESSING_FAILURE_MESSAGES.serverShuttingDown));
      if (this.queue.length >= this.options.maxQueued) return reject(new AppError('SERVICE_UNAVAILABLE', BUSY_MESSAGE));
      this.queue.push({ request: { id: this.nextId++, fileName, path }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    const stopped = new AppError('SERVICE_UNAVAILABLE', PROCESSING_FAILURE_MESSAGES.serverShuttingDown);
    for (const job of this.queue.splice(0)) job.reject(stopped);
    for (const thread of threads) {
      clearTimeout(thread.deadline);
      thread.job?.reject(stopped);
    }
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const idle = this.threads.find((thread) => thread.ready && !thread.job);
      const job = idle && this.queue.shift();
      if (!idle || !job) break;
      this.start(idle, job);
    }
    const starting = this.threads.filter((thread) => !thread.ready).length;
    if (!this.closed && this.queue.length > starting && this.threads.length < this.options.workers) this.spawn();
  }

  private start(thread: Thread, job: Job): void {
    thread.job = job;
    thread.worker.ref();
    thread.deadline = setTimeout(() => this.retire(thread, documentTooComplex('time')), this.options.timeLimitMs);
    thread.worker.postMessage(job.request);
  }

  private spawn(): void {
    const worker = new Worker(ENTRY, {
      name: 'document-extractor',
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryLimitMb, maxYoungGenerationSizeMb: 32 },
    });
    const thread: Thread = { worker, ready: false, job: null };
    worker.unref();
    worker.on('message', (reply: ExtractionReply) => this.receive(thread, reply));
    worker.on('error', (error: Error & { code?: string }) => {
      const reason: ComplexityReason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      if (reason === 'crash') this.options.log.error({ err: error }, 'Document worker failed');
      this.retire(thread, documentTooComplex(reason));
    });
    worker.on('exit', () => this.retire(thread, documentTooComplex('crash')));
    this.threads.push(thread);
  }

  private receive(thread: Thread, reply: ExtractionReply): void {
    if (reply.type === 'ready') {
      thread.ready = true;
      this.dispatch();
      return;
    }
    const job = thread.job;
    if (!job || job.request.id !== reply.id) return;
    clearTimeout(thread.deadline);
    thread.job = null;
    thread.worker.unref();
    if (reply.type === 'done') job.resolve(reply.document);
    else if (reply.type === 'refused') job.reject(new AppError(reply.code, reply.message, reply.details));
    else {
      this.options.log.error({ detail: reply.detail, fileName: job.request.fileName }, 'Document extraction failed');
      job.reject(new AppError('VALIDATION_ERROR', FILE_FAILURE_MESSAGES.documentUnreadable, { fields: { file: [FILE_FAILURE_MESSAGES.documentUnreadable] } }));
    }
    this.dispatch();
  }

  /** Ends a thread (time out, crash or exit) and refuses the document it was reading. */
  private retire(thread: Thread, refusal: AppError): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    clearTimeout(thread.deadline);
    void thread.worker.terminate();
    if (thread.job) thread.job.reject(refusal);
    else if (!thread.ready) this.failStart();
    this.dispatch();
  }

  /** A worker that dies before it is ready would die again: refuse what waits rather than respawn in a loop. */
  private failStart(): void {
    this.options.log.error({}, 'Document worker could not start');
    const failure = new AppError('SERVICE_UNAVAILABLE', FILE_FAILURE_MESSAGES.documentsUnavailable);
    for (const job of this.queue.splice(0)) job.reject(failure);
  }
}
