import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { creditReservations, creditTransactions, users } from '../src/db/schema.ts';

/** The cached balance and the ledger's sum for one user; they must always agree. */
export async function balanceAndLedger(db: Database, userId: string): Promise<{ balance: number; ledgerSum: number }> {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const [ledger] = await db
    .select({ sum: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return { balance: user?.credits ?? Number.NaN, ledgerSum: ledger?.sum ?? Number.NaN };
}

/** The ledger rows of one piece of work (reference), oldest first, as reason and amount. */
export async function ledgerRowsFor(db: Database, reference: string): Promise<Array<{ reason: string; amount: number }>> {
  const rows = await db
    .select({ reason: creditTransactions.reason, amount: creditTransactions.amount, sequence: creditTransactions.sequence })
    .from(creditTransactions)
    .where(eq(creditTransactions.reference, reference));
  return rows.sort((a, b) => a.sequence - b.sequence).map(({ reason, amount }) => ({ reason, amount }));
}

/** The reservation of one piece of work. */
export async function reservationFor(db: Database, reference: string) {
  const [row] = await db.select().from(creditReservations).where(eq(creditReservations.reference, reference));
  return row ?? null;
}
