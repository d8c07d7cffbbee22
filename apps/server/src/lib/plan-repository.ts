import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { plans } from '../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;

/** Every plan row, in display order (then by name). */
export function listPlanRows(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.displayOrder), asc(plans.name));
}

export async function findPlanRow(db: Database, name: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.name, name));
  return row;
}
