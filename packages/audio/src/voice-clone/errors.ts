export type VoiceCloneErrorCode =
  | 'NO_SAMPLES'
  | 'TOO_MANY_SAMPLES'
  | 'SAMPLE_TOO_LARGE'
  | 'SAMPLE_TOO_SHORT'
  | 'SAMPLE_TOO_LONG'
  /** The sample has no voiced speech to learn from. */
  | 'NO_SPEECH'
  /** The provider refused the sample itself (its length, or the file). */
  | 'SAMPLE_REJECTED'
  | 'INVALID_VOICE_ID'
  | 'VOICE_ID_TAKEN'
  /** The provider refused the audio or text (sensitive content, failed similarity checks). */
  | 'CONTENT_REJECTED'
  | 'PROVIDER_AUTH'
  | 'PROVIDER_QUOTA'
  | 'PROVIDER_RATE_LIMIT'
  /** The provider's usage limit for the account (waiting a moment does not help). */
  | 'PROVIDER_USAGE_LIMIT'
  /** The account may not clone voices (MiniMax requires identity verification first). */
  | 'PROVIDER_FORBIDDEN'
  | 'PROVIDER_ERROR';

export class VoiceCloneError extends Error {
  override readonly name = 'VoiceCloneError';
  constructor(
    readonly code: VoiceCloneErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
