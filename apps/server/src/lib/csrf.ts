import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_LIFETIMES } from '@sound-studio/shared';

/**
 * Stateless anti-forgery tokens: `expiry.nonce.mac`, the mac an HMAC over expiry and nonce with a key derived from
 * the JWT secret. Nothing is stored, so any server node can check any token.
 */
export interface CsrfToken {
  token: string;
  expiresAt: Date;
}

function csrfKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('sound-studio/csrf-token/v1').digest();
}

function mac(secret: string, expiresAtSeconds: string, nonce: string): Buffer {
  return createHmac('sha256', csrfKey(secret)).update(`${expiresAtSeconds}.${nonce}`).digest();
}

export function issueCsrfToken(
  secret: string,
  nowMs: number,
  lifetimeSeconds: number = TOKEN_LIFETIMES.csrfTokenSeconds,
): CsrfToken {
  const expiresAtSeconds = String(Math.floor(nowMs / 1000) + lifetimeSeconds);
  const nonce = randomBytes(16).toString('base64url');
  const token = `${expiresAtSeconds}.${nonce}.${mac(secret, expiresAtSeconds, nonce).toString('base64url')}`;
  return { token, expiresAt: new Date(Number(expiresAtSeconds) * 1000) };
}

export function isValidCsrfToken(secret: string, token: string | undefined, nowMs: number): boolean {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3) return false;
  const [expiresAtSeconds, nonce, signature] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(expiresAtSeconds) || nonce.length === 0) return false;
  const expected = mac(secret, expiresAtSeconds, nonce);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(expiresAtSeconds) * 1000 > nowMs;
}
