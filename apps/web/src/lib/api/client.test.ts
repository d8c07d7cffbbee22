import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, voiceListReplySchema, voicePreviewReplySchema } from '@sound-studio/shared';
import { errorReply, jsonReply, okReply, stubFetch } from '../../test/render.tsx';

import type * as ClientApi from './index.ts';
import type * as AuthStorage from '../auth-storage.ts';

type ClientModule = typeof ClientApi;
type StorageModule = typeof AuthStorage;
let client: ClientModule;
let storage: StorageModule;

const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', credits: 5, subscription: 'Free Plan' };

beforeEach(async () => {
  // Fresh module state each test: the CSRF cache and the in-flight refresh live in module scope.
  vi.resetModules();
  client = await import('./index.ts');
  storage = await import('../auth-storage.ts');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function signIn(persistence: 'local' | 'session' = 'local') {
  storage.saveAuthSession({ accessToken: 'access-1', refreshToken: 'refresh-1', user }, persistence);
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as InstanceType<ClientModule['ApiError']>;
  }
  throw new Error('expected the call to fail');
}

describe('replies and section 8 error mapping', () => {
  it('returns data of a success envelope and sends JSON, bearer token and same-origin credentials', async () => {
    signIn();
    const { fetchMock } = stubFetch({ 'GET /auth/me': () => okReply({ user }) });
    await expect(client.api.get('/auth/me')).resolves.toEqual({ user });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/me');
    expect(init?.credentials).toBe('same-origin');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('turns an error envelope into the error object with message, code, status, details and timestamp', async () => {
    stubFetch({ 'GET /x': () => errorReply(404, 'NOT_FOUND', 'Not found', { id: 'x' }) });
    const error = await rejection(client.api.get('/x'));
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({ message: 'Not found', code: 'NOT_FOUND', status: 404, details: { id: 'x' } });
    expect(Number.isNaN(Date.parse(error.timestamp))).toBe(false);
  });

  it('uses REQUEST_FAILED when an error reply has no message or code', async () => {
    stubFetch({ 'GET /x': () => jsonReply({ success: false }, 500) });
    expect(await rejection(client.api.get('/x'))).toMatchObject({ message: 'Request failed', code: 'REQUEST_FAILED', status: 500 });
  });

  it('reports a non-JSON reply with its text as the message', async () => {
    stubFetch({ 'GET /x': () => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }) });
    expect(await rejection(client.api.get('/x'))).toMatchObject({ message: 'Bad Gateway', code: 'NON_JSON_RESPONSE', status: 502 });
  });

  it('reads the fields of a success without data from beside success (section 7: list-grouped, preview)', async () => {
    stubFetch({ 'GET /voices/preview/v1': () => jsonReply({ success: true, name: 'Elif', previewUrl: '/api/voices/v1/preview.mp3' }) });
    await expect(client.api.get('/voices/preview/v1', { schema: voicePreviewReplySchema })).resolves.toEqual({
      name: 'Elif',
      previewUrl: '/api/voices/v1/preview.mp3',
    });
  });

  it("says 'Unexpected response format' when a success without data lacks the fields its schema needs", async () => {
    stubFetch({ 'GET /voices/list-grouped': () => jsonReply({ success: true, items: [] }) });
    expect(await rejection(client.api.get('/voices/list-grouped', { schema: voiceListReplySchema }))).toMatchObject({
      message: 'Unexpected response format',
      code: 'UNEXPECTED_RESPONSE',
    });
  });

  it("says 'Unexpected response format' when neither success nor error is present", async () => {
    stubFetch({ 'GET /x': () => jsonReply({ hello: 'world' }) });
    expect(await rejection(client.api.get('/x'))).toMatchObject({ message: 'Unexpected response format', code: 'UNEXPECTED_RESPONSE' });
  });

  it('maps a failed fetch to NETWORK_ERROR with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await rejection(client.api.get('/x'))).toMatchObject({ message: 'Network request failed', code: 'NETWORK_ERROR', status: 0 });
  });

  it('gives up after 5000 ms with TIMEOUT_ERROR and status 408', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = rejection(client.api.get('/slow'));
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ message: 'Request timeout', code: 'TIMEOUT_ERROR', status: 408 });
  });
});

describe('CSRF header on mutations', () => {
  it('fetches the token once, sends it as X-CSRF-Token on POST/PUT/DELETE and never on GET', async () => {
    const { calls } = stubFetch({
      'POST /a': () => okReply({}),
      'PUT /b': () => okReply({}),
      'DELETE /c': () => okReply({}),
      'GET /d': () => okReply({}),
    });
    await client.api.post('/a', { x: 1 });
    await client.api.put('/b', {});
    await client.api.delete('/c');
    await client.api.get('/d');
    const tokenFetches = calls.filter((call) => call.path === '/auth/csrf-token');
    expect(tokenFetches).toHaveLength(1);
    for (const path of ['/a', '/b', '/c']) {
      expect(calls.find((call) => call.path === path)?.headers.get('X-CSRF-Token')).toBe('csrf-test-token');
    }
    expect(calls.find((call) => call.path === '/d')?.headers.get('X-CSRF-Token')).toBeNull();
    expect(calls.find((call) => call.path === '/a')?.headers.get('Content-Type')).toBe('application/json');
  });

  it('falls back to a client-generated random token when the endpoint fails', async () => {
    const { calls } = stubFetch({
      'GET /auth/csrf-token': () => errorReply(500, 'INTERNAL_ERROR', 'boom'),
      'POST /a': () => okReply({}),
    });
    await client.api.post('/a');
    const token = calls.find((call) => call.path === '/a')?.headers.get('X-CSRF-Token');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refetches the token after 403 CSRF_INVALID and retries once', async () => {
    let tokenNumber = 0;
    let attempts = 0;
    const { calls } = stubFetch({
      'GET /auth/csrf-token': () => okReply({ token: `token-${++tokenNumber}`, expiresAt: new Date(Date.now() + 3600_000).toISOString() }),
      'POST /a': ({ headers }) => {
        attempts += 1;
        return headers.get('X-CSRF-Token') === 'token-2' ? okReply({ done: true }) : errorReply(403, 'CSRF_INVALID', 'Invalid CSRF token');
      },
    });
    await expect(client.api.post('/a')).resolves.toEqual({ done: true });
    expect(attempts).toBe(2);
    expect(calls.filter((call) => call.path === '/auth/csrf-token')).toHaveLength(2);
  });
});

describe('session recovery on 401 (section 4)', () => {
  it('refreshes once, stores the rotated tokens and retries the call', async () => {
    signIn('session');
    stubFetch({
      'GET /credits/summary': ({ headers }) =>
        headers.get('Authorization') === 'Bearer access-2' ? okReply({ balance: 1 }) : errorReply(401, 'TOKEN_EXPIRED', 'Token expired'),
      'POST /auth/refresh': ({ body }) => {
        expect(body).toEqual({ refreshToken: 'refresh-1' });
        return okReply({ accessToken: 'access-2', refreshToken: 'refresh-2', user });
      },
    });
    await expect(client.api.get('/credits/summary')).resolves.toEqual({ balance: 1 });
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('shares one refresh request between concurrent 401s', async () => {
    signIn();
    let refreshes = 0;
    stubFetch({
      'GET /one': ({ headers }) => (headers.get('Authorization') === 'Bearer access-2' ? okReply(1) : errorReply(401, 'UNAUTHORIZED', 'Unauthorized')),
      'GET /two': ({ headers }) => (headers.get('Authorization') === 'Bearer access-2' ? okReply(2) : errorReply(401, 'UNAUTHORIZED', 'Unauthorized')),
      'GET /three': ({ headers }) => (headers.get('Authorization') === 'Bearer access-2' ? okReply(3) : errorReply(401, 'TOKEN_EXPIRED', 'Expired')),
      'POST /auth/refresh': async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return okReply({ accessToken: 'access-2', refreshToken: 'refresh-2', user });
      },
    });
    await expect(Promise.all([client.api.get('/one'), client.api.get('/two'), client.api.get('/three')])).resolves.toEqual([1, 2, 3]);
    expect(refreshes).toBe(1);
  });

  it('ends the session on 401 SESSION_REVOKED without refreshing', async () => {
    signIn();
    const onSessionEnded = vi.fn();
    client.setSessionHandlers({ onSessionEnded, onSessionRefreshed: vi.fn() });
    const { calls } = stubFetch({ 'GET /x': () => errorReply(401, 'SESSION_REVOKED', 'Session revoked') });
    expect(await rejection(client.api.get('/x'))).toMatchObject({ code: 'SESSION_REVOKED', status: 401 });
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(calls.some((call) => call.path === '/auth/refresh')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('ends the session when the refresh itself fails, retrying nothing more', async () => {
    signIn();
    const onSessionEnded = vi.fn();
    client.setSessionHandlers({ onSessionEnded, onSessionRefreshed: vi.fn() });
    let calls = 0;
    stubFetch({
      'GET /x': () => {
        calls += 1;
        return errorReply(401, 'TOKEN_EXPIRED', 'Expired');
      },
      'POST /auth/refresh': () => errorReply(401, 'SESSION_REVOKED', 'Session revoked'),
    });
    expect(await rejection(client.api.get('/x'))).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(calls).toBe(1);
    expect(onSessionEnded).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('never refreshes for a 401 from login, register or refresh', async () => {
    signIn();
    const { calls } = stubFetch({
      'POST /auth/login': () => errorReply(401, 'INVALID_CREDENTIALS', 'Invalid email or password', { attemptsRemaining: 4 }),
    });
    expect(await rejection(client.api.post('/auth/login', { email: 'a@b.co', password: 'x' }))).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      details: { attemptsRemaining: 4 },
    });
    expect(calls.some((call) => call.path === '/auth/refresh')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
  });
});

describe('streams and uploads', () => {
  it('opens a stream with the bearer token and CSRF header and leaves the body to the caller', async () => {
    signIn();
    const { calls } = stubFetch({
      'POST /voices/generate-tts/stream': () => new Response(new Uint8Array([0xff, 0xfb, 0x90]), { status: 200, headers: { 'Content-Type': 'audio/mpeg', 'X-Generation-Id': 'g1' } }),
    });
    const response = await client.apiStream('/voices/generate-tts/stream', { method: 'POST', body: { text: 'Hi', voiceId: 'v' } });
    expect(response.headers.get('X-Generation-Id')).toBe('g1');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xfb, 0x90]));
    const call = calls.find((entry) => entry.path === '/voices/generate-tts/stream');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(call?.headers.get('X-CSRF-Token')).toBe('csrf-test-token');
    expect(call?.body).toEqual({ text: 'Hi', voiceId: 'v' });
  });

  it('turns the JSON error envelope of a refused stream into the error object', async () => {
    stubFetch({
      'POST /voices/generate-tts/stream': () => errorReply(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits', { redirectUrl: '/pricing' }),
    });
    const error = await rejection(client.apiStream('/voices/generate-tts/stream', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', status: 402, details: { redirectUrl: '/pricing' } });
  });

  it('refreshes the session once when a stream answers 401', async () => {
    signIn();
    let attempts = 0;
    stubFetch({
      'POST /voices/generate-tts/stream': () => {
        attempts += 1;
        return attempts === 1 ? errorReply(401, 'TOKEN_EXPIRED', 'Token expired') : new Response('mp3', { status: 200 });
      },
      'POST /auth/refresh': () => okReply({ accessToken: 'access-2', refreshToken: 'refresh-2', user }),
    });
    const response = await client.apiStream('/voices/generate-tts/stream', { method: 'POST', body: {} });
    expect(await response.text()).toBe('mp3');
    expect(attempts).toBe(2);
  });

  it('sends a FormData body as multipart, without a JSON content type', async () => {
    const { fetchMock } = stubFetch({ 'POST /tts/documents': () => okReply({ kind: 'text', fileName: 'a.txt', text: 'x', characters: 1 }) });
    const form = new FormData();
    form.append('file', new File(['x'], 'a.txt'));
    await client.api.post('/tts/documents', form);
    const init = fetchMock.mock.calls.find(([url]) => String(url) === '/api/tts/documents')?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });
});

describe('error listeners', () => {
  it('tell every subscriber about a call that finally failed, after recovery, until it unsubscribes', async () => {
    signIn();
    let attempts = 0;
    stubFetch({
      'GET /music/tracks': () => errorReply(403, 'FEATURE_NOT_IN_PLAN', 'Music generation is not in your plan', { feature: 'musicGeneration', plan: 'free', upgradeUrl: '/pricing' }),
      'POST /voices/generate-tts/stream': () => errorReply(403, 'FEATURE_NOT_IN_PLAN', 'Not in plan', { feature: 'voiceCloning', plan: 'free', upgradeUrl: '/pricing' }),
      'GET /ok': () => {
        attempts += 1;
        return attempts === 1 ? errorReply(401, 'TOKEN_EXPIRED', 'Token expired') : okReply({ fine: true });
      },
      'POST /auth/refresh': () => okReply({ accessToken: 'access-2', refreshToken: 'refresh-2', user }),
    });
    const heard: { code: string; details: unknown }[] = [];
    const unsubscribe = client.onApiError((error) => heard.push({ code: error.code, details: error.details }));
    await rejection(client.api.get('/music/tracks'));
    await rejection(client.apiStream('/voices/generate-tts/stream', { method: 'POST', body: {} }));
    // A 401 recovered by a refresh is not a failure anyone needs to hear about.
    await expect(client.api.get('/ok')).resolves.toEqual({ fine: true });
    expect(heard).toEqual([
      { code: 'FEATURE_NOT_IN_PLAN', details: { feature: 'musicGeneration', plan: 'free', upgradeUrl: '/pricing' } },
      { code: 'FEATURE_NOT_IN_PLAN', details: { feature: 'voiceCloning', plan: 'free', upgradeUrl: '/pricing' } },
    ]);
    unsubscribe();
    await rejection(client.api.get('/music/tracks'));
    expect(heard).toHaveLength(2);
  });
});
