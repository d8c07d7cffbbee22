import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeys, apiKeyUsage, plans, users } from '../../db/schema.ts';
import type { PlanRow } from '../plan-repository.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyUsage = Omit<typeof apiKeyUsage.$inferInsert, 'id'>;

/** The SQL behind checking a developer key on each call and recording what the call used. */
export class ApiKeyAccessRepository {
  constructor(private readonly db: Database) {}

  /** The key with this hash, with its owner's plan name and plan features. */
  async findByHash(keyHash: string): Promise<{ key: ApiKeyRow; features: PlanRow['features']; plan: string } | undefined> {
    const [row] = await this.db
      .select({ key: apiKeys, features: plans.features, plan: users.planName })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .innerJoin(plans, eq(plans.name, users.planName))
      .where(eq(apiKeys.keyHash, keyHash));
    return row;
  }

  /** Stamps last_used_at unless the key was revoked meanwhile. */
  async touchLastUsed(keyId: string, at: Date): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: at })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  }

  async insertUsage(usage: NewApiKeyUsage): Promise<void> {
    await this.db.insert(apiKeyUsage).values(usage);
  }
}
