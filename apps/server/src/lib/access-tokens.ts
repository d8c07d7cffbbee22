import { createHmac } from 'node:crypto';
import { TOKEN_LIFETIMES } from '@sound-studio/shared';
import { isUuid } from './ids.ts';
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

/**
 * The payload's claims, or null unless each has the shape we sign: a token made with a leaked or shared secret (or by a
 * bug) must end as "invalid token", never reach a query as a user id that is not a UUID.
 */
function parseClaims(payload: string): AccessTokenClaims | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { sub, sid, iat, exp } = value as Record<string, unknown>;
  if (!isUuidClaim(sub) || !isUuidClaim(sid) || !isSecondsClaim(iat) || !isSecondsClaim(exp)) return null;
  return { sub, sid, iat, exp };
}

function isUuidClaim(value: unknown): value is string {
  return typeof value === 'string' && isUuid(value);
}

/** Whole seconds since the epoch, as JWT's NumericDate (we never sign fractions or negatives). */
function isSecondsClaim(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
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
