import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { creditTransactions, plans, users } from '../../../db/schema.ts';

export interface SubscriptionFigures {
  tier: string;
  /** Credits spent this UTC month (charges and holds net of releases and refunds). */
  used: number;
  /** The plan's monthly credits. */
  limit: number;
  balance: number;
  /** Unix seconds when the next month starts. */
  resetsAt: number;
}

const SPENDING_REASONS = ['hold', 'charge', 'release', 'refund'] as const;

/** ElevenLabs' GET /v1/user/subscription figures, read from the credit ledger and the plan. */
export async function subscriptionFigures(db: Database, userId: string, nowMs: number): Promise<SubscriptionFigures> {
  const now = new Date(nowMs);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [[account], [spending]] = await Promise.all([
    db
      .select({ tier: users.planName, balance: users.credits, limit: plans.monthlyCredits })
      .from(users)
      .innerJoin(plans, eq(plans.name, users.planName))
      .where(eq(users.id, userId)),
    db
      .select({ net: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, userId),
          gte(creditTransactions.createdAt, monthStart),
          inArray(creditTransactions.reason, [...SPENDING_REASONS]),
        ),
      ),
  ]);
  return {
    tier: account?.tier ?? 'free',
    used: Math.max(0, -(spending?.net ?? 0)),
    limit: account?.limit ?? 0,
    balance: account?.balance ?? 0,
    resetsAt: Math.floor(nextMonth.getTime() / 1000),
  };
}
