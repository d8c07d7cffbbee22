import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeys, apiKeyUsage, plans, users } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;

export interface KeyUsage {
  requests: number;
  credits: number;
  characters: number;
}

/** SQL of developer API keys; every query is scoped to one user. */
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  async insert(values: NewApiKeyRow): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(apiKeys).values(values).returning();
    if (!row) throw new Error('API key insert returned no row');
    return row;
  }

  async list(userId: string): Promise<ApiKeyRow[]> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  }

  async countActive(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return row?.total ?? 0;
  }

  /** Requests, credits and characters per key since `since`. */
  async usageSince(userId: string, since: Date): Promise<Map<string, KeyUsage>> {
    const rows = await this.db
      .select({
        keyId: apiKeyUsage.keyId,
        requests: count(),
        credits: sql<number>`coalesce(sum(${apiKeyUsage.credits}), 0)::int`,
        characters: sql<number>`coalesce(sum(${apiKeyUsage.characters}), 0)::int`,
      })
      .from(apiKeyUsage)
      .where(and(eq(apiKeyUsage.userId, userId), gte(apiKeyUsage.createdAt, since)))
      .groupBy(apiKeyUsage.keyId);
    return new Map(rows.map(({ keyId, ...usage }) => [keyId, usage]));
  }

  /** Marks the key revoked (keeping the first revocation time); null when the caller has no such key. */
  async revoke(userId: string, id: string, at: Date): Promise<ApiKeyRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning();
    return row ?? null;
  }

  async planHasApiAccess(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ features: plans.features })
      .from(users)
      .innerJoin(plans, eq(plans.name, users.planName))
      .where(eq(users.id, userId));
    return row?.features.apiAccess ?? false;
  }
}
