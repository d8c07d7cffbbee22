import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CreditReason } from '@sound-studio/shared';
import type { Database } from '../../../db/client.ts';
import { creditTransactions, plans, users } from '../../../db/schema.ts';

export interface AccountFigures {
  tier: string;
  balance: number;
  /** The plan's monthly credits. */
  limit: number;
  /** The plan's custom-voice slots and whether it may clone voices. */
  voiceLimit: number;
  canCloneVoices: boolean;
  firstName: string;
  createdAt: Date;
}

/** The user's plan name, balance, the plan's monthly credits and voice allowance, and when the account was made. */
export async function findAccountFigures(db: Database, userId: string): Promise<AccountFigures | undefined> {
  const [account] = await db
    .select({
      tier: users.planName,
      balance: users.credits,
      limit: plans.monthlyCredits,
      voiceLimit: plans.customVoices,
      features: plans.features,
      firstName: users.name,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(plans, eq(plans.name, users.planName))
    .where(eq(users.id, userId));
  if (!account) return undefined;
  const { features, ...figures } = account;
  return { ...figures, canCloneVoices: features.voiceCloning };
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
