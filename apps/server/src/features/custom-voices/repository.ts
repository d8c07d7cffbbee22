import { and, count, desc, eq } from 'drizzle-orm';
import type { CreditRates } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { customVoices, plans, users } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type CustomVoiceRow = typeof customVoices.$inferSelect;
export type NewCustomVoice = typeof customVoices.$inferInsert;

/** What the caller's plan allows: credit rates and how many custom voices they may keep. */
export interface PlanAllowance {
  rates: CreditRates;
  customVoices: number;
}

/** SQL of custom voices; every query is scoped to one owner. */
export class CustomVoiceRepository {
  constructor(private readonly db: Database) {}

  async list(userId: string): Promise<CustomVoiceRow[]> {
    return this.db.select().from(customVoices).where(eq(customVoices.userId, userId)).orderBy(desc(customVoices.createdAt));
  }

  async find(userId: string, id: string, db: Database = this.db): Promise<CustomVoiceRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select()
      .from(customVoices)
      .where(and(eq(customVoices.id, id), eq(customVoices.userId, userId)));
    return row ?? null;
  }

  async countFor(userId: string, db: Database = this.db): Promise<number> {
    const [row] = await db.select({ used: count() }).from(customVoices).where(eq(customVoices.userId, userId));
    return row?.used ?? 0;
  }

  /**
   * Locks the owner's row until the transaction ends, so saves of one user are counted one after another: under READ
   * COMMITTED two transactions would otherwise both count the same free slot and both insert.
   */
  async lockOwner(userId: string, tx: Database): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async insert(values: NewCustomVoice, db: Database = this.db): Promise<CustomVoiceRow> {
    const [row] = await db.insert(customVoices).values(values).returning();
    if (!row) throw new Error('Custom voice insert returned no row');
    return row;
  }

  async rename(userId: string, id: string, name: string): Promise<CustomVoiceRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .update(customVoices)
      .set({ name })
      .where(and(eq(customVoices.id, id), eq(customVoices.userId, userId)))
      .returning();
    return row ?? null;
  }

  async delete(userId: string, id: string): Promise<CustomVoiceRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .delete(customVoices)
      .where(and(eq(customVoices.id, id), eq(customVoices.userId, userId)))
      .returning();
    return row ?? null;
  }

  async allowance(userId: string, db: Database = this.db): Promise<PlanAllowance> {
    const [row] = await db
      .select({ rates: plans.creditRates, customVoices: plans.customVoices })
      .from(users)
      .innerJoin(plans, eq(plans.name, users.planName))
      .where(eq(users.id, userId));
    if (!row) throw new Error(`No plan for user ${userId}`);
    return row;
  }
}
