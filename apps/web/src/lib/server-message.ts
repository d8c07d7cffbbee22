import { isApiError } from './api/index.ts';

/** The server's message for a 4xx it explained (bad file, validation), else null for a generic text. */
export function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  return ['REQUEST_FAILED', 'UNEXPECTED_RESPONSE', 'NON_JSON_RESPONSE'].includes(error.code) ? null : error.message;
}
