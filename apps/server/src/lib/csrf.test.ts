import { describe, expect, it } from 'vitest';
import { issueCsrfToken, isValidCsrfToken } from './csrf.ts';

const SECRET = 'csrf-test-secret-csrf-test-secret-0123';
const NOW = Date.parse('2030-01-01T10:00:00Z');

describe('CSRF tokens', () => {
  it('are valid for one hour', () => {
    const { token, expiresAt } = issueCsrfToken(SECRET, NOW);
    expect(expiresAt.toISOString()).toBe('2030-01-01T11:00:00.000Z');
    expect(isValidCsrfToken(SECRET, token, NOW)).toBe(true);
    expect(isValidCsrfToken(SECRET, token, NOW + 3_599_999)).toBe(true);
    expect(isValidCsrfToken(SECRET, token, NOW + 3_600_000)).toBe(false);
  });

  it('are unique and need no server state', () => {
    const first = issueCsrfToken(SECRET, NOW).token;
    const second = issueCsrfToken(SECRET, NOW).token;
    expect(first).not.toBe(second);
    expect(isValidCsrfToken(SECRET, first, NOW) && isValidCsrfToken(SECRET, second, NOW)).toBe(true);
  });

  it('cannot be extended or made with another key', () => {
    const { token } = issueCsrfToken(SECRET, NOW);
    const [expiry, nonce, mac] = token.split('.') as [string, string, string];
    expect(isValidCsrfToken(SECRET, `${Number(expiry) + 3600}.${nonce}.${mac}`, NOW + 3_700_000)).toBe(false);
    expect(isValidCsrfToken('another-secret-another-secret-another', token, NOW)).toBe(false);
  });

  it.each([undefined, '', 'abc', 'a.b.c', '1.2', `${'9'.repeat(13)}.nonce.mac`])('rejects %j', (token) => {
    expect(isValidCsrfToken(SECRET, token, NOW)).toBe(false);
  });
});
