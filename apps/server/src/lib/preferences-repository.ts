import { eq } from 'drizzle-orm';
import type { Preferences } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { userPreferences } from '../db/schema.ts';

export type PreferencesRow = typeof userPreferences.$inferSelect;

/** The SQL behind user_preferences, over a database or an open transaction. */
export class PreferencesRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<PreferencesRow | undefined> {
    const [row] = await this.db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
    return row;
  }

  /** Writes the row with `preferences` unless the user already has one. */
  async insertIfMissing(userId: string, preferences: Preferences, at: Date): Promise<void> {
    await this.db.insert(userPreferences).values({ userId, preferences, updatedAt: at }).onConflictDoNothing();
  }

  /** SELECT … FOR UPDATE on the user's row. */
  async lockRow(userId: string): Promise<PreferencesRow | undefined> {
    const [row] = await this.db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).for('update');
    return row;
  }

  async save(userId: string, preferences: Preferences, at: Date): Promise<void> {
    await this.db.update(userPreferences).set({ preferences, updatedAt: at }).where(eq(userPreferences.userId, userId));
  }
}
