import type { RateLimitRule } from '@sound-studio/shared';
import type { Redis } from 'ioredis';
import type { AttemptOutcome, AttemptStart, AttemptState, RateLimitHit, RateLimitState, RateLimitStore } from './store.ts';

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

/**
 * Attempts (see AttemptState) with one more field: r = running attempts. A window or block that ended clears the
 * failures and the running count alike, so an attempt lost with a crashed node holds its slot no longer than that.
 * ARGV: now, window (ms), max, block (ms), and for FINISH the outcome.
 */
const ATTEMPT_LOAD = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local block = tonumber(ARGV[4])
local values = redis.call('HMGET', KEYS[1], 'c', 'r', 'w', 'b')
local failures = tonumber(values[1]) or 0
local running = tonumber(values[2]) or 0
local windowEnd = tonumber(values[3]) or 0
local blockedUntil = tonumber(values[4]) or 0
if (blockedUntil > 0 and blockedUntil <= now) or (blockedUntil == 0 and windowEnd <= now) then
  failures = 0
  running = 0
  windowEnd = now + window
  blockedUntil = 0
end
local function store()
  if failures == 0 and running == 0 then
    redis.call('DEL', KEYS[1])
  else
    redis.call('HSET', KEYS[1], 'c', failures, 'r', running, 'w', windowEnd, 'b', blockedUntil)
    redis.call('PEXPIRE', KEYS[1], math.max(windowEnd, blockedUntil) - now + 1000)
  end
end
local function retry()
  if blockedUntil > now then return blockedUntil - now end
  return 0
end
`;

const START_ATTEMPT_SCRIPT = `${ATTEMPT_LOAD}
if blockedUntil > now or failures + running >= max then
  return {0, failures, running, retry()}
end
running = running + 1
store()
return {1, failures, running, 0}
`;

const FINISH_ATTEMPT_SCRIPT = `${ATTEMPT_LOAD}
running = math.max(0, running - 1)
if ARGV[5] == 'failed' then
  failures = failures + 1
  if failures >= max and blockedUntil <= now then blockedUntil = now + block end
elseif ARGV[5] == 'succeeded' then
  failures = 0
  blockedUntil = 0
end
store()
return {failures, running, retry()}
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

  async startAttempt(key: string, rule: RateLimitRule, nowMs: number): Promise<AttemptStart> {
    const [admitted, failures, running, retryAfterMs] = (await this.#runAttemptScript(START_ATTEMPT_SCRIPT, key, rule, nowMs)) as [
      number,
      number,
      number,
      number,
    ];
    return { admitted: admitted === 1, failures, running, retryAfterMs };
  }

  async finishAttempt(key: string, rule: RateLimitRule, outcome: AttemptOutcome, nowMs: number): Promise<AttemptState> {
    const [failures, running, retryAfterMs] = (await this.#runAttemptScript(FINISH_ATTEMPT_SCRIPT, key, rule, nowMs, outcome)) as [
      number,
      number,
      number,
    ];
    return { failures, running, retryAfterMs };
  }

  #runAttemptScript(script: string, key: string, rule: RateLimitRule, nowMs: number, ...extra: string[]): Promise<unknown> {
    return this.redis.eval(script, 1, this.keyPrefix + key, nowMs, rule.windowSeconds * 1000, rule.max, rule.blockSeconds * 1000, ...extra);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyPrefix + key);
  }

  /** The Redis connection belongs to the app, which closes it. */
  async close(): Promise<void> {}
}
