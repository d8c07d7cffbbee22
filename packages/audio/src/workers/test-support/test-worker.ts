import { threadId, workerData } from 'node:worker_threads';
import { serveTasks } from '../serve-tasks.ts';

/** The tasks of the pool's test worker: small, observable stand-ins for the engines' real work. */
export interface TestTasks {
  /** Counts itself in the shared `warmed` counter. */
  warm: { request: null; result: null };
  /** Waits `ms` without blocking the thread; reports its start first. Counts the jobs running at once. */
  sleep: { request: { ms: number }; result: { threadId: number; startedAt: number; mostAtOnce: number } };
  /** Blocks the thread for `ms`, as a WASM loop would; reports its start first. */
  spin: { request: { ms: number }; result: { threadId: number; startedAt: number } };
  /** Moves a buffer of `bytes` back to the caller. */
  buffer: { request: { bytes: number }; result: Uint8Array };
  fail: { request: { message: string }; result: never };
  /** Ends the thread with this exit code. */
  exit: { request: { code: number }; result: never };
}

/** Progress of sleep and spin: the wall-clock time (Date.now) they started at. */
export interface TestProgress {
  startedAt: number;
}

/** Shared counters: [jobs running now, most running at once, warm-ups done]. */
export type TestWorkerData = { counters: SharedArrayBuffer };
const counters = new Int32Array((workerData as TestWorkerData).counters);

serveTasks<TestTasks, TestProgress>(async (message, progress) => {
  switch (message.task) {
    case 'warm':
      Atomics.add(counters, 2, 1);
      return { result: null };
    case 'sleep': {
      const startedAt = Date.now();
      progress({ startedAt });
      const running = Atomics.add(counters, 0, 1) + 1;
      if (running > Atomics.load(counters, 1)) Atomics.store(counters, 1, running);
      await new Promise((resolve) => setTimeout(resolve, (message.request as TestTasks['sleep']['request']).ms));
      Atomics.sub(counters, 0, 1);
      return { result: { threadId, startedAt, mostAtOnce: Atomics.load(counters, 1) } };
    }
    case 'spin': {
      const startedAt = Date.now();
      progress({ startedAt });
      const until = startedAt + (message.request as TestTasks['spin']['request']).ms;
      while (Date.now() < until) Atomics.wait(counters, 3, 0, 5);
      return { result: { threadId, startedAt } };
    }
    case 'buffer': {
      const bytes = new Uint8Array((message.request as TestTasks['buffer']['request']).bytes).fill(7);
      return { result: bytes, transfer: [bytes.buffer] };
    }
    case 'fail':
      throw new Error((message.request as TestTasks['fail']['request']).message);
    case 'exit':
      process.exit((message.request as TestTasks['exit']['request']).code);
  }
});
