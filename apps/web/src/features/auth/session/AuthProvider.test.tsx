import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@sound-studio/shared';
import { saveAuthSession } from '../../../lib/auth-storage.ts';
import { errorReply, okReply, setupI18n, stubFetch, testUser } from '../../../test/render.tsx';
import { useAuth } from './auth-context.ts';
import { AuthProvider } from './AuthProvider.tsx';

function jwt(expiresInSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: testUser.id, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.signature`;
}

function Probe() {
  const { status, user } = useAuth();
  return <p data-testid="probe">{`${status}:${user?.name ?? '-'}`}</p>;
}

function renderProvider() {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider start-up (section 4)', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('is anonymous without a stored session', async () => {
    stubFetch({});
    renderProvider();
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
  });

  it('validates a valid token with the server and stores the returned user', async () => {
    saveAuthSession({ accessToken: jwt(600), refreshToken: 'refresh-1', user: { ...testUser, name: 'Old Name' } }, 'session');
    const { calls } = stubFetch({ 'GET /auth/validate': () => okReply({ user: testUser }) });
    renderProvider();
    expect(await screen.findByText(`authenticated:${testUser.name}`)).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/auth/validate']);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe(testUser.name);
  });

  it('refreshes an expired token instead of validating it', async () => {
    saveAuthSession({ accessToken: jwt(-60), refreshToken: 'refresh-1', user: testUser }, 'local');
    const { calls } = stubFetch({ 'POST /auth/refresh': () => okReply({ accessToken: jwt(900), refreshToken: 'refresh-2', user: testUser }) });
    renderProvider();
    expect(await screen.findByText(`authenticated:${testUser.name}`)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/auth/validate')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('clears everything when the refresh fails', async () => {
    saveAuthSession({ accessToken: jwt(-60), refreshToken: 'refresh-1', user: testUser }, 'local');
    stubFetch({ 'POST /auth/refresh': () => errorReply(401, 'SESSION_REVOKED', 'Session revoked') });
    renderProvider();
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('clears everything when validation fails', async () => {
    saveAuthSession({ accessToken: jwt(600), refreshToken: 'refresh-1', user: testUser }, 'local');
    stubFetch({ 'GET /auth/validate': () => errorReply(401, 'SESSION_REVOKED', 'Session revoked') });
    renderProvider();
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('keeps the session and reports offline when the server cannot be reached', async () => {
    saveAuthSession({ accessToken: jwt(600), refreshToken: 'refresh-1', user: testUser }, 'local');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    renderProvider();
    expect(await screen.findByText('offline:-')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).not.toBeNull();
  });
});
