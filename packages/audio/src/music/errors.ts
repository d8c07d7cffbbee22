export type MusicErrorCode =
  | 'INVALID_REQUEST'
  | 'ENGINE_CLOSED'
  | 'ENGINE_FAILURE'
  | 'ABORTED'
  | 'PROVIDER_AUTH'
  | 'PROVIDER_RATE_LIMIT'
  | 'PROVIDER_BALANCE'
  /** The provider's usage limit for the account (waiting a moment does not help). */
  | 'PROVIDER_USAGE_LIMIT'
  | 'PROVIDER_REJECTED'
  | 'PROVIDER_ERROR';

/** Every failure of a music engine, with a stable code the server can map to an HTTP answer. */
export class MusicError extends Error {
  override readonly name = 'MusicError';

  constructor(
    readonly code: MusicErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
