import { z } from 'zod';
import type { RateLimitRule } from '@sound-studio/shared';

export interface ApiKeysConfig {
  /** Requests per key: `max` per `windowSeconds`, then refused for `blockSeconds` (429 with Retry-After). */
  rateLimit: RateLimitRule;
  /**
   * Requests per user across all of their keys, over the same window and block: without it every extra key would
   * add its own `rateLimit.max` to what one account may send.
   */
  userRateLimit: RateLimitRule;
}

const wholeNumber = z.coerce.number().int().min(1).max(10_000_000);
const schema = z.object({
  API_KEY_RATE_LIMIT_MAX: wholeNumber.default(60),
  API_KEY_RATE_LIMIT_WINDOW_SECONDS: wholeNumber.default(60),
  API_KEY_RATE_LIMIT_BLOCK_SECONDS: wholeNumber.default(60),
  API_KEY_USER_RATE_LIMIT_MAX: wholeNumber.default(120),
});

/** Reads the API_KEY_* variables; problems come back as lines for the configuration error. */
export function apiKeysConfigFrom(env: Record<string, string | undefined>): { config: ApiKeysConfig } | { problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map(
        (issue) => `  ${String(issue.path[0])} must be a whole number between 1 and 10000000 (got "${env[String(issue.path[0])] ?? ''}")`,
      ),
    };
  }
  const values = parsed.data;
  const window = { windowSeconds: values.API_KEY_RATE_LIMIT_WINDOW_SECONDS, blockSeconds: values.API_KEY_RATE_LIMIT_BLOCK_SECONDS };
  return {
    config: {
      rateLimit: { max: values.API_KEY_RATE_LIMIT_MAX, ...window },
      userRateLimit: { max: values.API_KEY_USER_RATE_LIMIT_MAX, ...window },
    },
  };
}
