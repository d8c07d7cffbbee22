import type { FastifyBaseLogger } from 'fastify';
import { AUTH_FAILURE_MESSAGES, AUTH_SUCCESS_MESSAGES } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { resetEmail } from '../../lib/password-reset/reset-email.ts';
import { accountLanguage, hashResetToken, issueResetLink } from '../../lib/password-reset/reset-links.ts';
import { ResetTokenRepository } from '../../lib/password-reset/reset-token-repository.ts';
import type { RateLimiters } from '../../lib/rate-limit/limiter.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { AuthRepository } from './repository.ts';

export interface PasswordResetDeps {
  db: Database;
  clock: Clock;
  rateLimiters: RateLimiters;
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
  /** null without SMTP_URL: no email goes out, the operator hands out links with `npm run admin -- users reset-link`. */
  mailer: Mailer | null;
  /** PUBLIC_URL, the start of every link in an email (required with SMTP_URL). */
  publicUrl: string | null;
}

/** "Forgot password?": emailed single-use links, and setting the new password with one. */
export class PasswordResetService {
  constructor(private readonly deps: PasswordResetDeps) {}

  /**
   * Emails a reset link when the address has an account. The reply is the same either way, and the email goes out
   * after the reply, so neither the answer nor its timing tells whether an account exists.
   */
  async requestLink(email: string, clientAddress: string): Promise<{ message: string }> {
    const limiter = this.deps.rateLimiters.passwordReset;
    await limiter.consume(`address:${clientAddress}`);
    await limiter.consume(`email:${email}`);
    const account = await new ResetTokenRepository(this.deps.db).findAccountByEmail(email);
    if (account) {
      this.#sendLink(account).catch((error: unknown) =>
        this.deps.log.error({ err: error, userId: account.id }, 'could not send the password reset email'),
      );
    }
    return { message: AUTH_SUCCESS_MESSAGES.resetLinkRequested };
  }

  /** Sets the password with a link's token, once, and signs the account out everywhere. */
  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    const passwordHash = await hashPassword(password);
    const now = new Date(this.deps.clock.now());
    const repository = new AuthRepository(this.deps.db);
    const reset = await repository.transaction(async (auth, tx) => {
      const tokens = new ResetTokenRepository(tx);
      const account = await tokens.consume(hashResetToken(token), now);
      if (!account) throw new AppError('RESET_LINK_INVALID', AUTH_FAILURE_MESSAGES.resetLinkInvalid);
      await auth.updatePasswordHash(account.userId, passwordHash, now);
      await tokens.markAllUsed(account.userId, now);
      return { ...account, revokedSessions: await auth.revokeAllSessions(account.userId, 'password_reset', now) };
    });
    this.deps.realtime.disconnectSessions(reset.revokedSessions);
    // Whoever proved they own the mailbox may sign in at once, even if failed guesses had blocked the email.
    await this.deps.rateLimiters.login.reset(reset.email);
    return { message: AUTH_SUCCESS_MESSAGES.passwordReset };
  }

  async #sendLink(account: { id: string; name: string; email: string }): Promise<void> {
    const { mailer, publicUrl, log } = this.deps;
    if (!mailer || !publicUrl) {
      log.warn({ userId: account.id }, 'password reset requested without SMTP_URL: `npm run admin -- users reset-link <email>` gives a link');
      return;
    }
    const language = await accountLanguage(this.deps.db, this.deps.clock, account.id);
    const link = await issueResetLink(this.deps.db, this.deps.clock, { userId: account.id, baseUrl: publicUrl, language });
    const message = resetEmail({ to: account.email, name: account.name, url: link.url, language });
    await mailer.send(message);
  }
}
