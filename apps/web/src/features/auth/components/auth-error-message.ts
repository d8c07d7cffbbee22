import type { TFunction } from '../../../lib/translator.ts';
import { retryTimeParts, showsAttemptsRemaining } from '@sound-studio/shared';
import { attemptsRemainingOf, isApiError, rateLimitDetailsOf, validationFieldsOf } from '../../../lib/api/index.ts';

const DURATION_KEYS = { second: 'common.duration.seconds', minute: 'common.duration.minutes', hour: 'common.duration.hours' } as const;

/** "15 minutes" / "15 dakika": the {time} of the rate-limit messages in the interface language. */
export function formatRetryAfter(t: TFunction, seconds: number): string {
  const { unit, count } = retryTimeParts(seconds);
  return t(DURATION_KEYS[unit], { count });
}

/**
 * The form-level message for a failed login or registration (section 8), or null when the server only objected to
 * individual fields, which the form shows next to them.
 */
export function authErrorMessage(t: TFunction, error: unknown, action: 'login' | 'register'): string | null {
  const rateLimit = rateLimitDetailsOf(error);
  if (rateLimit) {
    const time = formatRetryAfter(t, rateLimit.retryAfterSeconds);
    if (rateLimit.scope === 'api') return t('auth.errors.tooManyRequests', { time });
    if (rateLimit.scope === 'passwordReset') return t('auth.errors.tooManyResetRequests', { time });
    return rateLimit.scope === 'login' ? t('auth.errors.tooManyLoginAttempts', { time }) : t('auth.errors.tooManyRegistrationAttempts', { time });
  }
  if (Object.keys(validationFieldsOf(error)).length > 0) return null;
  if (action === 'login' && isApiError(error) && error.code === 'INVALID_CREDENTIALS') {
    const attempts = attemptsRemainingOf(error);
    const message = t('auth.errors.invalidCredentials');
    return attempts !== null && showsAttemptsRemaining(attempts) ? `${message} ${t('auth.errors.attemptsRemaining', { count: attempts })}` : message;
  }
  if (action === 'register' && isApiError(error) && error.code === 'EMAIL_TAKEN') return t('auth.errors.emailTaken');
  return action === 'login' ? t('auth.errors.loginFailed') : t('auth.errors.registrationFailed');
}

/** The first message of each field the server rejected. */
export function serverFieldMessages(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(validationFieldsOf(error)).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
}
