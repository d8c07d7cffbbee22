import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { seedPlans } from '../db/plan-seeds.ts';
import { systemClock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { JobRunner } from './job-runner.ts';
import { JobStore } from './job-store.ts';
import { insertUser, jobRow, silentLog } from '../../test/queue-contract.ts';
import type { JobRecord } from './types.ts';

let database: DatabaseHandle;
let store: JobStore;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedPlans(database.db);
  store = new JobStore(database.db, systemClock);
});

afterAll(async () => {
  await database?.close();
});

let typeCounter = 0;

/** A job claimed twice, as when BullMQ redelivers the message of a run it thought stalled: run 1, then run 2. */
async function claimedTwice(): Promise<{ type: string; first: JobRecord; second: JobRecord }> {
  const type = `test.redelivery.${(typeCounter += 1)}`;
  const job = await store.insert(type, await insertUser(database.db), {});
  const first = await store.claimById(job.id, [type]);
  const second = await store.claimById(job.id, [type]);
  if (!first || !second) throw new Error('claim failed');
  return { type, first, second };
}

function runnerWith(type: string, outcome: 'succeed' | 'throw', cleanedUp: string[]): JobRunner {
  const runner = new JobRunner(store, silentLog);
  runner.register(
    type,
    async () => {
      if (outcome === 'throw') throw new AppError('NOT_FOUND', 'the upload is gone');
      return { done: true };
    },
    { onFailed: async (job) => void cleanedUp.push(job.id) },
  );
  return runner;
}

describe('JobStore and JobRunner with a redelivered job', () => {
  it('gives each claim its own attempt number', async () => {
    const { first, second } = await claimedTwice();
    expect([first.attempts, second.attempts]).toEqual([1, 2]);
  });

  it('a run that succeeded keeps its result: the redelivered run failing afterwards neither cleans up nor fails the job', async () => {
    const { type, first, second } = await claimedTwice();
    const cleanedUp: string[] = [];
    await runnerWith(type, 'succeed', cleanedUp).run(first, new AbortController().signal);
    expect(await jobRow(database.db, first.id)).toMatchObject({ status: 'completed', result: { done: true } });

    await runnerWith(type, 'throw', cleanedUp).run(second, new AbortController().signal);
    expect(cleanedUp).toEqual([]);
    expect(await jobRow(database.db, first.id)).toMatchObject({ status: 'completed', result: { done: true }, error: null });
  });

  it('a superseded run that fails changes nothing; the run holding the claim records its own failure', async () => {
    const { type, first, second } = await claimedTwice();
    const cleanedUp: string[] = [];
    await runnerWith(type, 'throw', cleanedUp).run(first, new AbortController().signal);
    expect(cleanedUp).toEqual([]);
    expect(await jobRow(database.db, first.id)).toMatchObject({ status: 'processing', attempts: 2, error: null });

    await runnerWith(type, 'throw', cleanedUp).run(second, new AbortController().signal);
    expect(cleanedUp).toEqual([second.id]);
    expect(await jobRow(database.db, second.id)).toMatchObject({ status: 'failed', error: 'the upload is gone' });
  });

  it('fail, progress and requeue apply only to the claim they name', async () => {
    const { first, second } = await claimedTwice();
    expect(await store.fail(first, 'stale')).toBeNull();
    expect(await store.setProgress(first, 0.5)).toBeNull();
    expect(await store.requeue(first)).toBeNull();
    expect(await jobRow(database.db, first.id)).toMatchObject({ status: 'processing', progress: 0, attempts: 2 });
    expect(await store.setProgress(second, 0.5)).toMatchObject({ progress: 0.5 });
    expect(await store.fail(second, 'current')).toMatchObject({ status: 'failed', error: 'current' });
    expect(await store.complete(second, {})).toBeNull();
  });
});
