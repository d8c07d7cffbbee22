import { afterEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/harness.ts';
import { createRateLimiters } from './limiter.ts';
import { MemoryRateLimitStore } from './memory-store.ts';
import { attemptStoreContract, rateLimitStoreContract } from '../../../test/rate-limit-store-contract.ts';

const clock = new TestClock();
let store = new MemoryRateLimitStore(clock);
let keyCounter = 0;

afterEach(async () => {
  await store.close();
  store = new MemoryRateLimitStore(clock);
});

describe('MemoryRateLimitStore', () => {
  rateLimitStoreContract(
    () => store,
    () => `key-${(keyCounter += 1)}`,
  );
  attemptStoreContract(
    () => store,
    () => `attempt-${(keyCounter += 1)}`,
  );

  it('sweeps finished windows and blocks, keeping running ones', async () => {
    const rule = { max: 2, windowSeconds: 60, blockSeconds: 600 };
    const now = clock.now();
    await store.hit('finished-window', rule, now);
    await store.hit('blocked', rule, now);
    await store.hit('blocked', rule, now);
    await store.hit('running-window', rule, now + 30_000);
    store.removeStale(now + 60_000);
    expect(store.size).toBe(2);
    store.removeStale(now + 600_000);
    expect(store.size).toBe(0);
  });
});

describe('RateLimiter', () => {
  const rules = {
    login: { max: 2, windowSeconds: 900, blockSeconds: 900 },
    register: { max: 1, windowSeconds: 3600, blockSeconds: 7200 },
    api: { max: 2, windowSeconds: 60, blockSeconds: 60 },
    passwordReset: { max: 2, windowSeconds: 3600, blockSeconds: 3600 },
  };

  it('counts failures down and blocks with the login message', async () => {
    const { login } = createRateLimiters(rules, store, clock);
    await login.assertAllowed('a@b.co');
    expect(await login.countAttempt('a@b.co')).toBe(1);
    expect(await login.countAttempt('a@b.co')).toBe(0);
    await expect(login.assertAllowed('a@b.co')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
      message: 'Too many login attempts. Please try again in 15 minutes.',
      details: { scope: 'login', retryAfterSeconds: 900 },
      headers: { 'retry-after': '900' },
    });
    await login.reset('a@b.co');
    await login.assertAllowed('a@b.co');
  });

  it('refuses an attempt while running ones hold the slots with a one-second retry, and blocks only on failures', async () => {
    const { login } = createRateLimiters(rules, store, clock);
    await login.startAttempt('c@d.co');
    await login.startAttempt('c@d.co');
    await expect(login.startAttempt('c@d.co')).rejects.toMatchObject({
      statusCode: 429,
      details: { scope: 'login', retryAfterSeconds: 1 },
      headers: { 'retry-after': '1' },
    });
    expect(await login.finishAttempt('c@d.co', 'succeeded')).toBe(1);
    expect(await login.finishAttempt('c@d.co', 'failed')).toBe(1);
    await login.startAttempt('c@d.co');
    expect(await login.finishAttempt('c@d.co', 'failed')).toBe(0);
    await expect(login.startAttempt('c@d.co')).rejects.toMatchObject({ details: { scope: 'login', retryAfterSeconds: 900 } });
  });

  it('uses hours in the registration message', async () => {
    const { register } = createRateLimiters(rules, store, clock);
    await register.countAttempt('a@b.co');
    await expect(register.assertAllowed('a@b.co')).rejects.toMatchObject({
      message: 'Too many registration attempts. Please try again in 2 hours.',
    });
  });

  it('lets max calls through and refuses the next', async () => {
    const { api, login } = createRateLimiters(rules, store, clock);
    await api.consume('ip:1');
    await api.consume('ip:1');
    await expect(api.consume('ip:1')).rejects.toMatchObject({ message: 'Too many requests. Please try again in 1 minute.' });
    // Scopes do not share counters even for the same key.
    await login.assertAllowed('ip:1');
  });
});
