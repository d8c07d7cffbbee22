import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CreditReason } from '@sound-studio/shared';
import type { Database } from '../../../db/client.ts';
import { creditTransactions, plans, users } from '../../../db/schema.ts';

/** The user's plan name, balance and the plan's monthly credits. */
export async function findAccountFigures(db: Database, userId: string): Promise<{ tier: string; balance: number; limit: number } | undefined> {
  const [account] = await db
    .select({ tier: users.planName, balance: users.credits, limit: plans.monthlyCredits })
    .from(users)
    .innerJoin(plans, eq(plans.name, users.planName))
    .where(eq(users.id, userId));
  return account;
}

/** The sum of the user's ledger rows of these reasons since `from` (0 when none). */
export async function sumLedgerSince(db: Database, userId: string, from: Date, reasons: readonly CreditReason[]): Promise<number | undefined> {
  const [spending] = await db
    .select({ net: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.userId, userId),
        gte(creditTransactions.createdAt, from),
        inArray(creditTransactions.reason, [...reasons]),
      ),
    );
  return spending?.net;
}
