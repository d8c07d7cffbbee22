/** Error codes the server returns in `{ success: false, code }`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_CREDENTIALS',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'CSRF_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'RATE_LIMITED',
  'INSUFFICIENT_CREDITS',
  'FEATURE_NOT_IN_PLAN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'DOCUMENT_TOO_COMPLEX',
  'RANGE_NOT_SATISFIABLE',
  'CONFLICT',
  'RESET_LINK_INVALID',
  'SERVICE_UNAVAILABLE',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'SPEECH_PROVIDER_UNAVAILABLE',
  'SPEECH_PROVIDER_TIMEOUT',
  'SPEECH_PROVIDER_REFUSED',
  'INTERNAL_ERROR',
] as const;
export type ServerErrorCode = (typeof ERROR_CODES)[number];

/** Codes the web client produces itself when a request never got a usable reply (spec section 8). */
export const CLIENT_ERROR_CODES = ['REQUEST_FAILED', 'TIMEOUT_ERROR', 'NETWORK_ERROR', 'NON_JSON_RESPONSE', 'UNEXPECTED_RESPONSE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ErrorCode = ServerErrorCode | ClientErrorCode;

export const HTTP_STATUS_BY_CODE: Record<ServerErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  SESSION_REVOKED: 401,
  CSRF_INVALID: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  /** A password reset link that is unknown, expired or already used (a 400, not a 401: nobody is signed in). */
  RESET_LINK_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  /** An upload whose content is too big, deep or slow to read safely (decompression bombs, deep nesting). */
  DOCUMENT_TOO_COMPLEX: 422,
  /** A byte range outside a media file (Range header of GET /api/media/...). */
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  INSUFFICIENT_CREDITS: 402,
  /** The user's plan lacks the feature (details: FeatureNotInPlanDetails with the upgrade link). */
  FEATURE_NOT_IN_PLAN: 403,
  SERVICE_UNAVAILABLE: 503,
  /** The payment provider (Stripe) could not be reached or failed on its side; nothing was changed, a retry may work. */
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  /** The file store (S3 or another object store) could not be reached; nothing was kept or charged, a retry may work. */
  STORAGE_UNAVAILABLE: 503,
  /** An upstream speech provider (SPEECH_PROVIDERS) cannot be reached; nothing was charged, a retry may work. */
  SPEECH_PROVIDER_UNAVAILABLE: 503,
  /** An upstream speech provider did not answer within its time limit; nothing was charged. */
  SPEECH_PROVIDER_TIMEOUT: 504,
  /** An upstream speech provider refused the work (its key, its rate limit, its own failure); nothing was charged. */
  SPEECH_PROVIDER_REFUSED: 502,
  INTERNAL_ERROR: 500,
};

/** What the client hears for each upstream failure (the web app translates these by key, see serverMessages). */
export const SPEECH_PROVIDER_FAILURE_MESSAGES = {
  speechProviderUnavailable: 'The speech provider for this voice cannot be reached right now; nothing was charged. Try again in a few minutes.',
  speechProviderTimeout: 'The speech provider for this voice did not answer in time; nothing was charged. Try again in a moment.',
  speechProviderRefused: 'The speech provider for this voice refused the request; nothing was charged. Try again later or choose another voice.',
} as const;

/** Per-field validation messages: `details.fields.email = ['Invalid email format']`. */
export interface ValidationErrorDetails {
  fields: Record<string, string[]>;
}

/** Rate-limit details: which limiter tripped and when the caller may try again. */
export interface RateLimitDetails {
  scope: 'login' | 'register' | 'api' | 'passwordReset';
  retryAfterSeconds: number;
}

/** Failed login details: attempts left before the email is blocked (always sent). */
export interface LoginFailureDetails {
  attemptsRemaining: number;
}

export interface InsufficientCreditsDetails {
  redirectUrl: string;
  required: number;
  available: number;
}
