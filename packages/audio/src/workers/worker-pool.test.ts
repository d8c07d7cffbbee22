import { afterEach, describe, expect, it } from 'vitest';
import type { TestProgress, TestTasks, TestWorkerData } from './test-support/test-worker.ts';
import { WorkerPool, WorkerPoolError, type OnCancel, type WorkerPoolOptions } from './worker-pool.ts';

const ENTRY = new URL('./test-support/test-worker-entry.mjs', import.meta.url);
const pools: Array<WorkerPool<TestTasks, TestProgress>> = [];

function testPool(options: Partial<WorkerPoolOptions> & { onCancel?: OnCancel } = {}): { pool: WorkerPool<TestTasks, TestProgress>; counters: Int32Array } {
  const data: TestWorkerData = { counters: new SharedArrayBuffer(4 * 4) };
  const pool = new WorkerPool<TestTasks, TestProgress>({
    size: 1,
    entry: ENTRY,
    name: 'pool-test',
    workerData: data,
    onCancel: 'let-finish',
    messages: { closed: 'The test pool is closed', aborted: 'The test job was aborted', worker: 'Test worker' },
    ...options,
  });
  pools.push(pool);
  return { pool, counters: new Int32Array(data.counters) };
}

/** Runs `task`; `started` resolves with the thread's start time once the thread reports it. */
function startJob<Name extends 'sleep' | 'spin'>(pool: WorkerPool<TestTasks, TestProgress>, task: Name, ms: number, signal: AbortSignal) {
  let onStart = (_startedAt: number): void => undefined;
  const started = new Promise<number>((resolve) => (onStart = resolve));
  const result = pool.run(task, { ms }, { signal, onProgress: (progress) => onStart(progress.startedAt) });
  result.catch(() => undefined);
  return { started, result };
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('WorkerPool', () => {
  it('queues jobs beyond its size and runs at most `size` at once, reusing its threads', async () => {
    const { pool } = testPool({ size: 2 });
    // Both threads started first, and jobs long enough that a loaded machine still runs two at once: a thread that
    // boots seconds after the other would otherwise find every short job already done.
    await pool.warmUp('warm', null);
    const results = await Promise.all(Array.from({ length: 5 }, () => pool.run('sleep', { ms: 500 })));
    expect(Math.max(...results.map((result) => result.mostAtOnce))).toBe(2);
    expect(new Set(results.map((result) => result.threadId)).size).toBe(2);
  });

  it('starts every thread on warm-up and hands each the workerData', async () => {
    const { pool, counters } = testPool({ size: 2 });
    await pool.warmUp('warm', null);
    expect(Atomics.load(counters, 2)).toBe(2);
  });

  it('reports progress and moves transferred buffers back', async () => {
    const { pool } = testPool();
    const progress: TestProgress[] = [];
    const { startedAt } = await pool.run('sleep', { ms: 1 }, { onProgress: (value) => progress.push(value) });
    const bytes = await pool.run('buffer', { bytes: 1024 });
    expect(progress).toEqual([{ startedAt }]);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(1024);
    expect(bytes[1023]).toBe(7);
  });

  it('rejects a job whose task fails and keeps the thread', async () => {
    const { pool } = testPool();
    const before = await pool.run('spin', { ms: 0 });
    await expect(pool.run('fail', { message: 'no such voice' })).rejects.toMatchObject({ code: 'FAILED', message: 'no such voice' });
    expect((await pool.run('spin', { ms: 0 })).threadId).toBe(before.threadId);
  });

  it('drops a queued job on abort, and rejects at once a job aborted before the call', async () => {
    const { pool } = testPool();
    const controller = new AbortController();
    const running = pool.run('sleep', { ms: 150 });
    const queued = pool.run('sleep', { ms: 1 }, { signal: controller.signal });
    controller.abort();
    await expect(queued).rejects.toMatchObject({ code: 'ABORTED', message: 'The test job was aborted' });
    await expect(pool.run('sleep', { ms: 1 }, { signal: controller.signal })).rejects.toBeInstanceOf(WorkerPoolError);
    await expect(running).resolves.toMatchObject({ mostAtOnce: 1 });
  });

  it("'let-finish': an aborted running job settles with its own result and the thread stays", async () => {
    const { pool } = testPool({ onCancel: 'let-finish' });
    const controller = new AbortController();
    const job = startJob(pool, 'sleep', 100, controller.signal);
    await job.started;
    controller.abort();
    const first = await job.result;
    expect((await pool.run('spin', { ms: 0 })).threadId).toBe(first.threadId);
  });

  it("'detach': an aborted running job rejects at once, and the next job waits for the thread to finish it", async () => {
    const { pool } = testPool({ onCancel: 'detach' });
    const controller = new AbortController();
    // Long enough that the start report, which a loaded machine can deliver late, arrives well before the spin ends.
    const job = startJob(pool, 'spin', 3_000, controller.signal);
    const spinStartedAt = await job.started;
    controller.abort();
    await expect(job.result).rejects.toMatchObject({ code: 'ABORTED' });
    const rejectedAt = Date.now();
    const next = await pool.run('spin', { ms: 0 });
    expect(rejectedAt).toBeLessThan(spinStartedAt + 3_000);
    expect(next.startedAt).toBeGreaterThanOrEqual(spinStartedAt + 3_000);
  });

  it("'terminate': an aborted running job rejects at once and a fresh thread takes the next job", async () => {
    const { pool } = testPool({ onCancel: 'terminate' });
    const first = await pool.run('spin', { ms: 0 });
    const controller = new AbortController();
    const job = startJob(pool, 'spin', 10_000, controller.signal);
    await job.started;
    const abortedAt = Date.now();
    controller.abort();
    await expect(job.result).rejects.toMatchObject({ code: 'ABORTED' });
    // The rejection does not wait for the 10 s job; the fresh thread's start-up (seconds under load) is not timed.
    expect(Date.now() - abortedAt).toBeLessThan(5_000);
    const next = await pool.run('spin', { ms: 0 });
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('fails the job of a thread that exits, and replaces the thread for the next job', async () => {
    const { pool } = testPool();
    const first = await pool.run('spin', { ms: 0 });
    await expect(pool.run('exit', { code: 3 })).rejects.toMatchObject({
      code: 'FAILED',
      message: 'Test worker failed: Test worker exited with code 3',
    });
    expect((await pool.run('spin', { ms: 0 })).threadId).not.toBe(first.threadId);
  });

  it('turns its errors into the caller’s own', async () => {
    class EngineError extends Error {}
    const { pool } = testPool({ toError: (error) => new EngineError(`${error.code}: ${error.message}`) });
    await expect(pool.run('fail', { message: 'bad' })).rejects.toThrow(new EngineError('FAILED: bad'));
  });

  it('close rejects running and queued jobs, and every job after it', async () => {
    const { pool } = testPool();
    const controller = new AbortController();
    const running = startJob(pool, 'sleep', 10_000, controller.signal);
    const queued = expect(pool.run('sleep', { ms: 1 })).rejects.toMatchObject({ code: 'CLOSED' });
    await running.started;
    await pool.close();
    await expect(running.result).rejects.toMatchObject({ code: 'CLOSED', message: 'The test pool is closed' });
    await queued;
    await expect(pool.run('sleep', { ms: 1 })).rejects.toMatchObject({ code: 'CLOSED' });
    await expect(pool.warmUp('warm', null)).rejects.toMatchObject({ code: 'CLOSED' });
  });
});
