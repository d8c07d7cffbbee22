import { describe, expect, it } from 'vitest';
import {
  apiRateLimitMessage,
  formatRetryTime,
  loginRateLimitMessage,
  registrationRateLimitMessage,
  withAttemptsRemaining,
} from './rate-limit.ts';

describe('formatRetryTime', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [59.2, '60 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3540, '59 minutes'],
    [3541, '1 hour'],
    [3600, '1 hour'],
    [3601, '2 hours'],
    [7200, '2 hours'],
  ])('%i seconds => %s', (seconds, text) => {
    expect(formatRetryTime(seconds)).toBe(text);
  });
});

describe('rate-limit messages', () => {
  it('match section 5', () => {
    expect(loginRateLimitMessage(900)).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(registrationRateLimitMessage(3600)).toBe('Too many registration attempts. Please try again in 1 hour.');
    expect(apiRateLimitMessage(60)).toBe('Too many requests. Please try again in 1 minute.');
  });
});

describe('withAttemptsRemaining', () => {
  it.each([
    [5, 'Invalid email or password'],
    [3, 'Invalid email or password'],
    [2, 'Invalid email or password (2 attempts remaining)'],
    [1, 'Invalid email or password (1 attempts remaining)'],
    [0, 'Invalid email or password (0 attempts remaining)'],
    [-1, 'Invalid email or password'],
  ])('with %i left: %s', (left, text) => {
    expect(withAttemptsRemaining('Invalid email or password', left)).toBe(text);
  });
});
