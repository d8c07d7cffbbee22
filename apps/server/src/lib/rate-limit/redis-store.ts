import type { RateLimitRule } from '@sound-studio/shared';
import type { Redis } from 'ioredis';
import type { RateLimitHit, RateLimitState, RateLimitStore } from './store.ts';

/**
 * Same rules as the memory store, run atomically inside Redis. The caller's clock is passed in (ARGV[1]) so tests can
 * move time; the key's TTL only cleans up after the window or block has surely ended.
 * Hash fields: c = count, w = window end, b = blocked until (ms).
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local block = tonumber(ARGV[4])
local values = redis.call('HMGET', KEYS[1], 'c', 'w', 'b')
local count = tonumber(values[1]) or 0
local windowEnd = tonumber(values[2]) or 0
local blockedUntil = tonumber(values[3]) or 0
if blockedUntil > now then
  return {0, count, blockedUntil - now}
end
if blockedUntil > 0 or windowEnd <= now then
  count = 0
  windowEnd = now + window
  blockedUntil = 0
end
count = count + 1
if count >= max then
  blockedUntil = now + block
end
redis.call('HSET', KEYS[1], 'c', count, 'w', windowEnd, 'b', blockedUntil)
redis.call('PEXPIRE', KEYS[1], math.max(windowEnd, blockedUntil) - now + 1000)
local retry = 0
if blockedUntil > now then retry = blockedUntil - now end
return {1, count, retry}
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    /** Prepended to every key, e.g. "sound-studio:rate-limit:". */
    private readonly keyPrefix: string,
  ) {}

  async peek(key: string, nowMs: number): Promise<RateLimitState> {
    const [count, windowEnd, blockedUntil] = (await this.redis.hmget(this.keyPrefix + key, 'c', 'w', 'b')).map(Number);
    if (blockedUntil && blockedUntil > nowMs) return { count: count ?? 0, retryAfterMs: blockedUntil - nowMs };
    if (blockedUntil || !windowEnd || windowEnd <= nowMs) return { count: 0, retryAfterMs: 0 };
    return { count: count ?? 0, retryAfterMs: 0 };
  }

  async hit(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitHit> {
    const reply = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.keyPrefix + key,
      nowMs,
      rule.windowSeconds * 1000,
      rule.max,
      rule.blockSeconds * 1000,
    )) as [number, number, number];
    const [counted, count, retryAfterMs] = reply;
    return { counted: counted === 1, count, retryAfterMs };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyPrefix + key);
  }

  /** The Redis connection belongs to the app, which closes it. */
  async close(): Promise<void> {}
}
