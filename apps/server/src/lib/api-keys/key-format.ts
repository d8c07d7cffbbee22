import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@sound-studio/shared';
import { bearerToken } from '../authentication.ts';

/** 32 random bytes: 256 bits, as base64url (43 characters) after the `ss_` prefix. */
const KEY_BYTES = 32;
/** Characters of the key kept in clear so the owner can tell keys apart (`ss_` plus 8). */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const KEY_PATTERN = /^ss_[A-Za-z0-9_-]{20,200}$/;

export interface NewApiKeySecret {
  key: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(): NewApiKeySecret {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** Keys carry 256 random bits, so a fast hash is enough (there is nothing to brute-force as with passwords). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function looksLikeApiKey(token: string | undefined): token is string {
  return typeof token === 'string' && KEY_PATTERN.test(token);
}

type Headers = Record<string, string | string[] | undefined>;

/** The key of a request: `Authorization: Bearer ss_…` (OpenAI clients) or `xi-api-key: ss_…` (ElevenLabs clients). */
export function apiKeyOfRequest(headers: Headers): string | undefined {
  const header = headers['xi-api-key'];
  const elevenLabsKey = Array.isArray(header) ? header[0] : header;
  if (elevenLabsKey?.trim()) return elevenLabsKey.trim();
  const authorization = headers.authorization;
  return bearerToken(Array.isArray(authorization) ? authorization[0] : authorization);
}
