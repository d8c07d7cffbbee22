import { describe, expect, it } from 'vitest';
import { sameBytesOtherText } from '../../test/encodings.ts';
import { tokenWithClaims } from '../../test/signed-claims.ts';
import { signAccessToken, verifyAccessToken } from './access-tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const NOW = Date.parse('2030-01-01T00:00:00Z');
const USER_ID = '0b5c3a52-6f0e-4c3e-9a7d-2f1e8b6c4d10';
const SESSION_ID = '7d9e1f20-3a4b-4c5d-8e6f-9a0b1c2d3e4f';
const subject = { userId: USER_ID, sessionId: SESSION_ID };
const signedWith = (claims: Record<string, unknown>) => tokenWithClaims(SECRET, claims);

function decode(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

describe('access tokens', () => {
  it('are HS256 JWTs with sub, sid, iat and exp 15 minutes later', () => {
    const token = signAccessToken(SECRET, subject, NOW);
    const [header, payload] = token.split('.') as [string, string, string];
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(payload)).toEqual({ sub: USER_ID, sid: SESSION_ID, iat: NOW / 1000, exp: NOW / 1000 + 900 });
    expect(verifyAccessToken(SECRET, token, NOW)).toEqual({
      valid: true,
      claims: { sub: USER_ID, sid: SESSION_ID, iat: NOW / 1000, exp: NOW / 1000 + 900 },
    });
  });

  it('expire exactly at exp', () => {
    const token = signAccessToken(SECRET, subject, NOW);
    expect(verifyAccessToken(SECRET, token, NOW + 899_999).valid).toBe(true);
    expect(verifyAccessToken(SECRET, token, NOW + 900_000)).toEqual({ valid: false, reason: 'expired' });
  });

  it('reject another key and any change to the payload', () => {
    const token = signAccessToken(SECRET, subject, NOW);
    expect(verifyAccessToken('another-secret-another-secret-another', token, NOW)).toEqual({ valid: false, reason: 'bad_signature' });
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', sid: SESSION_ID, iat: 0, exp: 9e9 })).toString('base64url');
    expect(verifyAccessToken(SECRET, `${header}.${forgedPayload}.${signature}`, NOW)).toEqual({ valid: false, reason: 'bad_signature' });
  });

  it('reject the same signature bytes written another way', () => {
    const token = signAccessToken(SECRET, subject, NOW);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const variants = sameBytesOtherText(signature);
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const variant of variants) {
      expect(Buffer.from(variant, 'base64url').equals(Buffer.from(signature, 'base64url')), variant).toBe(true);
      expect(verifyAccessToken(SECRET, `${header}.${payload}.${variant}`, NOW).valid, variant).toBe(false);
    }
  });

  it.each([
    ['empty', ''],
    ['two parts', 'a.b'],
    ['garbage', 'x.y.z'],
    ['alg none', `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.e30.`],
  ])('reject malformed tokens (%s)', (_label, token) => {
    expect(verifyAccessToken(SECRET, token, NOW)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('reject correctly signed payloads without the required claims', () => {
    expect(verifyAccessToken(SECRET, signedWith({ sub: USER_ID }), NOW)).toEqual({ valid: false, reason: 'malformed' });
  });

  const VALID_CLAIMS = { sub: USER_ID, sid: SESSION_ID, iat: NOW / 1000, exp: NOW / 1000 + 900 };
  it.each([
    ['a session id that is not a UUID', { sid: 'not-a-uuid' }],
    ['a user id that is not a UUID', { sub: "1' OR '1'='1" }],
    ['a numeric user id', { sub: 42 }],
    ['a fractional expiry', { exp: NOW / 1000 + 900.5 }],
    ['an expiry given as text', { exp: String(NOW / 1000 + 900) }],
    ['a negative issue time', { iat: -1 }],
  ])('reject correctly signed payloads with %s', (_label, change) => {
    expect(verifyAccessToken(SECRET, signedWith(VALID_CLAIMS), NOW).valid).toBe(true);
    expect(verifyAccessToken(SECRET, signedWith({ ...VALID_CLAIMS, ...change }), NOW)).toEqual({ valid: false, reason: 'malformed' });
  });
});
