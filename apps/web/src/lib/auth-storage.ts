import { STORAGE_KEYS, type AuthSession, type User } from '@sound-studio/shared';
import { readItem, removeItem, writeItem, type StorageKind } from './storage.ts';

/**
 * Section 4's storage rules: the access token, refresh token and user live under three product-prefixed keys, in
 * local storage when the user asked to be remembered (and always after registration), otherwise in session storage.
 */
const AUTH_KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user] as const;

export interface StoredAuth {
  accessToken: string;
  refreshToken: string | null;
  user: User | null;
  persistence: StorageKind;
}

/**
 * The shape of `userSchema`, checked by hand: this runs at boot on every page, before zod (loaded lazily, see
 * lazy-schema.ts) is there. The server's next reply brings the user again, validated by the schema itself.
 */
function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return (
    ['id', 'name', 'email', 'subscription'].every((key) => typeof fields[key] === 'string') &&
    Number.isInteger(fields.credits)
  );
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isStoredUser(parsed)) return null;
    const { id, name, email, credits, subscription } = parsed;
    return { id, name, email, credits, subscription };
  } catch {
    return null;
  }
}

/** Which storage holds the session: local first (remembered), then this tab's session storage. */
export function storedAuthLocation(): StorageKind | null {
  if (readItem('local', STORAGE_KEYS.accessToken)) return 'local';
  if (readItem('session', STORAGE_KEYS.accessToken)) return 'session';
  return null;
}

export function readStoredAuth(): StoredAuth | null {
  const persistence = storedAuthLocation();
  if (!persistence) return null;
  const accessToken = readItem(persistence, STORAGE_KEYS.accessToken);
  if (!accessToken) return null;
  return {
    accessToken,
    refreshToken: readItem(persistence, STORAGE_KEYS.refreshToken),
    user: parseUser(readItem(persistence, STORAGE_KEYS.user)),
    persistence,
  };
}

export function getAccessToken(): string | null {
  return readStoredAuth()?.accessToken ?? null;
}

export function getRefreshToken(): string | null {
  return readStoredAuth()?.refreshToken ?? null;
}

/** Stores a fresh session in one storage and removes any copy from the other. */
export function saveAuthSession(session: AuthSession, persistence: StorageKind): void {
  clearStoredAuth();
  writeItem(persistence, STORAGE_KEYS.accessToken, session.accessToken);
  writeItem(persistence, STORAGE_KEYS.refreshToken, session.refreshToken);
  writeItem(persistence, STORAGE_KEYS.user, JSON.stringify(session.user));
}

/** Replaces the session after a refresh, keeping it in the storage the user chose at sign-in. */
export function replaceAuthSession(session: AuthSession): void {
  saveAuthSession(session, storedAuthLocation() ?? 'local');
}

/** Saves the user (for example after a profile update) next to the tokens. */
export function saveStoredUser(user: User): void {
  const persistence = storedAuthLocation();
  if (persistence) writeItem(persistence, STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredAuth(): void {
  for (const key of AUTH_KEYS) {
    removeItem('local', key);
    removeItem('session', key);
  }
}
