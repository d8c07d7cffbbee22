import { ATTEMPTS_WARNING_THRESHOLD } from './constants.ts';

/** The {time} of section 5's rate-limit messages as parts a translated text can use: whole minutes, or whole hours from 60 minutes on, rounded up. */
export interface RetryTime {
  unit: 'minute' | 'hour';
  count: number;
}

export function retryTimeParts(seconds: number): RetryTime {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return { unit: 'minute', count: minutes };
  return { unit: 'hour', count: Math.ceil(minutes / 60) };
}

/** Whether a failed login should say "(n attempts remaining)": when 2 or fewer are left (section 5). */
export function showsAttemptsRemaining(attemptsRemaining: number): boolean {
  return attemptsRemaining >= 0 && attemptsRemaining <= ATTEMPTS_WARNING_THRESHOLD;
}
