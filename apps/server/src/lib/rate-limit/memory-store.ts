import type { RateLimitRule } from '@sound-studio/shared';
import type { Clock } from '../clock.ts';
import type { AttemptOutcome, AttemptStart, AttemptState, RateLimitHit, RateLimitState, RateLimitStore } from './store.ts';

interface Entry {
  /** Hits, or failed attempts. */
  count: number;
  /** Attempts started and not finished yet. */
  running: number;
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
    const entry = this.#current(key, nowMs) ?? newEntry(rule, nowMs);
    if (entry.blockedUntil > nowMs) return { counted: false, count: entry.count, retryAfterMs: entry.blockedUntil - nowMs };
    entry.count += 1;
    if (entry.count >= rule.max) entry.blockedUntil = nowMs + rule.blockSeconds * 1000;
    this.#entries.set(key, entry);
    return { counted: true, count: entry.count, retryAfterMs: Math.max(0, entry.blockedUntil - nowMs) };
  }

  async startAttempt(key: string, rule: RateLimitRule, nowMs: number): Promise<AttemptStart> {
    const entry = this.#current(key, nowMs) ?? newEntry(rule, nowMs);
    if (entry.blockedUntil > nowMs || entry.count + entry.running >= rule.max) {
      return { admitted: false, ...attemptState(entry, nowMs) };
    }
    entry.running += 1;
    this.#entries.set(key, entry);
    return { admitted: true, ...attemptState(entry, nowMs) };
  }

  async finishAttempt(key: string, rule: RateLimitRule, outcome: AttemptOutcome, nowMs: number): Promise<AttemptState> {
    // No entry: the window ended while the attempt ran; a failure then counts in a new one.
    const entry = this.#current(key, nowMs) ?? newEntry(rule, nowMs);
    entry.running = Math.max(0, entry.running - 1);
    if (outcome === 'failed') {
      entry.count += 1;
      if (entry.count >= rule.max && entry.blockedUntil <= nowMs) entry.blockedUntil = nowMs + rule.blockSeconds * 1000;
    } else if (outcome === 'succeeded') {
      entry.count = 0;
      entry.blockedUntil = 0;
    }
    if (entry.count === 0 && entry.running === 0) this.#entries.delete(key);
    else this.#entries.set(key, entry);
    return attemptState(entry, nowMs);
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

function newEntry(rule: RateLimitRule, nowMs: number): Entry {
  return { count: 0, running: 0, windowEndsAt: nowMs + rule.windowSeconds * 1000, blockedUntil: 0 };
}

function attemptState(entry: Entry, nowMs: number): AttemptState {
  return { failures: entry.count, running: entry.running, retryAfterMs: Math.max(0, entry.blockedUntil - nowMs) };
}

/** A window that ran out (and no block running), or a block that ended, leaves nothing worth keeping. */
function isFinished(entry: Entry, nowMs: number): boolean {
  if (entry.blockedUntil > 0) return entry.blockedUntil <= nowMs;
  return entry.windowEndsAt <= nowMs;
}
