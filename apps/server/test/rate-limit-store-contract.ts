import { expect, it } from 'vitest';
import type { RateLimitRule } from '@sound-studio/shared';
import type { RateLimitStore } from '../src/lib/rate-limit/store.ts';

const RULE: RateLimitRule = { max: 3, windowSeconds: 60, blockSeconds: 120 };
const T0 = Date.parse('2030-01-01T00:00:00Z');

/** Behaviour every rate-limit store must share; run against the memory and the Redis store. */
export function rateLimitStoreContract(store: () => RateLimitStore, uniqueKey: () => string): void {
  it('counts hits and blocks on the hit that reaches max', async () => {
    const key = uniqueKey();
    expect(await store().hit(key, RULE, T0)).toEqual({ counted: true, count: 1, retryAfterMs: 0 });
    expect(await store().hit(key, RULE, T0 + 1000)).toEqual({ counted: true, count: 2, retryAfterMs: 0 });
    expect(await store().hit(key, RULE, T0 + 2000)).toEqual({ counted: true, count: 3, retryAfterMs: 120_000 });
    expect(await store().peek(key, T0 + 3000)).toEqual({ count: 3, retryAfterMs: 119_000 });
    expect(await store().hit(key, RULE, T0 + 4000)).toEqual({ counted: false, count: 3, retryAfterMs: 118_000 });
  });

  it('counts parallel hits atomically: exactly max are counted, the rest refused', async () => {
    const key = uniqueKey();
    const hits = await Promise.all(Array.from({ length: 12 }, () => store().hit(key, RULE, T0)));
    expect(hits.filter((hit) => hit.counted).map((hit) => hit.count).sort()).toEqual([1, 2, 3]);
    expect(hits.filter((hit) => !hit.counted)).toHaveLength(9);
  });

  it('clears the counter when the block ends', async () => {
    const key = uniqueKey();
    for (let hit = 0; hit < 3; hit += 1) await store().hit(key, RULE, T0);
    expect(await store().peek(key, T0 + 120_000)).toEqual({ count: 0, retryAfterMs: 0 });
    expect(await store().hit(key, RULE, T0 + 120_000)).toEqual({ counted: true, count: 1, retryAfterMs: 0 });
  });

  it('opens a new window once the old one ran out', async () => {
    const key = uniqueKey();
    await store().hit(key, RULE, T0);
    await store().hit(key, RULE, T0 + 59_000);
    expect(await store().peek(key, T0 + 60_000)).toEqual({ count: 0, retryAfterMs: 0 });
    expect(await store().hit(key, RULE, T0 + 60_000)).toEqual({ counted: true, count: 1, retryAfterMs: 0 });
  });

  it('keeps keys apart and resets one key', async () => {
    const first = uniqueKey();
    const second = uniqueKey();
    await store().hit(first, RULE, T0);
    await store().hit(first, RULE, T0);
    await store().hit(second, RULE, T0);
    await store().reset(first);
    expect(await store().peek(first, T0)).toEqual({ count: 0, retryAfterMs: 0 });
    expect(await store().peek(second, T0)).toEqual({ count: 1, retryAfterMs: 0 });
  });
}
