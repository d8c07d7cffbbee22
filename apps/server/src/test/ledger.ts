import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creditTransactions, users } from '../db/schema.ts';

/** The cached balance and the ledger's sum for one user; they must always agree. */
export async function balanceAndLedger(db: Database, userId: string): Promise<{ balance: number; ledgerSum: number }> {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const [ledger] = await db
    .select({ sum: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return { balance: user?.credits ?? Number.NaN, ledgerSum: ledger?.sum ?? Number.NaN };
}
