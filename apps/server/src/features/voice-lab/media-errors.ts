import { MediaError, VoiceCloneError } from '@sound-studio/audio';
import { AppError } from '../../lib/errors.ts';

/**
 * What the client hears about an upload that failed its checks: another kind of file is 415, a file too large 413,
 * everything else about the content (length, no audio, corrupt) 400. `fileName` prefixes the message so a form with
 * several files says which one.
 */
export function mediaErrorToAppError(error: unknown, fileName?: string): AppError {
  if (error instanceof AppError) return error;
  const named = (message: string) => (fileName ? `"${fileName}": ${message}` : message);
  if (error instanceof MediaError) {
    const details = { reason: error.code, ...(fileName ? { fileName } : {}), ...error.details };
    switch (error.code) {
      case 'UNSUPPORTED_MEDIA':
        return new AppError('UNSUPPORTED_MEDIA', named(error.message), details);
      case 'MEDIA_TOO_LARGE':
        return new AppError('PAYLOAD_TOO_LARGE', named(error.message), details);
      case 'DECODER_UNAVAILABLE':
        return new AppError('SERVICE_UNAVAILABLE', 'Audio decoding is unavailable on this server', details);
      case 'ABORTED':
        return new AppError('SERVICE_UNAVAILABLE', 'The upload was not processed', details);
      default:
        return new AppError('VALIDATION_ERROR', named(error.message), details);
    }
  }
  if (error instanceof VoiceCloneError) return cloneErrorToAppError(error);
  const failure = new AppError('SERVICE_UNAVAILABLE', 'Audio processing failed', { reason: 'INTERNAL_ERROR' });
  failure.cause = error;
  return failure;
}

function cloneErrorToAppError(error: VoiceCloneError): AppError {
  const details = { reason: error.code, ...error.details };
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
      return new AppError('SERVICE_UNAVAILABLE', 'Voice cloning failed', details);
  }
}
