import { and, asc, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { CreditReason } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { creditReservations, creditTransactions, users, type HoldForfeit } from '../db/schema.ts';

export type ReservationRow = typeof creditReservations.$inferSelect;
export type LedgerRow = typeof creditTransactions.$inferSelect;
export type NewLedgerRow = Omit<typeof creditTransactions.$inferInsert, 'id' | 'sequence'>;
export type NewReservation = Pick<
  typeof creditReservations.$inferInsert,
  'userId' | 'amount' | 'description' | 'reference' | 'jobId' | 'activity' | 'expiresAt' | 'createdAt'
>;

/**
 * The SQL behind the credit ledger (credit_transactions), the cached balance (users.credits) and the holds
 * (credit_reservations). Built over a database or an open transaction: the caller decides the boundaries and the order
 * of the row locks.
 */
export class CreditRepository {
  constructor(private readonly db: Database) {}

  async findBalance(userId: string): Promise<number | undefined> {
    const [row] = await this.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    return row?.credits;
  }

  /** Atomic `credits + amount`. */
  async addToBalance(userId: string, amount: number): Promise<void> {
    await this.db
      .update(users)
      .set({ credits: sql`${users.credits} + ${amount}` })
      .where(eq(users.id, userId));
  }

  /** Atomic `credits + amount`; the new balance, or undefined when there is no such user. */
  async addToBalanceAndRead(userId: string, amount: number): Promise<number | undefined> {
    const [updated] = await this.db
      .update(users)
      .set({ credits: sql`${users.credits} + ${amount}` })
      .where(eq(users.id, userId))
      .returning({ credits: users.credits });
    return updated?.credits;
  }

  /** Atomic `credits - amount` without a floor (the CHECK (credits >= 0) still holds). */
  async subtractFromBalance(userId: string, amount: number): Promise<void> {
    await this.db
      .update(users)
      .set({ credits: sql`${users.credits} - ${amount}` })
      .where(eq(users.id, userId));
  }

  /** The conditional `credits - amount` that takes the row lock: false when the balance does not cover it. */
  async debitIfCovered(userId: string, amount: number): Promise<boolean> {
    const [debited] = await this.db
      .update(users)
      .set({ credits: sql`${users.credits} - ${amount}` })
      .where(and(eq(users.id, userId), gte(users.credits, amount)))
      .returning({ credits: users.credits });
    return debited !== undefined;
  }

  /** SELECT … FOR UPDATE on the user's row. */
  async lockUserRow(userId: string): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async insertLedgerRow(row: NewLedgerRow): Promise<void> {
    await this.db.insert(creditTransactions).values(row);
  }

  /** Inserts unless a unique index already holds such a row; returns whether this call wrote it. */
  async insertLedgerRowOnce(row: NewLedgerRow): Promise<boolean> {
    const inserted = await this.db
      .insert(creditTransactions)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: creditTransactions.id });
    return inserted.length > 0;
  }

  /** The user's positive rows of these reasons, oldest first. */
  grantRows(userId: string, reasons: readonly CreditReason[]): Promise<LedgerRow[]> {
    return this.db
      .select()
      .from(creditTransactions)
      .where(
        and(eq(creditTransactions.userId, userId), gt(creditTransactions.amount, 0), inArray(creditTransactions.reason, [...reasons])),
      )
      .orderBy(asc(creditTransactions.sequence));
  }

  /** The user's rows of these reasons, as the grant each one closes (its reference) and its amount. */
  closingRows(userId: string, reasons: readonly CreditReason[]): Promise<Array<{ reference: string | null; amount: number }>> {
    return this.db
      .select({ reference: creditTransactions.reference, amount: creditTransactions.amount })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), inArray(creditTransactions.reason, [...reasons])));
  }

  /** The sum of the user's rows of these reasons (0 when none). */
  async sumLedger(userId: string, reasons: readonly CreditReason[]): Promise<number | undefined> {
    const [row] = await this.db
      .select({ sum: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), inArray(creditTransactions.reason, [...reasons])));
    return row?.sum;
  }

  /** SELECT … FOR UPDATE on the reservation's row. */
  async lockReservation(reservationId: string): Promise<ReservationRow | undefined> {
    const [reservation] = await this.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.id, reservationId))
      .for('update');
    return reservation;
  }

  /** The user's holds still held, newest first (by their hold rows' ledger order); locked (FOR UPDATE) when `lock`. */
  heldReservations(userId: string, lock = false): Promise<ReservationRow[]> {
    const holdOrder = sql`(select min(${creditTransactions.sequence}) from ${creditTransactions} where ${creditTransactions.reservationId} = ${creditReservations.id})`;
    const query = this.db
      .select()
      .from(creditReservations)
      .where(and(eq(creditReservations.userId, userId), eq(creditReservations.status, 'held')))
      .orderBy(desc(holdOrder));
    return lock ? query.for('update') : query;
  }

  async setForfeits(reservationId: string, forfeits: HoldForfeit[]): Promise<void> {
    await this.db.update(creditReservations).set({ forfeits }).where(eq(creditReservations.id, reservationId));
  }

  async insertReservation(reservation: NewReservation): Promise<string | undefined> {
    const [row] = await this.db.insert(creditReservations).values(reservation).returning({ id: creditReservations.id });
    return row?.id;
  }

  async resizeReservation(reservationId: string, amount: number): Promise<ReservationRow | undefined> {
    const [row] = await this.db.update(creditReservations).set({ amount }).where(eq(creditReservations.id, reservationId)).returning();
    return row;
  }

  async markSettled(reservationId: string, chargedAmount: number, resolvedAt: Date): Promise<ReservationRow | undefined> {
    const [row] = await this.db
      .update(creditReservations)
      .set({ status: 'settled', chargedAmount, resolvedAt })
      .where(eq(creditReservations.id, reservationId))
      .returning();
    return row;
  }

  async markReleased(reservationId: string, resolvedAt: Date): Promise<ReservationRow | undefined> {
    const [row] = await this.db
      .update(creditReservations)
      .set({ status: 'released', resolvedAt })
      .where(eq(creditReservations.id, reservationId))
      .returning();
    return row;
  }

  /** Moves the expiry of those reservations that are still held; returns how many moved. */
  async renewLeases(reservationIds: readonly string[], expiresAt: Date): Promise<number> {
    const renewed = await this.db
      .update(creditReservations)
      .set({ expiresAt })
      .where(and(inArray(creditReservations.id, [...reservationIds]), eq(creditReservations.status, 'held')))
      .returning({ id: creditReservations.id });
    return renewed.length;
  }
}
