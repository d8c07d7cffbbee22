import { ATTEMPTS_WARNING_THRESHOLD } from './constants.ts';

/**
 * The {time} of section 5's rate-limit messages as parts a translated text can use, rounded up: whole minutes, or whole
 * hours from 60 minutes on. A wait under a minute (a login refused while others are being checked) is said in seconds,
 * so the message does not ask for a minute when a second will do.
 */
export interface RetryTime {
  unit: 'second' | 'minute' | 'hour';
  count: number;
}

export function retryTimeParts(seconds: number): RetryTime {
  if (seconds < 60) return { unit: 'second', count: Math.max(1, Math.ceil(seconds)) };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return { unit: 'minute', count: minutes };
  return { unit: 'hour', count: Math.ceil(minutes / 60) };
}

/** Whether a failed login should say "(n attempts remaining)": when 2 or fewer are left (section 5). */
export function showsAttemptsRemaining(attemptsRemaining: number): boolean {
  return attemptsRemaining >= 0 && attemptsRemaining <= ATTEMPTS_WARNING_THRESHOLD;
}
