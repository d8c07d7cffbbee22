import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, sessions, users } from '../../db/schema.ts';

export interface RefreshTokenRecord {
  id: string;
  sessionId: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  sessionRevokedAt: Date | null;
}

/** SQL of accounts, sessions (refresh-token families) and refresh tokens. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  within(tx: Database): AuthRepository {
    return new AuthRepository(tx);
  }

  transaction<T>(work: (repository: AuthRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(this.within(tx), tx));
  }

  async findCredentialsByEmail(email: string): Promise<{ id: string; passwordHash: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    return row;
  }

  async findPasswordHash(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.passwordHash;
  }

  async isEmailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email));
    return row !== undefined;
  }

  async insertUser(account: { name: string; email: string; passwordHash: string }, now: Date): Promise<string> {
    const [row] = await this.db
      .insert(users)
      .values({ ...account, createdAt: now, updatedAt: now })
      .returning({ id: users.id });
    if (!row) throw new Error('User insert returned no row');
    return row.id;
  }

  async updateProfile(userId: string, profile: { name: string; email: string }, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ ...profile, updatedAt: now })
      .where(eq(users.id, userId));
  }

  async updatePasswordHash(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  }

  async createSession(userId: string, now: Date): Promise<string> {
    const [row] = await this.db.insert(sessions).values({ userId, createdAt: now }).returning({ id: sessions.id });
    if (!row) throw new Error('Session insert returned no row');
    return row.id;
  }

  async insertRefreshToken(sessionId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.insert(refreshTokens).values({ sessionId, tokenHash, createdAt: now, expiresAt });
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        userId: sessions.userId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
        sessionRevokedAt: sessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Marks a refresh token used; false when it already was (a concurrent or replayed use). */
  async markRefreshTokenUsed(tokenId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  async revokeSession(sessionId: string, reason: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Revokes every open session of the user (a password reset) and returns their ids. */
  async revokeAllSessions(userId: string, reason: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  /** Revokes the user's other open sessions and returns their ids. */
  async revokeOtherSessions(userId: string, keepSessionId: string, reason: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }
}
