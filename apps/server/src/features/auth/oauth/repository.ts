import { and, eq } from 'drizzle-orm';
import type { OAuthProviderName } from '@sound-studio/shared';
import type { Database } from '../../../db/client.ts';
import { oauthIdentities, users } from '../../../db/schema.ts';

export interface NewIdentity {
  provider: OAuthProviderName;
  subject: string;
  userId: string;
  email: string | null;
}

/** Which provider accounts sign in as which users. */
export class OAuthIdentityRepository {
  constructor(private readonly db: Database) {}

  async findUserIdBySubject(provider: OAuthProviderName, subject: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: oauthIdentities.userId })
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)));
    return row?.userId;
  }

  async findUserIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  }

  async insert(identity: NewIdentity, now: Date): Promise<void> {
    await this.db.insert(oauthIdentities).values({ ...identity, createdAt: now });
  }

  /** Keeps the provider's latest email on record (sign-in goes by subject, never by this). */
  async recordEmail(provider: OAuthProviderName, subject: string, email: string | null): Promise<void> {
    await this.db
      .update(oauthIdentities)
      .set({ email })
      .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)));
  }
}
