import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { findSessionRevokedAt } from './account-repository.ts';
import { verifyAccessToken } from './access-tokens.ts';
import { AppError } from './errors.ts';

/** Who is calling: set on the request by the `authenticate` preHandler. */
export interface AuthContext {
  userId: string;
  sessionId: string;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Checks an access token and that its session is still open: a revoked session ends every access token issued for
 * it at once, without waiting for them to expire.
 */
export async function authenticateAccessToken(
  db: Database,
  secret: string,
  nowMs: number,
  token: string | undefined,
): Promise<AuthContext> {
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required');
  // Developer keys are for the /v1 API only: never for the account (password, profile, keys themselves).
  if (token.startsWith(API_KEY_PREFIX)) {
    throw new AppError('UNAUTHORIZED', 'API keys only work on the /v1 developer API; sign in to use this route', { reason: 'API_KEY_NOT_ALLOWED' });
  }
  const check = verifyAccessToken(secret, token, nowMs);
  if (!check.valid) {
    if (check.reason === 'expired') throw new AppError('TOKEN_EXPIRED', 'Access token expired');
    throw new AppError('UNAUTHORIZED', 'Invalid access token');
  }
  const { sub: userId, sid: sessionId } = check.claims;
  if (!(await isSessionOpen(db, { userId, sessionId }))) throw new AppError('SESSION_REVOKED', 'Session has been revoked');
  return { userId, sessionId };
}

/** Whether the session exists, belongs to the user and has not been revoked. */
export async function isSessionOpen(db: Database, auth: AuthContext): Promise<boolean> {
  return (await findSessionRevokedAt(db, auth.userId, auth.sessionId)) === null;
}

/** The caller of a route guarded by `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return request.auth;
}
