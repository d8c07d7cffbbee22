import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { jobs, users } from '../src/db/schema.ts';
import { AppError } from '../src/lib/errors.ts';
import { JOB_FAILED_MESSAGE, type JobLogger } from '../src/jobs/job-runner.ts';
import type { JobQueue, JobRecord } from '../src/jobs/types.ts';

export const silentLog: JobLogger = { error: () => undefined, warn: () => undefined, info: () => undefined };

export interface QueueContractSetup {
  db: () => Database;
  /** A new queue (a "process") with `concurrency` slots over the shared database. */
  queue: (concurrency: number) => JobQueue;
}

export async function insertUser(db: Database): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ name: 'Queue Tester', email: `queue-${randomBytes(6).toString('hex')}@example.com`, passwordHash: 'x' })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  return user.id;
}

export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export async function jobRow(db: Database, id: string): Promise<JobRecord> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

const finished = (db: Database, id: string) => async () => {
  const row = await jobRow(db, id);
  return row.status === 'completed' || row.status === 'failed' ? row : null;
};

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

let typeCounter = 0;
/** Every test uses its own job types, so queues of other tests never claim its jobs. */
const uniqueType = (label: string) => `test.${label}.${process.pid}.${(typeCounter += 1)}`;

/** Behaviour every job queue must have; run against the in-process queue and the BullMQ queue. */
export function jobQueueContract(setup: QueueContractSetup): void {
  it('runs a job, saves progress on the row, tells listeners and keeps the result', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('basic');
    const queue = setup.queue(2);
    const seen: Array<[string, number]> = [];
    queue.onUpdate((job) => seen.push([job.status, job.progress]));
    queue.register(type, async ({ job, reportProgress }) => {
      await reportProgress(0.25);
      await reportProgress(7); // clamped
      return { doubled: Number(job.payload.value) * 2 };
    });
    await queue.start();
    try {
      const job = await queue.enqueue(type, userId, { value: 21 });
      expect(job).toMatchObject({ status: 'queued', progress: 0, attempts: 0, userId, type });
      const done = await waitFor(finished(db, job.id));
      expect(done).toMatchObject({ status: 'completed', progress: 1, result: { doubled: 42 }, error: null, attempts: 1 });
      expect(done.startedAt).toBeInstanceOf(Date);
      expect(done.finishedAt).toBeInstanceOf(Date);
      expect(seen).toEqual([
        ['processing', 0],
        ['processing', 0.25],
        ['processing', 1],
        ['completed', 1],
      ]);
    } finally {
      await queue.stop();
    }
  });

  it('runs at most `concurrency` jobs at a time and every job exactly once', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('concurrency');
    const queue = setup.queue(2);
    const gate = deferred();
    let running = 0;
    let mostRunning = 0;
    const runs: number[] = [];
    queue.register(type, async ({ job }) => {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      runs.push(Number(job.payload.index));
      await gate.promise;
      running -= 1;
    });
    await queue.start();
    try {
      const created = [];
      for (let index = 0; index < 5; index += 1) created.push(await queue.enqueue(type, userId, { index }));
      await waitFor(async () => running === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(running).toBe(2);
      gate.resolve();
      for (const job of created) await waitFor(finished(db, job.id));
      expect(mostRunning).toBe(2);
      expect([...runs].sort()).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await queue.stop();
    }
  });

  it('runs several job types at once within the same `concurrency` slots, each job exactly once', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const types = [uniqueType('mixed-a'), uniqueType('mixed-b'), uniqueType('mixed-c')];
    const queue = setup.queue(2);
    const gate = deferred();
    let running = 0;
    let mostRunning = 0;
    const runs = new Map<string, string[]>(types.map((type) => [type, []]));
    for (const type of types) {
      queue.register(type, async ({ job }) => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        runs.get(job.type)?.push(job.id);
        await gate.promise;
        running -= 1;
        return { type: job.type };
      });
    }
    await queue.start();
    try {
      const created: JobRecord[] = [];
      for (let index = 0; index < 3; index += 1) {
        for (const type of types) created.push(await queue.enqueue(type, userId, { index }));
      }
      await waitFor(async () => running >= 2);
      // Time for a queue that gave every type slots of its own to start more than two.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(running).toBe(2);
      gate.resolve();
      for (const job of created) expect(await waitFor(finished(db, job.id))).toMatchObject({ status: 'completed', result: { type: job.type } });
      expect(mostRunning).toBe(2);
      for (const type of types) {
        const expected = created.filter((job) => job.type === type).map((job) => job.id);
        expect([...(runs.get(type) ?? [])].sort()).toEqual([...expected].sort());
      }
    } finally {
      gate.resolve();
      await queue.stop();
    }
  });

  it('runs a type with slots of its own while long jobs of other types fill the shared slots', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const longType = uniqueType('long');
    const quickType = uniqueType('quick');
    const queue = setup.queue(1);
    const gate = deferred();
    let longRunning = false;
    queue.register(longType, async () => {
      longRunning = true;
      await gate.promise;
    });
    queue.register(quickType, async () => ({ quick: true }), { ownSlots: 1 });
    await queue.start();
    try {
      const long = await queue.enqueue(longType, userId, {});
      const waiting = await queue.enqueue(longType, userId, {});
      await waitFor(async () => longRunning);
      const quick = await queue.enqueue(quickType, userId, {});
      expect(await waitFor(finished(db, quick.id))).toMatchObject({ status: 'completed', result: { quick: true } });
      expect((await jobRow(db, long.id)).status).toBe('processing');
      expect((await jobRow(db, waiting.id)).status).toBe('queued');
      gate.resolve();
      await waitFor(finished(db, waiting.id));
    } finally {
      gate.resolve();
      await queue.stop();
    }
  });

  it('marks a throwing job failed with its client message and calls onFailed once', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('failure');
    const queue = setup.queue(1);
    const failedJobs: JobRecord[] = [];
    queue.register(
      type,
      async () => {
        throw new AppError('VALIDATION_ERROR', 'The engine caught fire');
      },
      { onFailed: async (job) => void failedJobs.push(job) },
    );
    await queue.start();
    try {
      const job = await queue.enqueue(type, userId, {});
      const done = await waitFor(finished(db, job.id));
      expect(done).toMatchObject({ status: 'failed', error: 'The engine caught fire', attempts: 1 });
      await waitFor(async () => failedJobs.length === 1);
      expect(failedJobs[0]?.id).toBe(job.id);
    } finally {
      await queue.stop();
    }
  });

  it('records a generic message, not the internal one, when a job throws an error not meant for users', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('internal-failure');
    const queue = setup.queue(1);
    queue.register(type, async () => {
      throw new Error("ENOENT: no such file or directory, open '/tmp/sound-studio-isolator-abc/input.wav'");
    });
    await queue.start();
    try {
      const job = await queue.enqueue(type, userId, {});
      const done = await waitFor(finished(db, job.id));
      expect(done).toMatchObject({ status: 'failed', error: JOB_FAILED_MESSAGE });
    } finally {
      await queue.stop();
    }
  });

  it('picks up jobs a crashed process left processing when it starts again', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('recovery');
    // The "crashed process": it enqueued and claimed the job, then vanished without stopping.
    const crashed = setup.queue(1);
    const job = await crashed.enqueue(type, userId, { value: 1 });
    await db.update(jobs).set({ status: 'processing', attempts: 1, progress: 0.5 }).where(eq(jobs.id, job.id));
    await crashed.stop();

    const restarted = setup.queue(1);
    const attemptsSeen: number[] = [];
    restarted.register(type, async ({ job: running }) => {
      attemptsSeen.push(running.attempts);
      return { recovered: true };
    });
    await restarted.start();
    try {
      const done = await waitFor(finished(db, job.id));
      expect(done).toMatchObject({ status: 'completed', result: { recovered: true }, attempts: 2 });
      expect(attemptsSeen).toEqual([2]);
    } finally {
      await restarted.stop();
    }
  });

  it('puts a job interrupted by stop() back in the queue; the next start runs it from the beginning', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('interrupt');
    const first = setup.queue(1);
    const started = deferred();
    first.register(type, async ({ signal, reportProgress }) => {
      await reportProgress(0.4);
      started.resolve();
      await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    await first.start();
    const job = await first.enqueue(type, userId, {});
    await started.promise;
    await first.stop();
    expect(await jobRow(db, job.id)).toMatchObject({ status: 'queued', progress: 0, startedAt: null });

    const second = setup.queue(1);
    second.register(type, async () => ({ second: true }));
    await second.start();
    try {
      expect(await waitFor(finished(db, job.id))).toMatchObject({ status: 'completed', result: { second: true }, attempts: 2 });
    } finally {
      await second.stop();
    }
  });

  it('gives up on a job that was interrupted too many times', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('poison');
    const queue = setup.queue(1);
    const failedJobs: string[] = [];
    let ran = false;
    queue.register(
      type,
      async () => {
        ran = true;
      },
      { onFailed: async (job) => void failedJobs.push(job.id) },
    );
    const job = await queue.enqueue(type, userId, {});
    await db.update(jobs).set({ status: 'processing', attempts: 3 }).where(eq(jobs.id, job.id));
    await queue.start();
    try {
      expect(await waitFor(finished(db, job.id))).toMatchObject({ status: 'failed', error: 'The job was interrupted too many times' });
      await waitFor(async () => failedJobs.length === 1);
      expect(ran).toBe(false);
    } finally {
      await queue.stop();
    }
  });

  it('shares the work between two processes without running any job twice', async () => {
    const db = setup.db();
    const userId = await insertUser(db);
    const type = uniqueType('two-consumers');
    const runs = new Map<string, number>();
    const queues = [setup.queue(2), setup.queue(2)];
    for (const queue of queues) {
      queue.register(type, async ({ job }) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    }
    const created = [];
    for (let index = 0; index < 12; index += 1) created.push(await (queues[index % 2] as JobQueue).enqueue(type, userId, { index }));
    await Promise.all(queues.map((queue) => queue.start()));
    try {
      for (const job of created) await waitFor(finished(db, job.id));
      expect(runs.size).toBe(12);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
  });
}
