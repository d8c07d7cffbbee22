import { expect, it } from 'vitest';
import type { RateLimitRule } from '@sound-studio/shared';
import type { AttemptOutcome, RateLimitStore } from '../src/lib/rate-limit/store.ts';

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

/** Attempts (a password check): running ones hold slots, failures keep them, a success gives its slot back. */
export function attemptStoreContract(store: () => RateLimitStore, uniqueKey: () => string): void {
  const start = (key: string, at = T0) => store().startAttempt(key, RULE, at);
  const finish = (key: string, outcome: AttemptOutcome, at = T0) => store().finishAttempt(key, RULE, outcome, at);

  it('admits exactly max parallel attempts and refuses the rest without a block while they run', async () => {
    const key = uniqueKey();
    const starts = await Promise.all(Array.from({ length: 12 }, () => start(key)));
    expect(starts.filter((attempt) => attempt.admitted).map((attempt) => attempt.running).sort()).toEqual([1, 2, 3]);
    const refused = starts.filter((attempt) => !attempt.admitted);
    expect(refused).toHaveLength(9);
    expect(refused.every((attempt) => attempt.retryAfterMs === 0)).toBe(true);
  });

  it('blocks when failures fill every slot, from the failure that fills the last one', async () => {
    const key = uniqueKey();
    await Promise.all([start(key), start(key), start(key)]);
    expect(await finish(key, 'failed')).toEqual({ failures: 1, running: 2, retryAfterMs: 0 });
    expect(await finish(key, 'failed')).toEqual({ failures: 2, running: 1, retryAfterMs: 0 });
    expect(await finish(key, 'failed', T0 + 1000)).toEqual({ failures: 3, running: 0, retryAfterMs: 120_000 });
    expect(await start(key, T0 + 2000)).toEqual({ admitted: false, failures: 3, running: 0, retryAfterMs: 119_000 });
    expect(await start(key, T0 + 121_000)).toEqual({ admitted: true, failures: 0, running: 1, retryAfterMs: 0 });
  });

  it('lets a success give back its slot and clear the failures, leaving other running attempts counted', async () => {
    const key = uniqueKey();
    await start(key);
    await finish(key, 'failed');
    await start(key);
    await start(key);
    expect(await start(key)).toMatchObject({ admitted: false, failures: 1, running: 2, retryAfterMs: 0 });
    expect(await finish(key, 'succeeded')).toEqual({ failures: 0, running: 1, retryAfterMs: 0 });
    expect(await start(key)).toMatchObject({ admitted: true, running: 2 });
    expect(await start(key)).toMatchObject({ admitted: true, running: 3 });
    expect(await start(key)).toMatchObject({ admitted: false, retryAfterMs: 0 });
  });

  it('frees the slot of an abandoned attempt without counting it', async () => {
    const key = uniqueKey();
    await start(key);
    await finish(key, 'failed');
    await start(key);
    expect(await finish(key, 'abandoned')).toEqual({ failures: 1, running: 0, retryAfterMs: 0 });
  });

  it('forgets failures and attempts that never finished once the window ran out', async () => {
    const key = uniqueKey();
    await start(key);
    await finish(key, 'failed');
    await start(key);
    await start(key);
    expect(await start(key, T0 + 59_000)).toMatchObject({ admitted: false });
    expect(await start(key, T0 + 60_000)).toEqual({ admitted: true, failures: 0, running: 1, retryAfterMs: 0 });
  });
}
