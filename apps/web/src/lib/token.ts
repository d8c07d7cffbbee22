/** Seconds of clock skew tolerated before a token counts as expired. */
const EXPIRY_SKEW_MS = 10_000;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return atob(padded);
}

/** The `exp` claim of a JWT-shaped token in milliseconds, or null when the token carries no readable expiry. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp * 1000;
    }
  } catch {
    return null;
  }
  return null;
}

/** True only when the token says it has expired; opaque tokens are left to the server to judge. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt <= now + EXPIRY_SKEW_MS;
}
