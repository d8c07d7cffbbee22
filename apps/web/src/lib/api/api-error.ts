import type { ErrorCode, RateLimitDetails } from '@sound-studio/shared';

/** Section 3's error object: every failed call rejects with one of these, whatever went wrong. */
export class ApiError extends Error {
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly timestamp: string;

  constructor(message: string, code: ApiError['code'], status: number, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.timestamp = new Date().toISOString();
  }
}

/** Section 8's client-side failures, with the spec's exact messages. */
export const clientErrors = {
  requestFailed: (status: number) => new ApiError('Request failed', 'REQUEST_FAILED', status),
  timeout: () => new ApiError('Request timeout', 'TIMEOUT_ERROR', 408),
  network: () => new ApiError('Network request failed', 'NETWORK_ERROR', 0),
  nonJson: (text: string, status: number) => new ApiError(text || 'Request failed', 'NON_JSON_RESPONSE', status),
  unexpectedFormat: (status: number) => new ApiError('Unexpected response format', 'UNEXPECTED_RESPONSE', status),
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** `details.fields` of a 400 VALIDATION_ERROR: the server's per-field messages. */
export function validationFieldsOf(error: unknown): Record<string, string[]> {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR') return {};
  const fields = error.details?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (Array.isArray(messages)) result[field] = messages.filter((message) => typeof message === 'string');
  }
  return result;
}

const RATE_LIMIT_SCOPES: ReadonlySet<unknown> = new Set<RateLimitDetails['scope']>(['login', 'register', 'api', 'passwordReset']);

export function rateLimitDetailsOf(error: unknown): RateLimitDetails | null {
  if (!isApiError(error) || error.code !== 'RATE_LIMITED') return null;
  const scope = error.details?.scope;
  const retryAfterSeconds = error.details?.retryAfterSeconds;
  if (!RATE_LIMIT_SCOPES.has(scope) || typeof retryAfterSeconds !== 'number') {
    return null;
  }
  return { scope: scope as RateLimitDetails['scope'], retryAfterSeconds };
}

export function attemptsRemainingOf(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const attempts = error.details?.attemptsRemaining;
  return typeof attempts === 'number' ? attempts : null;
}
