import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { BullMqJobQueue } from './bullmq-queue.ts';
import { InProcessJobQueue } from './in-process-queue.ts';
import { JobRunner, type JobLogger } from './job-runner.ts';
import { JobStore } from './job-store.ts';
import type { JobQueue } from './types.ts';

export interface JobQueueSettings {
  db: Database;
  clock: Clock;
  log: JobLogger;
  concurrency: number;
  /** With Redis, jobs travel through BullMQ; without, this process polls the jobs table. */
  redis: { url: string; keyPrefix: string } | null;
}

export function createJobQueue(settings: JobQueueSettings): JobQueue {
  const store = new JobStore(settings.db, settings.clock);
  const runner = new JobRunner(store, settings.log);
  if (settings.redis) {
    return new BullMqJobQueue(store, runner, {
      redisUrl: settings.redis.url,
      prefix: `${settings.redis.keyPrefix}bull`,
      concurrency: settings.concurrency,
    });
  }
  return new InProcessJobQueue(store, runner, { concurrency: settings.concurrency });
}
