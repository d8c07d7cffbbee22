import type { z } from 'zod';
import { API_TIMEOUT_MS, type AuthSession } from '@sound-studio/shared';
import { clearStoredAuth, getAccessToken, getRefreshToken, readStoredAuth, replaceAuthSession } from '../auth-storage.ts';
import { withCrossTabLock } from '../cross-tab-lock.ts';
import { ApiError, clientErrors } from './api-error.ts';
import { getCsrfToken, invalidateCsrfToken } from './csrf.ts';
import { resolveSchema, type SchemaSource } from '../lazy-schema.ts';
import { sessionSchemas } from './session-schemas.ts';

export const API_BASE = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const MUTATING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A 401 from these means "wrong credentials" or "dead refresh token", never "refresh and try again". */
const NO_REFRESH_PATHS = new Set(['/auth/login', '/auth/register', '/auth/refresh']);

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** Validates `data` of the reply; a mismatch rejects with 'Unexpected response format'. */
  schema?: SchemaSource<z.ZodType<T>>;
  /** Off for calls that must not refresh the session or react to its revocation (logout). */
  sessionRecovery?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface SessionHandlers {
  /** The server says the session is gone (401 SESSION_REVOKED) or it could not be refreshed. */
  onSessionEnded: () => void;
  /** A refresh stored new tokens and brought a fresh user object. */
  onSessionRefreshed: (session: AuthSession) => void;
}

let handlers: SessionHandlers = { onSessionEnded: () => {}, onSessionRefreshed: () => {} };

/** The auth layer registers how the client tells it about ended or refreshed sessions. */
export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A JSON value, or a multipart form sent as is (the browser sets its boundary). */
function encodeBody(body: unknown): { payload: BodyInit | undefined; contentType: string | undefined } {
  if (body === undefined) return { payload: undefined, contentType: undefined };
  if (body instanceof FormData) return { payload: body, contentType: undefined };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * One HTTP exchange: auth header, anti-forgery token, timeout until the reply's headers arrive; no retries. A
 * streamed body is read by the caller after this returns, so the timeout never cuts a long stream.
 */
async function exchange(path: string, options: RequestOptions<unknown>, accept: string): Promise<Response> {
  const method = options.method ?? 'GET';
  const { payload, contentType } = encodeBody(options.body);
  const headers: Record<string, string> = { Accept: accept };
  if (contentType) headers['Content-Type'] = contentType;
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (MUTATING.has(method)) headers['X-CSRF-Token'] = await getCsrfToken(`${API_BASE}/auth/csrf-token`);

  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

  try {
    return await fetch(`${API_BASE}${path}`, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (timedOut) throw clientErrors.timeout();
    if (isAbortError(error)) throw error;
    throw clientErrors.network();
  } finally {
    clearTimeout(timer);
  }
}

/** One HTTP exchange with timeout and envelope handling; no retries. */
async function send<T>(path: string, options: RequestOptions<T>): Promise<T> {
  // A schema that loads on first use starts loading now, beside the request, rather than once the reply is in.
  if (options.schema) resolveSchema(options.schema).catch(() => undefined);
  const response = await exchange(path, options, 'application/json');
  return readEnvelope(response, options.schema);
}

/** A successful streamed reply as it is; a failed one (JSON error envelope, any status) as the error object. */
async function sendForStream(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const response = await exchange(path, options, '*/*');
  if (response.ok) return response;
  return readEnvelope(response).then(() => {
    throw clientErrors.requestFailed(response.status);
  });
}

async function parseReply<T>(fields: unknown, status: number, source?: SchemaSource<z.ZodType<T>>): Promise<T> {
  if (!source) return fields as T;
  const schema = await resolveSchema(source);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw clientErrors.unexpectedFormat(status);
  return parsed.data;
}

/**
 * Turns a reply into its data or into section 3's error object. A success without `data` carries its fields beside
 * `success` (section 7's voice list and preview); those fields are the reply.
 */
export async function readEnvelope<T>(response: Response, schema?: SchemaSource<z.ZodType<T>>): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw clientErrors.nonJson(text, response.status);
  }
  if (typeof body !== 'object' || body === null) throw clientErrors.unexpectedFormat(response.status);

  if ('success' in body && body.success === true) {
    if ('data' in body) return parseReply(body.data, response.status, schema);
    const { success: _success, ...fields } = body;
    return parseReply(fields, response.status, schema);
  }
  if ('error' in body || ('success' in body && body.success === false)) {
    const message = 'error' in body && typeof body.error === 'string' && body.error ? body.error : 'Request failed';
    const code = 'code' in body && typeof body.code === 'string' ? body.code : 'REQUEST_FAILED';
    const details = 'details' in body && typeof body.details === 'object' && body.details !== null ? body.details : undefined;
    throw new ApiError(message, code, response.status, details as Record<string, unknown> | undefined);
  }
  if (!response.ok) throw clientErrors.requestFailed(response.status);
  throw clientErrors.unexpectedFormat(response.status);
}

let refreshInFlight: Promise<AuthSession> | null = null;

/** Held by the tab that is refreshing, so another tab waits and then uses the tokens it stored. */
const REFRESH_LOCK = 'sound-studio:auth-refresh';

/**
 * Trades the refresh token for a new pair. Refresh tokens rotate, so a second request with the same token would look
 * like reuse and revoke the session: concurrent callers in this tab share one request, and tabs take turns under a
 * cross-tab lock. A tab that waited for the lock finds the token another tab just stored and uses that session.
 */
export function refreshSession(): Promise<AuthSession> {
  refreshInFlight ??= (async () => {
    const tokenBeforeLock = getRefreshToken();
    const session = await withCrossTabLock(REFRESH_LOCK, async () => {
      const stored = readStoredAuth();
      if (stored?.refreshToken && stored.user && stored.refreshToken !== tokenBeforeLock) {
        return { accessToken: stored.accessToken, refreshToken: stored.refreshToken, user: stored.user };
      }
      return requestNewTokens(stored?.refreshToken ?? null);
    });
    handlers.onSessionRefreshed(session);
    return session;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function requestNewTokens(refreshToken: string | null): Promise<AuthSession> {
  if (!refreshToken) throw new ApiError('Session expired', 'UNAUTHORIZED', 401);
  const session = await send('/auth/refresh', { method: 'POST', body: { refreshToken }, schema: sessionSchemas.authSession });
  replaceAuthSession(session);
  return session;
}

function endSession(): void {
  clearStoredAuth();
  handlers.onSessionEnded();
}

/**
 * Runs one exchange with section 4's recovery: a 401 SESSION_REVOKED ends the session; any other 401 refreshes once
 * and retries. A 403 CSRF_INVALID fetches a new anti-forgery token and retries once.
 */
async function withRecovery<T>(path: string, options: RequestOptions<unknown>, attempt: () => Promise<T>): Promise<T> {
  const recover = options.sessionRecovery !== false;
  let refreshed = false;
  let csrfRetried = false;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 403 && error.code === 'CSRF_INVALID' && !csrfRetried) {
        csrfRetried = true;
        invalidateCsrfToken();
        continue;
      }
      if (error.status !== 401 || !recover || NO_REFRESH_PATHS.has(path)) throw error;
      if (error.code === 'SESSION_REVOKED' || refreshed || !getRefreshToken()) {
        endSession();
        throw error;
      }
      refreshed = true;
      try {
        await refreshSession();
      } catch (refreshError) {
        // A refresh that failed for lack of network leaves the session for a later try.
        if (refreshError instanceof ApiError && refreshError.status === 0) throw refreshError;
        endSession();
        throw error;
      }
    }
  }
}

type ApiErrorListener = (error: ApiError) => void;
const apiErrorListeners = new Set<ApiErrorListener>();

/**
 * Hears every call that finally failed with a server or client error (after recovery), whoever made it: app-wide
 * answers to an error (the plan gate dialog for FEATURE_NOT_IN_PLAN) then need no help from each caller. Returns the
 * unsubscribe function.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  apiErrorListeners.add(listener);
  return () => {
    apiErrorListeners.delete(listener);
  };
}

async function reportingErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) for (const listener of apiErrorListeners) listener(error);
    throw error;
  }
}

/** Calls the API and returns the reply's data (JSON bodies, or a FormData for uploads). */
export function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return reportingErrors(withRecovery(path, options, () => send(path, options)));
}

/**
 * Opens a streamed reply (audio): same auth, anti-forgery token and error object as every call, but the body is left
 * for the caller to read. The timeout covers only the wait for the reply's headers.
 */
export function apiStream(path: string, options: Omit<RequestOptions<never>, 'schema'> = {}): Promise<Response> {
  return reportingErrors(withRecovery(path, options, () => sendForStream(path, options)));
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
