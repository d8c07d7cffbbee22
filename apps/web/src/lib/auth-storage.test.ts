import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type AuthSession } from '@sound-studio/shared';
import { clearStoredAuth, getAccessToken, readStoredAuth, replaceAuthSession, saveAuthSession, saveStoredUser } from './auth-storage.ts';

const session: AuthSession = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', credits: 10, subscription: 'Free Plan' },
};

describe('auth storage (section 4)', () => {
  it('uses three product-prefixed keys', () => {
    expect([STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user].every((key) => key.startsWith('soundstudio_'))).toBe(true);
  });

  it('keeps a remembered session in local storage only', () => {
    saveAuthSession(session, 'local');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toEqual(session.user);
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('keeps an unremembered session in session storage only', () => {
    saveAuthSession(session, 'session');
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(readStoredAuth()).toMatchObject({ accessToken: 'access-1', persistence: 'session', user: session.user });
  });

  it('moves a session when the user signs in again with the other choice', () => {
    saveAuthSession(session, 'local');
    saveAuthSession({ ...session, accessToken: 'access-2' }, 'session');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(getAccessToken()).toBe('access-2');
  });

  it('stores refreshed tokens where the session already lives', () => {
    saveAuthSession(session, 'session');
    replaceAuthSession({ ...session, accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('updates the stored user next to the tokens', () => {
    saveAuthSession(session, 'local');
    saveStoredUser({ ...session.user, name: 'Ada L.' });
    expect(readStoredAuth()?.user?.name).toBe('Ada L.');
  });

  it('ignores a malformed stored user and clears everything on request', () => {
    saveAuthSession(session, 'local');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readStoredAuth()?.user).toBeNull();
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'stray');
    clearStoredAuth();
    expect(readStoredAuth()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});
