import {
  apiRateLimitMessage,
  loginRateLimitMessage,
  registrationRateLimitMessage,
  type RateLimitDetails,
  type RateLimitRule,
} from '@sound-studio/shared';
import type { RateLimitScope } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { RateLimitStore } from './store.ts';

const MESSAGES: Record<RateLimitScope, (retryAfterSeconds: number) => string> = {
  login: loginRateLimitMessage,
  register: registrationRateLimitMessage,
  api: apiRateLimitMessage,
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

  /**
   * Counts an attempt and returns how many are left before the block (0 means blocked now); throws RATE_LIMITED when
   * the key was already blocked. The store increments and checks in one atomic step, so parallel attempts can never
   * all see "allowed": count before doing the expensive check (a password hash), not after.
   */
  async countAttempt(key: string): Promise<number> {
    const hit = await this.store.hit(this.#key(key), this.rule, this.clock.now());
    if (!hit.counted) throw this.#blocked(hit.retryAfterMs);
    return Math.max(0, this.rule.max - hit.count);
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
  };
}
