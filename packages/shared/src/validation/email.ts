import { z } from 'zod';
import { plainString } from './text.ts';
import { AUTH_LIMITS } from '../constants.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

// Deliberately simple: one "@", no spaces, a dot in the domain, no empty labels.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * Normalises an email as section 5 asks: trimmed, angle brackets and quotes removed, script schemes and inline
 * event-handler text removed, lowercased.
 */
export function normalizeEmail(raw: string): string {
  return raw
    .trim()
    .replace(/[<>"'`]/g, '')
    .replace(/(?:java|vb)script\s*:/gi, '')
    .replace(/data\s*:\s*text\/html/gi, '')
    .replace(/on[a-z]+\s*=/gi, '')
    .trim()
    .toLowerCase();
}

export function isValidEmailFormat(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** Email field: normalised first, then required, length and pattern checks, in that order. */
export const emailSchema = plainString({ error: M.emailRequired })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, M.emailRequired)
      .max(AUTH_LIMITS.emailMaxLength, M.emailTooLong)
      .refine(isValidEmailFormat, M.emailInvalid),
  );
