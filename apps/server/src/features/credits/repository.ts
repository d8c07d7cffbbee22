import { and, desc, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { CreditReason, CreditTransaction } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { creditReservations, creditTransactions, plans, users } from '../../db/schema.ts';

const GRANT_REASONS: CreditReason[] = ['signup_grant', 'monthly_grant', 'admin_grant'];
const SPEND_REASONS: CreditReason[] = ['charge', 'refund'];

/** Reads behind the credit summary. */
export class CreditsRepository {
  constructor(private readonly db: Database) {}

  async findAccount(userId: string) {
    const [row] = await this.db
      .select({ balance: users.credits, subscription: plans.displayName, monthlyAllowance: plans.monthlyCredits })
      .from(users)
      .innerJoin(plans, eq(plans.name, users.planName))
      .where(eq(users.id, userId));
    return row;
  }

  /** Net charges (charges minus refunds) and grants in [from, to). */
  async monthTotals(userId: string, from: Date, to: Date): Promise<{ used: number; granted: number }> {
    const sumOf = (reasons: CreditReason[]) =>
      sql<number>`coalesce(sum(${creditTransactions.amount}) filter (where ${inArray(creditTransactions.reason, reasons)}), 0)::int`;
    const [row] = await this.db
      .select({ spent: sumOf(SPEND_REASONS), granted: sumOf(GRANT_REASONS) })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, userId),
          gte(creditTransactions.createdAt, from),
          lt(creditTransactions.createdAt, to),
        ),
      );
    return { used: -(row?.spent ?? 0), granted: row?.granted ?? 0 };
  }

  /**
   * Latest ledger rows, newest first. Holds and releases of finished reservations net to zero and are left out;
   * an open hold is shown. So are zero rows (a fully spent grant's closing row: nothing lapsed).
   */
  async recentTransactions(userId: string, limit: number): Promise<CreditTransaction[]> {
    const rows = await this.db
      .select({
        id: creditTransactions.id,
        amount: creditTransactions.amount,
        reason: creditTransactions.reason,
        description: creditTransactions.description,
        reference: creditTransactions.reference,
        activity: creditReservations.activity,
        createdAt: creditTransactions.createdAt,
      })
      .from(creditTransactions)
      .leftJoin(creditReservations, eq(creditReservations.id, creditTransactions.reservationId))
      .where(
        and(
          eq(creditTransactions.userId, userId),
          ne(creditTransactions.amount, 0),
          or(
            notInArray(creditTransactions.reason, ['hold', 'release']),
            isNull(creditReservations.id),
            eq(creditReservations.status, 'held'),
          ),
        ),
      )
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.sequence))
      .limit(limit);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}
