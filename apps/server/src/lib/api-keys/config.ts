import { z } from 'zod';
import type { RateLimitRule } from '@sound-studio/shared';

export interface ApiKeysConfig {
  /** Requests per key: `max` per `windowSeconds`, then refused for `blockSeconds` (429 with Retry-After). */
  rateLimit: RateLimitRule;
}

const wholeNumber = z.coerce.number().int().min(1).max(10_000_000);
const schema = z.object({
  API_KEY_RATE_LIMIT_MAX: wholeNumber.default(60),
  API_KEY_RATE_LIMIT_WINDOW_SECONDS: wholeNumber.default(60),
  API_KEY_RATE_LIMIT_BLOCK_SECONDS: wholeNumber.default(60),
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
  return {
    config: {
      rateLimit: {
        max: values.API_KEY_RATE_LIMIT_MAX,
        windowSeconds: values.API_KEY_RATE_LIMIT_WINDOW_SECONDS,
        blockSeconds: values.API_KEY_RATE_LIMIT_BLOCK_SECONDS,
      },
    },
  };
}
