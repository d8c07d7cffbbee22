import { setTimeout as wait } from 'node:timers/promises';

/** base_resp codes MiniMax uses for "too many requests" (1002) and "too many tokens a minute" (1039): worth a retry. */
export const MINIMAX_RETRYABLE_STATUS: readonly number[] = [1002, 1039];

export interface MiniMaxRetryOptions {
  /** Tries in all, the first included (default 4). 1 turns retrying off. */
  attempts?: number;
  /** The first wait; each further wait doubles it (default 1,000 ms). */
  baseDelayMs?: number;
  /** No single wait is longer (default 8,000 ms). */
  maxDelayMs?: number;
  /** Tests pass their own clock; production waits for real and stops waiting when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** 0..1; jitter spreads retries of many callers apart (default Math.random). */
  random?: () => number;
}

const defaultSleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  wait(ms, undefined, signal ? { signal } : {});

/**
 * Runs `attempt` again, with exponential backoff and jitter, while it fails with an error `isRetryable` accepts (a
 * MiniMax rate limit); any other error, the last attempt's error and an abort go to the caller as they are.
 */
export async function withMiniMaxRetry<T>(
  attempt: () => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  options: MiniMaxRetryOptions = {},
  signal?: AbortSignal,
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 8000;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= attempts || signal?.aborted || !isRetryable(error)) throw error;
      const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (tried - 1));
      // Half fixed, half random ("equal jitter"): never a zero wait, never a herd retrying together.
      await sleep(Math.round(ceiling / 2 + (ceiling / 2) * random()), signal).catch(() => {
        throw error;
      });
    }
  }
}
