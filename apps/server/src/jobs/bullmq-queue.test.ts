import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { seedPlans } from '../db/plan-seeds.ts';
import { systemClock } from '../lib/clock.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { isRedisReachable, itReachesRedis, TEST_REDIS_URL as REDIS_URL } from '../../test/redis.ts';
import { BullMqJobQueue } from './bullmq-queue.ts';
import { JobRunner } from './job-runner.ts';
import { JobStore } from './job-store.ts';
import { jobQueueContract, silentLog } from '../../test/queue-contract.ts';

const reachable = await isRedisReachable(REDIS_URL);
itReachesRedis(reachable, REDIS_URL);
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
