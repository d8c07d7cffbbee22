import { API_TIMEOUT_MS } from '@sound-studio/shared';
import { sessionSchemas } from './session-schemas.ts';

/** Refetch this long before the server's expiry so a token never dies mid-request. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** A client-made token is a stop-gap: ask the server again soon. */
const FALLBACK_LIFETIME_MS = 60 * 1000;

interface CachedToken {
  token: string;
  expiresAtMs: number;
}

let cached: CachedToken | null = null;
let pending: Promise<string> | null = null;

/** Section 7's fallback when the endpoint fails: a random token made in the browser. */
export function generateClientToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function fetchServerToken(url: string): Promise<CachedToken> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const body: unknown = await response.json();
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  const parsed = (await sessionSchemas.csrfTokenReply.loadSchema()).parse(data);
  const expiresAtMs = Date.parse(parsed.expiresAt);
  return { token: parsed.token, expiresAtMs: Number.isNaN(expiresAtMs) ? Date.now() + FALLBACK_LIFETIME_MS : expiresAtMs };
}

/** The anti-forgery token for mutations: cached for its lifetime, fetched once however many callers ask at once. */
export function getCsrfToken(url: string): Promise<string> {
  if (cached && cached.expiresAtMs - Date.now() > REFRESH_MARGIN_MS) return Promise.resolve(cached.token);
  pending ??= fetchServerToken(url)
    .catch((): CachedToken => ({ token: generateClientToken(), expiresAtMs: Date.now() + REFRESH_MARGIN_MS + FALLBACK_LIFETIME_MS }))
    .then((token) => {
      cached = token;
      return token.token;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Forget the token (after a 403 CSRF_INVALID) so the next mutation fetches a new one. */
export function invalidateCsrfToken(): void {
  cached = null;
}
