import { Redis } from 'ioredis';
import { expect, it } from 'vitest';

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** CI always has Redis (.ci/run starts it): there a Redis suite that cannot reach it fails instead of skipping. */
export const REDIS_REQUIRED = Boolean(process.env.CI) && process.env.CI !== 'false';

export async function isRedisReachable(url: string = TEST_REDIS_URL): Promise<boolean> {
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

/**
 * Registers a test that Redis answers. Locally, without Redis, it is skipped like the suite it guards; under CI it runs
 * and fails, so a missing Redis shows as a failure in the count rather than as quietly skipped suites.
 */
export function itReachesRedis(reachable: boolean, url: string = TEST_REDIS_URL): void {
  it.skipIf(!reachable && !REDIS_REQUIRED)(`reaches Redis at ${url}`, () => {
    expect(reachable, `Redis at ${url} does not answer; CI needs it for the Redis suites`).toBe(true);
  });
}
