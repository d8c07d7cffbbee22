import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { seedPlans } from '../db/plan-seeds.ts';
import { systemClock } from '../lib/clock.ts';
import { openTestDatabase } from '../test/harness.ts';
import { BullMqJobQueue } from './bullmq-queue.ts';
import { JobRunner } from './job-runner.ts';
import { JobStore } from './job-store.ts';
import { jobQueueContract, silentLog } from './queue-contract.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function isReachable(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const reachable = await isReachable(REDIS_URL);
/** Every run gets its own BullMQ key space, removed afterwards. */
const prefix = `sound-studio-test:${randomBytes(4).toString('hex')}:bull`;

describe.skipIf(!reachable)(`BullMqJobQueue (${REDIS_URL})${reachable ? '' : ': skipped, Redis is not reachable'}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedPlans(database.db); // users need their plan (PostgreSQL test databases start empty)
  });

  afterAll(async () => {
    await database?.close();
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });

  jobQueueContract({
    db: () => database.db,
    queue: (concurrency) => {
      const store = new JobStore(database.db, systemClock);
      return new BullMqJobQueue(store, new JobRunner(store, silentLog), { redisUrl: REDIS_URL, prefix, concurrency });
    },
  });
});
