import { createHmac } from 'node:crypto';
import { TOKEN_LIFETIMES } from '@sound-studio/shared';
import { signatureMatches } from './signature-match.ts';

/** Claims of an access token: the user (sub), the session it belongs to (sid), issue and expiry in seconds. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

export type AccessTokenCheck =
  | { valid: true; claims: AccessTokenClaims }
  | { valid: false; reason: 'malformed' | 'bad_signature' | 'expired' };

const HEADER = base64UrlJson({ alg: 'HS256', typ: 'JWT' });

/** Signs a short-lived HS256 JWT. */
export function signAccessToken(
  secret: string,
  subject: { userId: string; sessionId: string },
  nowMs: number,
  lifetimeSeconds: number = TOKEN_LIFETIMES.accessTokenSeconds,
): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const claims: AccessTokenClaims = {
    sub: subject.userId,
    sid: subject.sessionId,
    iat: issuedAt,
    exp: issuedAt + lifetimeSeconds,
  };
  const unsigned = `${HEADER}.${base64UrlJson(claims)}`;
  return `${unsigned}.${sign(secret, unsigned)}`;
}

/** Checks signature (constant time), shape and expiry. Only HS256 tokens with our exact header are accepted. */
export function verifyAccessToken(secret: string, token: string, nowMs: number): AccessTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { valid: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return { valid: false, reason: 'malformed' };
  if (!signatureMatches(signature, signatureBytes(secret, `${header}.${payload}`))) return { valid: false, reason: 'bad_signature' };
  const claims = parseClaims(payload);
  if (!claims) return { valid: false, reason: 'malformed' };
  if (claims.exp * 1000 <= nowMs) return { valid: false, reason: 'expired' };
  return { valid: true, claims };
}

function parseClaims(payload: string): AccessTokenClaims | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { sub, sid, iat, exp } = value as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof sid !== 'string') return null;
    if (typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { sub, sid, iat, exp };
  } catch {
    return null;
  }
}

function signatureBytes(secret: string, unsigned: string): Buffer {
  return createHmac('sha256', secret).update(unsigned).digest();
}

function sign(secret: string, unsigned: string): string {
  return signatureBytes(secret, unsigned).toString('base64url');
}

function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
