import {
  apiRateLimitMessage,
  loginRateLimitMessage,
  passwordResetRateLimitMessage,
  registrationRateLimitMessage,
  type RateLimitDetails,
  type RateLimitRule,
} from '@sound-studio/shared';
import type { RateLimitScope } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { AttemptOutcome, RateLimitStore } from './store.ts';

/**
 * Retry-After for an attempt refused while others still run: a password check takes a fraction of a second, and
 * their outcome decides whether the key is blocked at all (a success frees its slot).
 */
const RUNNING_ATTEMPTS_RETRY_MS = 1000;

const MESSAGES: Record<RateLimitScope, (retryAfterSeconds: number) => string> = {
  login: loginRateLimitMessage,
  register: registrationRateLimitMessage,
  api: apiRateLimitMessage,
  passwordReset: passwordResetRateLimitMessage,
};

/** One limiter scope (login, register or api) over a shared store. */
export class RateLimiter {
  constructor(
    readonly scope: RateLimitScope,
    readonly rule: RateLimitRule,
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  /** Throws RATE_LIMITED while `key` is blocked. */
  async assertAllowed(key: string): Promise<void> {
    const state = await this.store.peek(this.#key(key), this.clock.now());
    if (state.retryAfterMs > 0) throw this.#blocked(state.retryAfterMs);
  }

  /** Counts a failed attempt and returns how many are left before the block (0 means blocked now). */
  async countAttempt(key: string): Promise<number> {
    const hit = await this.store.hit(this.#key(key), this.rule, this.clock.now());
    if (!hit.counted) throw this.#blocked(hit.retryAfterMs);
    return Math.max(0, this.rule.max - hit.count);
  }

  /**
   * Starts an attempt whose outcome needs expensive work (a password hash) and holds one of the limit's slots while
   * it runs, so parallel attempts can never all pass: start before the work, then `finishAttempt`. Throws
   * RATE_LIMITED while blocked, or with a short Retry-After while running attempts hold the remaining slots.
   */
  async startAttempt(key: string): Promise<void> {
    const start = await this.store.startAttempt(this.#key(key), this.rule, this.clock.now());
    if (!start.admitted) throw this.#blocked(start.retryAfterMs > 0 ? start.retryAfterMs : RUNNING_ATTEMPTS_RETRY_MS);
  }

  /**
   * Ends a started attempt. A failure keeps its slot (the one filling the last slot blocks the key); a success gives
   * its slot back and clears the failures. Returns how many attempts a new caller could start now.
   */
  async finishAttempt(key: string, outcome: AttemptOutcome): Promise<number> {
    const state = await this.store.finishAttempt(this.#key(key), this.rule, outcome, this.clock.now());
    return Math.max(0, this.rule.max - state.failures - state.running);
  }

  /** Counts a request and throws RATE_LIMITED if the key was already blocked. */
  async consume(key: string): Promise<void> {
    const hit = await this.store.hit(this.#key(key), this.rule, this.clock.now());
    if (!hit.counted) throw this.#blocked(hit.retryAfterMs);
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(this.#key(key));
  }

  #key(key: string): string {
    return `${this.scope}:${key}`;
  }

  #blocked(retryAfterMs: number): AppError {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const details: RateLimitDetails = { scope: this.scope, retryAfterSeconds };
    return new AppError('RATE_LIMITED', MESSAGES[this.scope](retryAfterSeconds), { ...details }, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

export type RateLimiters = Record<RateLimitScope, RateLimiter>;

export function createRateLimiters(
  rules: Readonly<Record<RateLimitScope, Readonly<RateLimitRule>>>,
  store: RateLimitStore,
  clock: Clock,
): RateLimiters {
  return {
    login: new RateLimiter('login', rules.login, store, clock),
    register: new RateLimiter('register', rules.register, store, clock),
    api: new RateLimiter('api', rules.api, store, clock),
    passwordReset: new RateLimiter('passwordReset', rules.passwordReset, store, clock),
  };
}
