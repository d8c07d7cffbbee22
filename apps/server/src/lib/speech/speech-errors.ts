import { SpeechError } from '@sound-studio/audio';
import { PROCESSING_FAILURE_MESSAGES, SPEECH_PROVIDER_FAILURE_MESSAGES, VALIDATION_MESSAGES } from '@sound-studio/shared';
import { AppError, validationError } from '../errors.ts';

export const SPEECH_FAILED_MESSAGE = PROCESSING_FAILURE_MESSAGES.speechFailed;

/** What a provider's refusal means for the caller, in our words (its own may describe the operator's account). */
export const SPEECH_PROVIDER_MESSAGES = {
  rejected: PROCESSING_FAILURE_MESSAGES.speechTextRejected,
  unreadable: PROCESSING_FAILURE_MESSAGES.speechTextUnreadable,
  voiceUnavailable: PROCESSING_FAILURE_MESSAGES.speechVoiceUnavailable,
  usageLimit: PROCESSING_FAILURE_MESSAGES.speechUsageLimit,
} as const;

/**
 * What the client hears about a speech engine error: problems with the request are 400s on the field at fault;
 * engine and provider failures are 503 SERVICE_UNAVAILABLE 'Speech generation failed' with the engine's code.
 */
export function speechErrorToAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof SpeechError)) {
    // Storage or database trouble: the client learns only that it failed; the log gets the cause.
    const failure = new AppError('SERVICE_UNAVAILABLE', SPEECH_FAILED_MESSAGE, { reason: 'INTERNAL_ERROR' });
    failure.cause = error;
    return failure;
  }
  switch (error.code) {
    case 'TEXT_EMPTY':
      return validationError('text', PROCESSING_FAILURE_MESSAGES.speechTextEmpty);
    case 'TEXT_TOO_LONG':
      return validationError('text', VALIDATION_MESSAGES.ttsTextTooLong);
    case 'UNKNOWN_VOICE':
      return validationError('voiceId', PROCESSING_FAILURE_MESSAGES.voiceNotFound);
    case 'UNSUPPORTED_LANGUAGE':
      return validationError('language', error.message);
    case 'INVALID_SETTING':
      return new AppError('VALIDATION_ERROR', error.message);
    case 'PROVIDER_REJECTED':
      return validationError('text', SPEECH_PROVIDER_MESSAGES.rejected);
    case 'TEXT_UNREADABLE':
      return validationError('text', SPEECH_PROVIDER_MESSAGES.unreadable);
    case 'PROVIDER_VOICE_UNAVAILABLE':
      return validationError('voiceId', SPEECH_PROVIDER_MESSAGES.voiceUnavailable);
    // An upstream provider (SPEECH_PROVIDERS) down, slow or refusing: its name goes out, never its address or key.
    case 'PROVIDER_UNAVAILABLE':
      return new AppError('SPEECH_PROVIDER_UNAVAILABLE', SPEECH_PROVIDER_FAILURE_MESSAGES.speechProviderUnavailable, providerDetails(error));
    case 'PROVIDER_TIMEOUT':
      return new AppError('SPEECH_PROVIDER_TIMEOUT', SPEECH_PROVIDER_FAILURE_MESSAGES.speechProviderTimeout, providerDetails(error));
    case 'PROVIDER_REFUSED':
      return new AppError('SPEECH_PROVIDER_REFUSED', SPEECH_PROVIDER_FAILURE_MESSAGES.speechProviderRefused, providerDetails(error));
    case 'PROVIDER_USAGE_LIMIT':
      return new AppError('SERVICE_UNAVAILABLE', SPEECH_PROVIDER_MESSAGES.usageLimit, { reason: error.code });
    default:
      // The provider's own message may describe the operator's account: only the code goes out.
      return new AppError('SERVICE_UNAVAILABLE', SPEECH_FAILED_MESSAGE, { reason: error.code });
  }
}

function providerDetails(error: SpeechError): Record<string, unknown> {
  const { provider, httpStatus } = error.details ?? {};
  return { ...(typeof provider === 'string' ? { provider } : {}), ...(typeof httpStatus === 'number' ? { providerStatus: httpStatus } : {}) };
}
