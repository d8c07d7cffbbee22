import type { CreditReason } from '@sound-studio/shared';
import type { Database } from '../../../db/client.ts';
import { findAccountFigures, sumLedgerSince } from './account-repository.ts';

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

const SPENDING_REASONS: readonly CreditReason[] = ['hold', 'charge', 'release', 'refund'];

/** ElevenLabs' GET /v1/user/subscription figures, read from the credit ledger and the plan. */
export async function subscriptionFigures(db: Database, userId: string, nowMs: number): Promise<SubscriptionFigures> {
  const now = new Date(nowMs);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [account, spent] = await Promise.all([
    findAccountFigures(db, userId),
    sumLedgerSince(db, userId, monthStart, SPENDING_REASONS),
  ]);
  return {
    tier: account?.tier ?? 'free',
    used: Math.max(0, -(spent ?? 0)),
    limit: account?.limit ?? 0,
    balance: account?.balance ?? 0,
    resetsAt: Math.floor(nextMonth.getTime() / 1000),
  };
}
