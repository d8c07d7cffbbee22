import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_FAILURE_MESSAGES,
  AUTH_SUCCESS_MESSAGES,
  TOKEN_LIFETIMES,
  withAttemptsRemaining,
  type AuthSession,
  type changePasswordRequestSchema,
  type LoginFailureDetails,
  type loginRequestSchema,
  type registerRequestSchema,
  type updateProfileRequestSchema,
  type User,
} from '@sound-studio/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { signAccessToken } from '../../lib/access-tokens.ts';
import type { AuthContext } from '../../lib/authentication.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../lib/passwords.ts';
import { findPlanRow } from '../../lib/plan-catalog.ts';
import type { RateLimiters } from '../../lib/rate-limit/limiter.ts';
import { loadUserProfile } from '../../lib/user-profile.ts';
import { AuthRepository } from './repository.ts';

// Request bodies after the shared schemas ran: emails normalised, names trimmed.
type RegisterBody = z.output<typeof registerRequestSchema>;
type LoginBody = z.output<typeof loginRequestSchema>;
type UpdateProfileBody = z.output<typeof updateProfileRequestSchema>;
type ChangePasswordBody = z.output<typeof changePasswordRequestSchema>;

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  jwtSecret: string;
  credits: CreditService;
  rateLimiters: RateLimiters;
}

const EMAIL_IN_USE = 'This email is already used by another account';
const DEFAULT_PLAN = 'free';

/** Accounts and sessions: registration, login, token refresh with rotation, logout, profile and password. */
export class AuthService {
  readonly #repository: AuthRepository;

  constructor(private readonly deps: AuthServiceDeps) {
    this.#repository = new AuthRepository(deps.db);
  }

  async register(request: RegisterBody): Promise<AuthSession> {
    const limiter = this.deps.rateLimiters.register;
    await limiter.assertAllowed(request.email);
    if (await this.#repository.isEmailTaken(request.email)) throw await this.#registrationRefused(request.email);

    const passwordHash = await hashPassword(request.password);
    const signupCredits = (await findPlanRow(this.deps.db, DEFAULT_PLAN))?.monthlyCredits ?? 0;
    let session: { userId: string; tokens: SessionTokens };
    try {
      session = await this.#repository.transaction(async (repository, tx) => {
        const userId = await repository.insertUser({ name: request.name, email: request.email, passwordHash }, this.#now());
        if (signupCredits > 0) {
          await this.deps.credits.within(tx).grant(userId, signupCredits, 'signup_grant', 'Welcome credits');
        }
        return { userId, tokens: await this.#openSession(repository, userId) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw await this.#registrationRefused(request.email);
      throw error;
    }
    await limiter.reset(request.email);
    return { ...session.tokens, user: await this.profile(session.userId) };
  }

  async login(request: LoginBody): Promise<AuthSession> {
    const limiter = this.deps.rateLimiters.login;
    await limiter.assertAllowed(request.email);
    const account = await this.#repository.findCredentialsByEmail(request.email);
    const passwordMatches = account
      ? await verifyPassword(request.password, account.passwordHash)
      : await verifyAgainstDecoy(request.password);
    if (!account || !passwordMatches) {
      const attemptsRemaining = await limiter.recordFailure(request.email);
      const details: LoginFailureDetails = { attemptsRemaining };
      throw new AppError(
        'INVALID_CREDENTIALS',
        withAttemptsRemaining(AUTH_FAILURE_MESSAGES.invalidCredentials, attemptsRemaining),
        { ...details },
      );
    }
    await limiter.reset(request.email);
    const tokens = await this.#openSession(this.#repository, account.id);
    return { ...tokens, user: await this.profile(account.id) };
  }

  /**
   * Rotates a refresh token. A token presented twice means it leaked (or was replayed): the whole session family
   * is revoked so neither copy can be used again.
   */
  async refresh(refreshToken: string): Promise<AuthSession> {
    const now = this.#now();
    const record = await this.#repository.findRefreshToken(hashRefreshToken(refreshToken));
    if (!record) throw new AppError('UNAUTHORIZED', 'Invalid refresh token');
    if (record.sessionRevokedAt) throw sessionRevoked();
    if (record.expiresAt <= now) throw new AppError('UNAUTHORIZED', 'Refresh token expired');
    if (record.usedAt || !(await this.#repository.markRefreshTokenUsed(record.id, now))) {
      await this.#repository.revokeSession(record.sessionId, 'refresh_token_reuse', now);
      throw sessionRevoked();
    }
    const tokens = await this.#issueTokens(this.#repository, record.userId, record.sessionId);
    return { ...tokens, user: await this.profile(record.userId) };
  }

  /**
   * Ends the caller's session, and the session of `refreshToken` when it is the caller's. Without a usable access
   * token (it may have expired while the tab slept), the refresh token alone identifies the session to end.
   */
  async logout(auth: AuthContext | null, refreshToken?: string): Promise<{ message: string }> {
    const now = this.#now();
    const record = refreshToken ? await this.#repository.findRefreshToken(hashRefreshToken(refreshToken)) : undefined;
    if (!auth && !record) throw new AppError('UNAUTHORIZED', 'Authentication required');
    if (auth) await this.#repository.revokeSession(auth.sessionId, 'logout', now);
    if (record && (!auth || record.userId === auth.userId)) {
      await this.#repository.revokeSession(record.sessionId, 'logout', now);
    }
    return { message: AUTH_SUCCESS_MESSAGES.loggedOut };
  }

  profile(userId: string): Promise<User> {
    return loadUserProfile(this.deps.db, userId);
  }

  async updateProfile(auth: AuthContext, request: UpdateProfileBody): Promise<{ message: string; user: User }> {
    if (await this.#repository.isEmailTaken(request.email, auth.userId)) throw new AppError('EMAIL_TAKEN', EMAIL_IN_USE);
    try {
      await this.#repository.updateProfile(auth.userId, { name: request.name, email: request.email }, this.#now());
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', EMAIL_IN_USE);
      throw error;
    }
    return { message: AUTH_SUCCESS_MESSAGES.profileUpdated, user: await this.profile(auth.userId) };
  }

  /** Changes the password and signs out every other session; the caller's session stays open. */
  async changePassword(auth: AuthContext, request: ChangePasswordBody): Promise<{ message: string }> {
    const storedHash = await this.#repository.findPasswordHash(auth.userId);
    if (!storedHash || !(await verifyPassword(request.currentPassword, storedHash))) {
      // A 400, not a 401: the web client answers 401 by refreshing the session and retrying.
      throw validationError('currentPassword', AUTH_FAILURE_MESSAGES.currentPasswordWrong);
    }
    const now = this.#now();
    await this.#repository.updatePasswordHash(auth.userId, await hashPassword(request.newPassword), now);
    await this.#repository.revokeOtherSessions(auth.userId, auth.sessionId, 'password_changed', now);
    return { message: AUTH_SUCCESS_MESSAGES.passwordChanged };
  }

  async #registrationRefused(email: string): Promise<AppError> {
    await this.deps.rateLimiters.register.recordFailure(email);
    return new AppError('EMAIL_TAKEN', AUTH_FAILURE_MESSAGES.emailTaken);
  }

  async #openSession(repository: AuthRepository, userId: string): Promise<SessionTokens> {
    const sessionId = await repository.createSession(userId, this.#now());
    return this.#issueTokens(repository, userId, sessionId);
  }

  async #issueTokens(repository: AuthRepository, userId: string, sessionId: string): Promise<SessionTokens> {
    const nowMs = this.deps.clock.now();
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(nowMs + TOKEN_LIFETIMES.refreshTokenSeconds * 1000);
    await repository.insertRefreshToken(sessionId, hashRefreshToken(refreshToken), new Date(nowMs), expiresAt);
    return { accessToken: signAccessToken(this.deps.jwtSecret, { userId, sessionId }, nowMs), refreshToken };
  }

  #now(): Date {
    return new Date(this.deps.clock.now());
  }
}

interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Refresh tokens are stored only as SHA-256 hashes: a database leak does not hand out sessions. */
function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function sessionRevoked(): AppError {
  return new AppError('SESSION_REVOKED', 'Session has been revoked');
}
