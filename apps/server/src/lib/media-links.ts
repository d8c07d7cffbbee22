import { createHmac } from 'node:crypto';
import type { Clock } from './clock.ts';
import { isUuid } from './ids.ts';
import { signatureMatches } from './signature-match.ts';

export const MEDIA_PATH_PREFIX = '/api/media/';
/** Signed links stay valid at least this long; replies that include a link always sign a fresh one. */
export const MEDIA_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
/** Expiry is rounded up to the hour so a link stays the same for an hour and the browser cache can reuse it. */
const EXPIRY_GRANULARITY_SECONDS = 60 * 60;

export type MediaSignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Signed links to stored media (`/api/media/<key>?exp=<unix>&sig=<mac>`): what an <audio> element can play, since it
 * cannot send a bearer header. The MAC is HMAC-SHA256 over key and expiry with a key derived from JWT_SECRET.
 */
export class MediaLinks {
  readonly #signingKey: Buffer;

  constructor(
    jwtSecret: string,
    private readonly clock: Clock,
    private readonly lifetimeSeconds = MEDIA_LINK_LIFETIME_SECONDS,
  ) {
    this.#signingKey = createHmac('sha256', jwtSecret).update('sound-studio/media-link/v1').digest();
  }

  /** A fresh signed URL for a stored file. */
  urlFor(key: string): string {
    const earliest = Math.floor(this.clock.now() / 1000) + this.lifetimeSeconds;
    const expiresAt = Math.ceil(earliest / EXPIRY_GRANULARITY_SECONDS) * EXPIRY_GRANULARITY_SECONDS;
    const query = new URLSearchParams({ exp: String(expiresAt), sig: this.#signature(key, String(expiresAt)) });
    return `${MEDIA_PATH_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
  }

  check(key: string, expiresAt: string | undefined, signature: string | undefined): MediaSignatureCheck {
    if (!expiresAt || !signature || !/^\d{1,12}$/.test(expiresAt)) return 'invalid';
    if (!signatureMatches(signature, this.#signatureBytes(key, expiresAt))) return 'invalid';
    return Number(expiresAt) * 1000 > this.clock.now() ? 'valid' : 'expired';
  }

  #signatureBytes(key: string, expiresAt: string): Buffer {
    return createHmac('sha256', this.#signingKey).update(`${key}\n${expiresAt}`).digest();
  }

  #signature(key: string, expiresAt: string): string {
    return this.#signatureBytes(key, expiresAt).toString('base64url');
  }
}

/** Per-user media keys read `<area>/<userId>/<file>`; anything else (voice previews) belongs to nobody. */
export function ownerOfMediaKey(key: string): string | null {
  const owner = key.split('/')[1];
  return owner && isUuid(owner) ? owner.toLowerCase() : null;
}

export function userMediaKey(area: string, userId: string, fileName: string): string {
  return `${area}/${userId}/${fileName}`;
}
