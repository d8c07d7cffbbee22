import { ATTEMPTS_WARNING_THRESHOLD } from './constants.ts';
import { retryTimeParts } from './retry-time.ts';

/** "1 second", "15 minutes", "1 hour", "2 hours": the {time} of section 5's rate-limit messages (see retryTimeParts). */
export function formatRetryTime(seconds: number): string {
  const { unit, count } = retryTimeParts(seconds);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export function loginRateLimitMessage(retryAfterSeconds: number): string {
  return `Too many login attempts. Please try again in ${formatRetryTime(retryAfterSeconds)}.`;
}

export function registrationRateLimitMessage(retryAfterSeconds: number): string {
  return `Too many registration attempts. Please try again in ${formatRetryTime(retryAfterSeconds)}.`;
}

export function passwordResetRateLimitMessage(retryAfterSeconds: number): string {
  return `Too many password reset requests. Please try again in ${formatRetryTime(retryAfterSeconds)}.`;
}

export function apiRateLimitMessage(retryAfterSeconds: number): string {
  return `Too many requests. Please try again in ${formatRetryTime(retryAfterSeconds)}.`;
}

/** Appends "(n attempts remaining)" when 2 or fewer attempts are left (section 5). */
export function withAttemptsRemaining(message: string, attemptsRemaining: number): string {
  if (attemptsRemaining > ATTEMPTS_WARNING_THRESHOLD || attemptsRemaining < 0) return message;
  return `${message} (${attemptsRemaining} attempts remaining)`;
}
