import { MediaError, VoiceCloneError } from '@sound-studio/audio';
import { AppError } from '../../lib/errors.ts';
import { FILE_FAILURE_MESSAGES, PROCESSING_FAILURE_MESSAGES } from '@sound-studio/shared';

/** Text details a client may see; every other string (decoder output, file paths, signals) is only logged. */
const PUBLIC_TEXT_DETAILS = new Set(['reason', 'fileName', 'name', 'container', 'detected']);

/** The details of an engine error that are safe to send: numbers, booleans, null and the known text fields. */
export function publicDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details).filter(([key, value]) => {
      if (typeof value === 'string') return PUBLIC_TEXT_DETAILS.has(key) && !looksLikePath(value);
      return value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
    }),
  );
}

function looksLikePath(value: string): boolean {
  return /(^|[\s:'"(])(\/|[A-Za-z]:\\|file:)/.test(value);
}

/** The client's error keeps the engine's error as its cause, so the error handler logs the full detail. */
function withCause(appError: AppError, cause: unknown): AppError {
  appError.cause = cause;
  return appError;
}

/**
 * What the client hears about an upload that failed its checks: another kind of file is 415, a file too large 413,
 * everything else about the content (length, no audio, corrupt) 400. `fileName` prefixes the message so a form with
 * several files says which one.
 */
export function mediaErrorToAppError(error: unknown, fileName?: string): AppError {
  if (error instanceof AppError) return error;
  return withCause(engineErrorToAppError(error, fileName), error);
}

function engineErrorToAppError(error: unknown, fileName?: string): AppError {
  const named = (message: string) => (fileName ? `"${fileName}": ${message}` : message);
  if (error instanceof MediaError) {
    const details = publicDetails({ ...error.details, reason: error.code, ...(fileName ? { fileName } : {}) });
    switch (error.code) {
      case 'UNSUPPORTED_MEDIA':
        // One fixed sentence (what was found stays in details.detected), so the web app can translate it.
        return new AppError('UNSUPPORTED_MEDIA', named(FILE_FAILURE_MESSAGES.mediaUnsupported), details);
      case 'MEDIA_TOO_LARGE':
        return new AppError('PAYLOAD_TOO_LARGE', named(error.message), details);
      case 'DECODER_UNAVAILABLE':
        return new AppError('SERVICE_UNAVAILABLE', PROCESSING_FAILURE_MESSAGES.decoderUnavailable, details);
      case 'ABORTED':
        return new AppError('SERVICE_UNAVAILABLE', PROCESSING_FAILURE_MESSAGES.uploadNotProcessed, details);
      default:
        return new AppError('VALIDATION_ERROR', named(error.message), details);
    }
  }
  if (error instanceof VoiceCloneError) return cloneErrorToAppError(error);
  return new AppError('SERVICE_UNAVAILABLE', PROCESSING_FAILURE_MESSAGES.audioProcessingFailed, { reason: 'INTERNAL_ERROR' });
}

function cloneErrorToAppError(error: VoiceCloneError): AppError {
  const details = publicDetails({ ...error.details, reason: error.code });
  switch (error.code) {
    case 'NO_SAMPLES':
    case 'TOO_MANY_SAMPLES':
    case 'SAMPLE_TOO_SHORT':
    case 'SAMPLE_TOO_LONG':
    case 'NO_SPEECH':
    case 'SAMPLE_REJECTED':
    case 'CONTENT_REJECTED':
    case 'INVALID_VOICE_ID':
      return new AppError('VALIDATION_ERROR', error.message, details);
    case 'SAMPLE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', error.message, details);
    default:
      // Provider account trouble: the client learns the code, not the provider's wording.
      return new AppError('SERVICE_UNAVAILABLE', PROCESSING_FAILURE_MESSAGES.voiceCloningFailed, details);
  }
}
