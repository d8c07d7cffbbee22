import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';

/** SQL of password reset tokens (stored hashed) and the account lookups the reset flow needs. */
export class ResetTokenRepository {
  constructor(private readonly db: Database) {}

  async findAccountByEmail(email: string): Promise<{ id: string; name: string; email: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.email, email));
    return row;
  }

  async insert(userId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ userId, tokenHash, createdAt: now, expiresAt });
  }

  /**
   * Marks the token used if it is still unused and unexpired, in one statement, so two requests with the same link
   * cannot both succeed. Returns the account's id and email, or undefined for an unknown, used or expired token.
   */
  async consume(tokenHash: string, now: Date): Promise<{ userId: string; email: string } | undefined> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) return undefined;
    const [account] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    return account ? { userId: row.userId, email: account.email } : undefined;
  }

  /** After a reset, the account's other links stop working too. */
  async markAllUsed(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }
}
