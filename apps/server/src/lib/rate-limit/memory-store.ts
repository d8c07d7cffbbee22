import type { RateLimitRule } from '@sound-studio/shared';
import type { Clock } from '../clock.ts';
import type { RateLimitHit, RateLimitState, RateLimitStore } from './store.ts';

interface Entry {
  count: number;
  windowEndsAt: number;
  blockedUntil: number;
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Counters in this process's memory; finished windows and blocks are swept hourly. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #entries = new Map<string, Entry>();
  readonly #cleanupTimer: NodeJS.Timeout;

  constructor(private readonly clock: Clock) {
    this.#cleanupTimer = setInterval(() => this.removeStale(this.clock.now()), CLEANUP_INTERVAL_MS);
    this.#cleanupTimer.unref();
  }

  async peek(key: string, nowMs: number): Promise<RateLimitState> {
    const entry = this.#current(key, nowMs);
    return { count: entry?.count ?? 0, retryAfterMs: entry ? Math.max(0, entry.blockedUntil - nowMs) : 0 };
  }

  async hit(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitHit> {
    const entry = this.#current(key, nowMs) ?? { count: 0, windowEndsAt: nowMs + rule.windowSeconds * 1000, blockedUntil: 0 };
    if (entry.blockedUntil > nowMs) return { counted: false, count: entry.count, retryAfterMs: entry.blockedUntil - nowMs };
    entry.count += 1;
    if (entry.count >= rule.max) entry.blockedUntil = nowMs + rule.blockSeconds * 1000;
    this.#entries.set(key, entry);
    return { counted: true, count: entry.count, retryAfterMs: Math.max(0, entry.blockedUntil - nowMs) };
  }

  async reset(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.#cleanupTimer);
    this.#entries.clear();
  }

  /** Number of keys held, for the cleanup test. */
  get size(): number {
    return this.#entries.size;
  }

  removeStale(nowMs: number): void {
    for (const [key, entry] of this.#entries) {
      if (isFinished(entry, nowMs)) this.#entries.delete(key);
    }
  }

  #current(key: string, nowMs: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && isFinished(entry, nowMs)) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

/** A window that ran out (and no block running), or a block that ended, leaves nothing worth keeping. */
function isFinished(entry: Entry, nowMs: number): boolean {
  if (entry.blockedUntil > 0) return entry.blockedUntil <= nowMs;
  return entry.windowEndsAt <= nowMs;
}
