import type { RateLimitRule } from '@sound-studio/shared';

/**
 * Counters of one limiter key. A window opens at the first hit and lasts `windowSeconds`; the hit that brings the
 * count to `max` blocks the key for `blockSeconds`, and a block ending clears the counter.
 */
export interface RateLimitState {
  count: number;
  /** Milliseconds until the block ends; 0 when not blocked. */
  retryAfterMs: number;
}

export interface RateLimitHit extends RateLimitState {
  /** False when the key was already blocked: the hit was refused and not counted. */
  counted: boolean;
}

/** Where counters live: memory for one process, Redis when several nodes must share them. */
export interface RateLimitStore {
  peek(key: string, nowMs: number): Promise<RateLimitState>;
  hit(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitHit>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
