import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a base64url signature from a client equals the one we computed. Node's decoder forgives padding, '+' and '/',
 * stray characters and changed trailing bits, so several strings decode to the same bytes; only the canonical encoding
 * is accepted (decode, re-encode, compare), then the bytes are compared in constant time.
 */
export function signatureMatches(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, 'base64url');
  if (bytes.toString('base64url') !== given) return false;
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}
