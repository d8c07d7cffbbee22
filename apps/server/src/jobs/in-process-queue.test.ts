import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { seedPlans } from '../db/plan-seeds.ts';
import { systemClock } from '../lib/clock.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { InProcessJobQueue } from './in-process-queue.ts';
import { JobRunner } from './job-runner.ts';
import { JobStore } from './job-store.ts';
import { jobQueueContract, silentLog } from '../../test/queue-contract.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedPlans(database.db); // users need their plan (PostgreSQL test databases start empty)
});

afterAll(async () => {
  await database?.close();
});

describe('InProcessJobQueue', () => {
  jobQueueContract({
    db: () => database.db,
    queue: (concurrency) => {
      const store = new JobStore(database.db, systemClock);
      return new InProcessJobQueue(store, new JobRunner(store, silentLog), { concurrency, pollIntervalMs: 50 });
    },
  });
});
