import { and, eq, gte, sql } from 'drizzle-orm';
import { PRICING_PATH, type CreditReason, type InsufficientCreditsDetails } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { creditReservations, creditTransactions, users, type ReservationStatus } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

export type GrantReason = Extract<CreditReason, 'signup_grant' | 'monthly_grant' | 'admin_grant' | 'refund'>;

export interface ReservationOutcome {
  id: string;
  status: ReservationStatus;
  amount: number;
  chargedAmount: number | null;
}

type ReservationRow = typeof creditReservations.$inferSelect;

/**
 * The credit ledger. Every change writes a credit_transactions row and moves the cached users.credits in the same
 * transaction, so the balance always equals the ledger's sum; the CHECK (credits >= 0) is the last line of defence.
 * Work is paid in two steps: reserve (hold) before it starts, then settle (charge) or release (give back).
 */
export class CreditService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The same service inside an open transaction (nested calls become savepoints). */
  within(tx: Database): CreditService {
    return new CreditService(tx, this.clock);
  }

  async balance(userId: string): Promise<number> {
    const [row] = await this.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    if (!row) throw userNotFound();
    return row.credits;
  }

  /** Adds credits; returns the new balance. */
  async grant(userId: string, amount: number, reason: GrantReason, description: string, reference?: string): Promise<number> {
    assertPositiveWhole(amount);
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ credits: sql`${users.credits} + ${amount}` })
        .where(eq(users.id, userId))
        .returning({ credits: users.credits });
      if (!updated) throw userNotFound();
      await tx.insert(creditTransactions).values({
        userId,
        amount,
        reason,
        description,
        reference: reference ?? null,
        createdAt: this.#now(),
      });
      return updated.credits;
    });
  }

  /**
   * Holds `amount` credits for work about to start and returns the reservation id. The conditional UPDATE takes the
   * row lock, so concurrent reservations can never overdraw the balance.
   */
  async reserve(userId: string, amount: number, description: string, reference: string): Promise<string> {
    assertPositiveWhole(amount);
    return this.db.transaction(async (tx) => {
      const createdAt = this.#now();
      const [debited] = await tx
        .update(users)
        .set({ credits: sql`${users.credits} - ${amount}` })
        .where(and(eq(users.id, userId), gte(users.credits, amount)))
        .returning({ credits: users.credits });
      if (!debited) {
        const available = await this.within(tx).balance(userId);
        const details: InsufficientCreditsDetails = { redirectUrl: PRICING_PATH, required: amount, available };
        throw new AppError('INSUFFICIENT_CREDITS', 'Insufficient credits', { ...details });
      }
      const [reservation] = await tx
        .insert(creditReservations)
        .values({ userId, amount, description, reference, createdAt })
        .returning({ id: creditReservations.id });
      if (!reservation) throw new Error('Reservation insert returned no row');
      await tx.insert(creditTransactions).values({
        userId,
        amount: -amount,
        reason: 'hold',
        description,
        reference,
        reservationId: reservation.id,
        createdAt,
      });
      return reservation.id;
    });
  }

  /**
   * Charges finished work: releases the hold and charges `actualAmount` (default: the amount held); any difference
   * returns to the balance. Settling again, or settling a released reservation, changes nothing.
   */
  async settle(reservationId: string, actualAmount?: number): Promise<ReservationOutcome> {
    return this.db.transaction(async (tx) => {
      const reservation = await lockReservation(tx, reservationId);
      if (reservation.status !== 'held') return outcomeOf(reservation);
      const charged = actualAmount ?? reservation.amount;
      if (!Number.isSafeInteger(charged) || charged < 0 || charged > reservation.amount) {
        throw new RangeError(`Cannot charge ${charged} credits against a hold of ${reservation.amount}`);
      }
      const resolvedAt = this.#now();
      await this.#returnHold(tx, reservation, resolvedAt, reservation.amount - charged);
      if (charged > 0) {
        await tx.insert(creditTransactions).values({
          userId: reservation.userId,
          amount: -charged,
          reason: 'charge',
          description: reservation.description,
          reference: reservation.reference,
          reservationId: reservation.id,
          createdAt: resolvedAt,
        });
      }
      const [settled] = await tx
        .update(creditReservations)
        .set({ status: 'settled', chargedAmount: charged, resolvedAt })
        .where(eq(creditReservations.id, reservation.id))
        .returning();
      return outcomeOf(settled ?? reservation);
    });
  }

  /** Gives a hold back in full (failed or cancelled work is never charged). Releasing again changes nothing. */
  async release(reservationId: string): Promise<ReservationOutcome> {
    return this.db.transaction(async (tx) => {
      const reservation = await lockReservation(tx, reservationId);
      if (reservation.status !== 'held') return outcomeOf(reservation);
      const resolvedAt = this.#now();
      await this.#returnHold(tx, reservation, resolvedAt, reservation.amount);
      const [released] = await tx
        .update(creditReservations)
        .set({ status: 'released', resolvedAt })
        .where(eq(creditReservations.id, reservation.id))
        .returning();
      return outcomeOf(released ?? reservation);
    });
  }

  /** Writes the 'release' row for the whole hold and credits the balance with what is not charged. */
  async #returnHold(tx: Database, reservation: ReservationRow, at: Date, creditedBack: number): Promise<void> {
    await tx.insert(creditTransactions).values({
      userId: reservation.userId,
      amount: reservation.amount,
      reason: 'release',
      description: reservation.description,
      reference: reservation.reference,
      reservationId: reservation.id,
      createdAt: at,
    });
    // The hold's amount comes back and the charge (written separately) takes its part again.
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${creditedBack}` })
      .where(eq(users.id, reservation.userId));
  }

  #now(): Date {
    return new Date(this.clock.now());
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lockReservation(tx: Database, reservationId: string): Promise<ReservationRow> {
  if (!UUID_PATTERN.test(reservationId)) throw new AppError('NOT_FOUND', 'Reservation not found');
  const [reservation] = await tx
    .select()
    .from(creditReservations)
    .where(eq(creditReservations.id, reservationId))
    .for('update');
  if (!reservation) throw new AppError('NOT_FOUND', 'Reservation not found');
  return reservation;
}

function outcomeOf(reservation: ReservationRow): ReservationOutcome {
  return {
    id: reservation.id,
    status: reservation.status,
    amount: reservation.amount,
    chargedAmount: reservation.chargedAmount,
  };
}

function assertPositiveWhole(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Credit amounts must be positive whole numbers, got ${amount}`);
}

function userNotFound(): AppError {
  return new AppError('NOT_FOUND', 'User not found');
}
