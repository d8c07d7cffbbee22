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

/**
 * Attempts whose outcome is known only after some work (a password check). A running attempt holds one of the rule's
 * `max` slots; a failed one keeps it until the window ends, and the failure that fills the last slot blocks the key.
 * A success frees its slot and clears the failures, so only failures ever lead to a block.
 */
export interface AttemptState {
  failures: number;
  running: number;
  /** Milliseconds until the block ends; 0 when not blocked. */
  retryAfterMs: number;
}

export interface AttemptStart extends AttemptState {
  /**
   * False when refused: while blocked (`retryAfterMs` > 0), or while failures and running attempts hold every slot
   * (`retryAfterMs` 0: the running attempts' outcome decides whether the key gets blocked).
   */
  admitted: boolean;
}

/** How a running attempt ended; `abandoned` when the work itself broke, which is neither a failure nor a success. */
export type AttemptOutcome = 'failed' | 'succeeded' | 'abandoned';

/** Where counters live: memory for one process, Redis when several nodes must share them. */
export interface RateLimitStore {
  peek(key: string, nowMs: number): Promise<RateLimitState>;
  hit(key: string, rule: RateLimitRule, nowMs: number): Promise<RateLimitHit>;
  startAttempt(key: string, rule: RateLimitRule, nowMs: number): Promise<AttemptStart>;
  finishAttempt(key: string, rule: RateLimitRule, outcome: AttemptOutcome, nowMs: number): Promise<AttemptState>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
