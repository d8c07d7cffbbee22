import { createHash, createHmac, randomBytes } from 'node:crypto';
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
import { grantExpiry } from '../../lib/credit-cycle.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../lib/passwords.ts';
import { findPlanRow } from '../../lib/plan-repository.ts';
import type { RateLimiters } from '../../lib/rate-limit/limiter.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { loadUserProfile } from '../../lib/user-profile.ts';
import { AuthRepository, type RefreshTokenRecord } from './repository.ts';

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
  /** How long after rotation a refresh token may be presented again and get its successor (0: never). */
  refreshReuseGraceSeconds: number;
  /** Closes the sockets of sessions this service revokes. */
  realtime: RealtimeHub;
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
    let session: { userId: string; tokens: SessionTokens };
    try {
      session = await this.#repository.transaction(async (repository, tx) => {
        const userId = await this.#createAccount(repository, tx, { name: request.name, email: request.email, passwordHash });
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
    const accountId = await this.#underLoginLimits(request.email, () => this.#accountWithPassword(request));
    return this.sessionFor(accountId);
  }

  /**
   * Runs a password check under the per-email login limits. The attempt holds a slot of the limit before the check, so
   * a burst of parallel guesses cannot slip past the limit while hashes run; a correct password gives its slot back,
   * so correct logins never lead to a block. A failed check answers INVALID_CREDENTIALS with the attempts left.
   */
  async #underLoginLimits(email: string, check: () => Promise<string | null>): Promise<string> {
    const limiter = this.deps.rateLimiters.login;
    await limiter.startAttempt(email);
    let accountId: string | null;
    try {
      accountId = await check();
    } catch (error) {
      await limiter.finishAttempt(email, 'abandoned');
      throw error;
    }
    if (!accountId) {
      const attemptsRemaining = await limiter.finishAttempt(email, 'failed');
      const details: LoginFailureDetails = { attemptsRemaining };
      throw new AppError(
        'INVALID_CREDENTIALS',
        withAttemptsRemaining(AUTH_FAILURE_MESSAGES.invalidCredentials, attemptsRemaining),
        { ...details },
      );
    }
    await limiter.finishAttempt(email, 'succeeded');
    return accountId;
  }

  /**
   * An account a social provider vouched for: no password of its own yet (a random, never-revealed one; "Forgot
   * password?" sets a real one), the welcome credits as at registration. `alongside` runs in the same transaction
   * (linking the provider's identity), so the account never exists without it.
   */
  async createSocialAccount(
    account: { name: string; email: string },
    alongside: (tx: Database, userId: string) => Promise<void>,
  ): Promise<string> {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    return this.#repository.transaction(async (repository, tx) => {
      const userId = await this.#createAccount(repository, tx, { ...account, passwordHash });
      await alongside(tx, userId);
      return userId;
    });
  }

  /** A new session for an account whose sign-in was proven some other way (a provider, a confirmed link). */
  async sessionFor(userId: string): Promise<AuthSession> {
    const tokens = await this.#openSession(this.#repository, userId);
    return { ...tokens, user: await this.profile(userId) };
  }

  /**
   * Checks an account's password as a login would (the same per-email limits and INVALID_CREDENTIALS reply), for a
   * step that needs the account holder's consent, such as linking a social sign-in to it.
   */
  async confirmPassword(userId: string, email: string, password: string): Promise<void> {
    await this.#underLoginLimits(email, async () => {
      const storedHash = await this.#repository.findPasswordHash(userId);
      const matches = storedHash ? await verifyPassword(password, storedHash) : await verifyAgainstDecoy(password);
      return matches ? userId : null;
    });
  }

  /** The account's id when the email and password match; unknown emails cost a hash too, so timing tells nothing. */
  async #accountWithPassword(request: LoginBody): Promise<string | null> {
    const account = await this.#repository.findCredentialsByEmail(request.email);
    const passwordMatches = account
      ? await verifyPassword(request.password, account.passwordHash)
      : await verifyAgainstDecoy(request.password);
    return account && passwordMatches ? account.id : null;
  }

  /**
   * Rotates a refresh token. A token presented twice means it leaked (or was replayed): the whole session family
   * is revoked so neither copy can be used again. One exception: the token rotated within the last
   * `refreshReuseGraceSeconds`, whose successor is still unused, gets that successor back (two tabs refreshing at
   * once); the successor is derived from the token, so both callers end up holding the same one.
   */
  async refresh(refreshToken: string): Promise<AuthSession> {
    const now = this.#now();
    const tokenHash = hashRefreshToken(refreshToken);
    const record = await this.#repository.findRefreshToken(tokenHash);
    if (!record) throw new AppError('UNAUTHORIZED', 'Invalid refresh token');
    if (record.sessionRevokedAt) throw sessionRevoked();
    if (record.expiresAt <= now) throw new AppError('UNAUTHORIZED', 'Refresh token expired');
    const successor = this.#successorOf(refreshToken);
    const rotated = !record.usedAt && (await this.#rotate(record, successor, now));
    if (!rotated && !(await this.#isWithinReuseGrace(tokenHash, successor, now))) {
      await this.#revokeSessions([record.sessionId], 'refresh_token_reuse', now);
      throw sessionRevoked();
    }
    const accessToken = signAccessToken(this.deps.jwtSecret, record, this.deps.clock.now());
    return { accessToken, refreshToken: successor, user: await this.profile(record.userId) };
  }

  /**
   * Ends the caller's session, and the session of `refreshToken` when it is the caller's. Without a usable access
   * token (it may have expired while the tab slept), the refresh token alone identifies the session to end.
   */
  async logout(auth: AuthContext | null, refreshToken?: string): Promise<{ message: string }> {
    const now = this.#now();
    const record = refreshToken ? await this.#repository.findRefreshToken(hashRefreshToken(refreshToken)) : undefined;
    if (!auth && !record) throw new AppError('UNAUTHORIZED', 'Authentication required');
    const sessionIds = new Set<string>();
    if (auth) sessionIds.add(auth.sessionId);
    if (record && (!auth || record.userId === auth.userId)) sessionIds.add(record.sessionId);
    await this.#revokeSessions([...sessionIds], 'logout', now);
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
    const revoked = await this.#repository.revokeOtherSessions(auth.userId, auth.sessionId, 'password_changed', now);
    this.deps.realtime.disconnectSessions(revoked);
    return { message: AUTH_SUCCESS_MESSAGES.passwordChanged };
  }

  /** Marks the token used and stores its successor in one step, so a concurrent caller sees both or neither. */
  #rotate(record: RefreshTokenRecord, successor: string, now: Date): Promise<boolean> {
    return this.#repository.transaction(async (repository) => {
      if (!(await repository.markRefreshTokenUsed(record.id, now))) return false;
      await this.#storeRefreshToken(repository, record.sessionId, successor);
      return true;
    });
  }

  /** The token was rotated moments ago and its successor not used yet: a second tab, not a thief with an old copy. */
  async #isWithinReuseGrace(tokenHash: string, successor: string, now: Date): Promise<boolean> {
    const graceMs = this.deps.refreshReuseGraceSeconds * 1000;
    if (graceMs === 0) return false;
    const presented = await this.#repository.findRefreshToken(tokenHash);
    if (!presented?.usedAt || now.getTime() - presented.usedAt.getTime() > graceMs) return false;
    const next = await this.#repository.findRefreshToken(hashRefreshToken(successor));
    return next !== undefined && next.sessionId === presented.sessionId && !next.usedAt && !next.sessionRevokedAt;
  }

  /** Derived, not random: presenting the same token again within the grace gets the same successor back. */
  #successorOf(refreshToken: string): string {
    return createHmac('sha256', this.deps.jwtSecret).update(`refresh-token-successor:${refreshToken}`).digest('base64url');
  }

  async #revokeSessions(sessionIds: readonly string[], reason: string, now: Date): Promise<void> {
    for (const sessionId of sessionIds) await this.#repository.revokeSession(sessionId, reason, now);
    this.deps.realtime.disconnectSessions(sessionIds);
  }

  /** Inserts the user on the free plan with the welcome credits: the first credit cycle's grant. */
  async #createAccount(repository: AuthRepository, tx: Database, account: { name: string; email: string; passwordHash: string }): Promise<string> {
    const signupCredits = (await findPlanRow(tx, DEFAULT_PLAN))?.monthlyCredits ?? 0;
    const createdAt = this.#now();
    const userId = await repository.insertUser(account, createdAt);
    if (signupCredits > 0) {
      // It rolls over like every monthly grant (the cycles start at sign-up).
      const expiresAt = grantExpiry(createdAt, 0);
      await this.deps.credits.within(tx).grant(userId, signupCredits, 'signup_grant', 'Welcome credits', undefined, expiresAt);
    }
    return userId;
  }

  async #registrationRefused(email: string): Promise<AppError> {
    await this.deps.rateLimiters.register.countAttempt(email);
    return new AppError('EMAIL_TAKEN', AUTH_FAILURE_MESSAGES.emailTaken);
  }

  async #openSession(repository: AuthRepository, userId: string): Promise<SessionTokens> {
    const sessionId = await repository.createSession(userId, this.#now());
    return this.#issueTokens(repository, userId, sessionId);
  }

  async #issueTokens(repository: AuthRepository, userId: string, sessionId: string): Promise<SessionTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.#storeRefreshToken(repository, sessionId, refreshToken);
    return { accessToken: signAccessToken(this.deps.jwtSecret, { userId, sessionId }, this.deps.clock.now()), refreshToken };
  }

  async #storeRefreshToken(repository: AuthRepository, sessionId: string, refreshToken: string): Promise<void> {
    const nowMs = this.deps.clock.now();
    const expiresAt = new Date(nowMs + TOKEN_LIFETIMES.refreshTokenSeconds * 1000);
    await repository.insertRefreshToken(sessionId, hashRefreshToken(refreshToken), new Date(nowMs), expiresAt);
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
