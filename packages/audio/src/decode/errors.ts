export type MediaErrorCode =
  /** The bytes are not an audio or video container we accept (checked by content, not by name). */
  | 'UNSUPPORTED_MEDIA'
  | 'EMPTY_MEDIA'
  | 'MEDIA_TOO_LARGE'
  | 'MEDIA_TOO_LONG'
  | 'MEDIA_TOO_SHORT'
  /** A container we accept, but without an audio stream (a silent video, for example). */
  | 'NO_AUDIO_STREAM'
  /** The container looked right but did not decode. */
  | 'CORRUPT_MEDIA'
  | 'DECODE_TIMEOUT'
  | 'DECODE_MEMORY_LIMIT'
  | 'DECODER_UNAVAILABLE'
  | 'ABORTED';

/** Every upload failure carries a code the server maps to a message, and details worth showing (limits, durations). */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  constructor(
    readonly code: MediaErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
