import {
  CREDIT_FAILURE_MESSAGES,
  PRICING_PATH,
  type CreditActivity,
  type CreditReason,
  type InsufficientCreditsDetails,
} from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import type { HoldForfeit, ReservationStatus } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { openLotShares, type CreditLot } from './credit-cycle.ts';
import { CreditRepository, type ReservationRow } from './credit-repository.ts';
import { AppError } from './errors.ts';

export type GrantReason = Extract<CreditReason, 'signup_grant' | 'monthly_grant' | 'admin_grant' | 'refund'>;
/** Rows that close a grant: its remainder lapsing, or being taken back with a refunded payment. */
export type GrantClosingReason = Extract<CreditReason, 'expiry' | 'refund_reversal'>;

const GRANT_REASONS: readonly GrantReason[] = ['signup_grant', 'monthly_grant', 'admin_grant', 'refund'];
const CLOSING_REASONS: readonly GrantClosingReason[] = ['expiry', 'refund_reversal'];
const SPENDING_REASONS: readonly CreditReason[] = ['hold', 'charge', 'release'];

/** An open grant and what is left of it (oldest spent first). */
export interface OpenGrant {
  id: string;
  amount: number;
  remaining: number;
  /** Of what it gave, the credits still on hold for unfinished work. */
  held: number;
  reason: GrantReason;
  reference: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface ReservationOutcome {
  id: string;
  status: ReservationStatus;
  amount: number;
  chargedAmount: number | null;
}

/**
 * Who settles a hold. A request settles it before it replies (its process renews the hold's lease while it runs); a
 * job settles it when its run ends (the job's row says whether it still runs). The sweep releases holds nobody will.
 */
export type HoldOwner = { kind: 'request' } | { kind: 'job'; jobId: string };
export const REQUEST_HOLD: HoldOwner = { kind: 'request' };
export const jobHold = (jobId: string): HoldOwner => ({ kind: 'job', jobId });

/** How long a hold counts as looked after without proof (see credit_reservations.expires_at). */
export const DEFAULT_HOLD_LEASE_MS = 120_000;

/**
 * The request holds this process is still working on. Their leases are renewed by the sweeper; after a crash nobody
 * renews them, so they lapse. An entry older than `maxAgeMs` (a request that forgot its hold) is renewed no more.
 */
export class LiveRequestHolds {
  readonly #since = new Map<string, number>();

  add(reservationId: string, now: number): void {
    this.#since.set(reservationId, now);
  }

  delete(reservationId: string): void {
    this.#since.delete(reservationId);
  }

  has(reservationId: string): boolean {
    return this.#since.has(reservationId);
  }

  /** The holds to renew now; forgotten ones are dropped. */
  renewable(now: number, maxAgeMs: number): string[] {
    for (const [id, since] of this.#since) if (now - since > maxAgeMs) this.#since.delete(id);
    return [...this.#since.keys()];
  }
}

export interface CreditServiceOptions {
  /** See DEFAULT_HOLD_LEASE_MS. */
  holdLeaseMs?: number;
  /** Shared by the service and every copy of it inside a transaction. */
  liveRequestHolds?: LiveRequestHolds;
}

/**
 * The credit ledger. Every change writes a credit_transactions row and moves the cached users.credits in the same
 * transaction, so the balance always equals the ledger's sum; the CHECK (credits >= 0) is the last line of defence.
 * Work is paid in two steps: reserve (hold) before it starts, then settle (charge) or release (give back).
 */
export class CreditService {
  readonly holdLeaseMs: number;
  readonly liveRequestHolds: LiveRequestHolds;
  readonly #ledger: CreditRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    options: CreditServiceOptions = {},
  ) {
    this.holdLeaseMs = options.holdLeaseMs ?? DEFAULT_HOLD_LEASE_MS;
    this.liveRequestHolds = options.liveRequestHolds ?? new LiveRequestHolds();
    this.#ledger = new CreditRepository(db);
  }

  /** The same service inside an open transaction (nested calls become savepoints). */
  within(tx: Database): CreditService {
    return new CreditService(tx, this.clock, { holdLeaseMs: this.holdLeaseMs, liveRequestHolds: this.liveRequestHolds });
  }

  async balance(userId: string): Promise<number> {
    const credits = await this.#ledger.findBalance(userId);
    if (credits === undefined) throw userNotFound();
    return credits;
  }

  /** Adds credits; returns the new balance. `expiresAt`: when the grant's unspent remainder lapses (never: null). */
  async grant(
    userId: string,
    amount: number,
    reason: GrantReason,
    description: string,
    reference?: string,
    expiresAt: Date | null = null,
  ): Promise<number> {
    assertPositiveWhole(amount);
    return this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      const credits = await ledger.addToBalanceAndRead(userId, amount);
      if (credits === undefined) throw userNotFound();
      await ledger.insertLedgerRow({
        userId,
        amount,
        reason,
        description,
        reference: reference ?? null,
        expiresAt,
        createdAt: this.#now(),
      });
      return credits;
    });
  }

  /**
   * A monthly grant keyed by `reference` (a cycle or a plan change): written once per user and reference, whichever
   * node or retry gets there first (the unique index credit_transactions_monthly_grant_once decides). Returns whether
   * this call wrote it.
   */
  async grantOnce(userId: string, amount: number, description: string, reference: string, expiresAt: Date | null): Promise<boolean> {
    assertPositiveWhole(amount);
    return this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      const inserted = await ledger.insertLedgerRowOnce({
        userId,
        amount,
        reason: 'monthly_grant',
        description,
        reference,
        expiresAt,
        createdAt: this.#now(),
      });
      if (!inserted) return false;
      if ((await ledger.addToBalanceAndRead(userId, amount)) === undefined) throw userNotFound();
      return true;
    });
  }

  /** The user's grants that have not lapsed or been reversed, oldest first, with what is left of each. */
  async openGrants(userId: string): Promise<OpenGrant[]> {
    const ledger = this.#ledger;
    const grants = await ledger.grantRows(userId, GRANT_REASONS);
    const closings = await ledger.closingRows(userId, CLOSING_REASONS);
    const spent = await ledger.sumLedger(userId, SPENDING_REASONS);
    const holds = await ledger.heldReservations(userId);
    // A refunded grant closes with one row and may lose more later (its shares of holds, as they end).
    const closedAmount = new Map<string, number>();
    for (const row of closings) if (row.reference) closedAmount.set(row.reference, (closedAmount.get(row.reference) ?? 0) - row.amount);
    const lots: CreditLot[] = grants.map((row) => ({
      id: row.id,
      amount: row.amount,
      expiresAt: row.expiresAt,
      closedAmount: closedAmount.get(row.id) ?? null,
    }));
    // Written-off shares of holds belong to grants already closed, so they are not on hold on open ones.
    const heldOnOpenGrants = holds.reduce((sum, hold) => sum + hold.amount - forfeitTotal(hold.forfeits), 0);
    const shares = openLotShares(lots, -(spent ?? 0), heldOnOpenGrants);
    return grants.flatMap((row) => {
      const share = shares.get(row.id);
      if (!share) return [];
      return [
        {
          id: row.id,
          amount: row.amount,
          remaining: share.remaining,
          held: share.held,
          reason: row.reason as GrantReason,
          reference: row.reference,
          expiresAt: row.expiresAt,
          createdAt: row.createdAt,
        },
      ];
    });
  }

  /**
   * Closes grants: their unspent remainders leave the balance as 'expiry' (lapsed) rows, one per grant even when nothing
   * is left (the row marks the grant closed; the unique index keeps it to one). The user's row is locked first, so no
   * spending moves between reading the remainders and taking them. Returns the credits taken.
   */
  async #closeGrants(userId: string, pick: (open: OpenGrant[]) => OpenGrant[], reason: GrantClosingReason, description: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      await ledger.lockUserRow(userId);
      const inTx = this.within(tx);
      let taken = 0;
      for (const grant of pick(await inTx.openGrants(userId))) {
        const inserted = await ledger.insertLedgerRowOnce({
          userId,
          amount: -grant.remaining,
          reason,
          description,
          reference: grant.id,
          createdAt: this.#now(),
        });
        if (!inserted || grant.remaining === 0) continue;
        await ledger.subtractFromBalance(userId, grant.remaining);
        taken += grant.remaining;
      }
      return taken;
    });
  }

  /** Lapses every open grant whose roll-over limit has come by `at`. */
  expireGrants(userId: string, at: Date): Promise<number> {
    return this.#closeGrants(
      userId,
      (open) => open.filter((grant) => grant.expiresAt !== null && grant.expiresAt.getTime() <= at.getTime()),
      'expiry',
      'Unused credits expired',
    );
  }

  /**
   * Takes refunded grants back, so none of their credits can be spent again:
   * - the unspent remainder leaves the balance at once;
   * - their credits on hold for unfinished work are taken over by the rest of the balance as far as it goes (the
   *   refund takes that much more now, and the work stays paid for: it finishes and is charged as usual);
   * - what the balance cannot take over is written off on those holds, newest first: when such a hold ends, that
   *   part never comes back (a failed or cancelled job returns nothing of it), and finished work whose own hold
   *   cannot absorb it is charged to what the balance holds then, or stopped uncharged (see settle).
   * One 'refund_reversal' row per grant (the unique index keeps it to one). Returns the credits taken now.
   */
  async reverseGrants(userId: string, pick: (open: OpenGrant[]) => OpenGrant[], description: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      await ledger.lockUserRow(userId);
      const holds = await ledger.heldReservations(userId, true);
      const inTx = this.within(tx);
      let taken = 0;
      for (const { id } of pick(await inTx.openGrants(userId))) {
        // Each reversal moves the others' shares (a closed grant's held credits are no longer on open ones).
        const grant = (await inTx.openGrants(userId)).find((open) => open.id === id);
        if (!grant) continue;
        const takenOver = Math.max(0, Math.min(grant.held, (await inTx.balance(userId)) - grant.remaining));
        const reversal = grant.remaining + takenOver;
        const inserted = await ledger.insertLedgerRowOnce({
          userId,
          amount: -reversal,
          reason: 'refund_reversal',
          description,
          reference: id,
          createdAt: this.#now(),
        });
        if (!inserted) continue;
        if (reversal > 0) await ledger.subtractFromBalance(userId, reversal);
        await writeOffOnHolds(ledger, holds, id, grant.held - takenOver);
        taken += reversal;
      }
      return taken;
    });
  }

  /**
   * Holds `amount` credits for work about to start and returns the reservation id. The conditional UPDATE takes the
   * row lock, so concurrent reservations can never overdraw the balance. A request's hold counts as live in this
   * process until it is settled or released. `activity` says what the credits pay for (shown in the credit activity).
   */
  async reserve(
    userId: string,
    amount: number,
    description: string,
    reference: string,
    owner: HoldOwner = REQUEST_HOLD,
    activity: CreditActivity | null = null,
  ): Promise<string> {
    assertPositiveWhole(amount);
    const reservationId = await this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      const createdAt = this.#now();
      if (!(await ledger.debitIfCovered(userId, amount))) {
        const available = await this.within(tx).balance(userId);
        const details: InsufficientCreditsDetails = { redirectUrl: PRICING_PATH, required: amount, available };
        throw new AppError('INSUFFICIENT_CREDITS', 'Insufficient credits', { ...details });
      }
      const id = await ledger.insertReservation({
        userId,
        amount,
        description,
        reference,
        jobId: owner.kind === 'job' ? owner.jobId : null,
        activity,
        expiresAt: new Date(createdAt.getTime() + this.holdLeaseMs),
        createdAt,
      });
      if (!id) throw new Error('Reservation insert returned no row');
      await ledger.insertLedgerRow({
        userId,
        amount: -amount,
        reason: 'hold',
        description,
        reference,
        reservationId: id,
        createdAt,
      });
      return id;
    });
    if (owner.kind === 'request') this.liveRequestHolds.add(reservationId, this.clock.now());
    return reservationId;
  }

  /**
   * Holds more for work that turned out bigger than estimated (an upload longer than its header said): the held
   * reservation grows to `amount` (402 INSUFFICIENT_CREDITS when the balance cannot cover the difference). Growing to
   * what is already held, or less, changes nothing.
   */
  async extend(reservationId: string, amount: number): Promise<ReservationOutcome> {
    assertPositiveWhole(amount);
    return this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      const reservation = await lockReservation(ledger, reservationId);
      const extra = amount - reservation.amount;
      if (reservation.status !== 'held' || extra <= 0) return outcomeOf(reservation);
      if (!(await ledger.debitIfCovered(reservation.userId, extra))) {
        const available = await this.within(tx).balance(reservation.userId);
        const details: InsufficientCreditsDetails = { redirectUrl: PRICING_PATH, required: extra, available };
        throw new AppError('INSUFFICIENT_CREDITS', 'Insufficient credits', { ...details });
      }
      await ledger.insertLedgerRow({
        userId: reservation.userId,
        amount: -extra,
        reason: 'hold',
        description: reservation.description,
        reference: reservation.reference,
        reservationId: reservation.id,
        createdAt: this.#now(),
      });
      const extended = await ledger.resizeReservation(reservation.id, amount);
      return outcomeOf(extended ?? reservation);
    });
  }

  /** Pushes the leases of this process's live request holds forward (the sweeper calls it on every round). */
  async renewLeases(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.#ledger.renewLeases(ids, new Date(this.clock.now() + this.holdLeaseMs));
  }

  /**
   * Charges finished work: releases the hold and charges `actualAmount` (default: the amount held); any difference
   * returns to the balance. Settling again, or settling a released reservation, changes nothing. A hold carrying a
   * refunded grant's share (see reverseGrants) gives that share back to nobody: the charge plus that share must fit in
   * the hold and the balance, else 402 INSUFFICIENT_CREDITS and nothing changes (the work is stopped, then released).
   */
  async settle(reservationId: string, actualAmount?: number): Promise<ReservationOutcome> {
    this.liveRequestHolds.delete(reservationId);
    return this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      const reservation = await lockReservation(ledger, reservationId);
      if (reservation.status !== 'held') return outcomeOf(reservation);
      const charged = actualAmount ?? reservation.amount;
      if (!Number.isSafeInteger(charged) || charged < 0 || charged > reservation.amount) {
        throw new RangeError(`Cannot charge ${charged} credits against a hold of ${reservation.amount}`);
      }
      const resolvedAt = this.#now();
      // A refunded grant's share written off on this hold comes out of what the hold gives back; where that is not
      // enough, the rest of the balance pays, or the work is stopped uncharged (the caller's failure path releases it).
      const creditedBack = reservation.amount - charged - forfeitTotal(reservation.forfeits);
      if (creditedBack < 0 && !(await ledger.debitIfCovered(reservation.userId, -creditedBack))) {
        const available = await this.within(tx).balance(reservation.userId);
        const details: InsufficientCreditsDetails = { redirectUrl: PRICING_PATH, required: -creditedBack, available };
        throw new AppError('INSUFFICIENT_CREDITS', CREDIT_FAILURE_MESSAGES.refundedWorkStopped, { ...details });
      }
      await returnHold(ledger, reservation, resolvedAt, Math.max(0, creditedBack));
      if (charged > 0) {
        await ledger.insertLedgerRow({
          userId: reservation.userId,
          amount: -charged,
          reason: 'charge',
          description: reservation.description,
          reference: reservation.reference,
          reservationId: reservation.id,
          createdAt: resolvedAt,
        });
      }
      const settled = await ledger.markSettled(reservation.id, charged, resolvedAt);
      return outcomeOf(settled ?? reservation);
    });
  }

  /** Gives a hold back in full (failed or cancelled work is never charged). Releasing again changes nothing. */
  async release(reservationId: string): Promise<ReservationOutcome> {
    this.liveRequestHolds.delete(reservationId);
    return this.db.transaction(async (tx) => {
      const ledger = new CreditRepository(tx);
      const reservation = await lockReservation(ledger, reservationId);
      if (reservation.status !== 'held') return outcomeOf(reservation);
      const resolvedAt = this.#now();
      await returnHold(ledger, reservation, resolvedAt, reservation.amount - forfeitTotal(reservation.forfeits));
      const released = await ledger.markReleased(reservation.id, resolvedAt);
      return outcomeOf(released ?? reservation);
    });
  }

  #now(): Date {
    return new Date(this.clock.now());
  }
}

/**
 * Writes the 'release' row for the whole hold, a 'refund_reversal' row for each refunded grant's share written off on
 * it, and credits the balance with `creditedBack` (what neither the charge, written separately, nor those shares take).
 */
async function returnHold(ledger: CreditRepository, reservation: ReservationRow, at: Date, creditedBack: number): Promise<void> {
  await ledger.insertLedgerRow({
    userId: reservation.userId,
    amount: reservation.amount,
    reason: 'release',
    description: reservation.description,
    reference: reservation.reference,
    reservationId: reservation.id,
    createdAt: at,
  });
  for (const forfeit of reservation.forfeits) {
    await ledger.insertLedgerRow({
      userId: reservation.userId,
      amount: -forfeit.amount,
      reason: 'refund_reversal',
      description: 'Credits of a refunded payment, held for this work',
      reference: forfeit.grantId,
      reservationId: reservation.id,
      createdAt: at,
    });
  }
  await ledger.addToBalance(reservation.userId, creditedBack);
}

/** Writes `amount` of a refunded grant off on the holds (newest first, as far as each has room). */
async function writeOffOnHolds(ledger: CreditRepository, holdsNewestFirst: ReservationRow[], grantId: string, amount: number): Promise<void> {
  let left = amount;
  for (const hold of holdsNewestFirst) {
    if (left <= 0) return;
    const share = Math.min(left, hold.amount - forfeitTotal(hold.forfeits));
    if (share <= 0) continue;
    hold.forfeits = [...hold.forfeits, { grantId, amount: share }];
    await ledger.setForfeits(hold.id, hold.forfeits);
    left -= share;
  }
}

function forfeitTotal(forfeits: readonly HoldForfeit[]): number {
  return forfeits.reduce((sum, forfeit) => sum + forfeit.amount, 0);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lockReservation(ledger: CreditRepository, reservationId: string): Promise<ReservationRow> {
  if (!UUID_PATTERN.test(reservationId)) throw new AppError('NOT_FOUND', 'Reservation not found');
  const reservation = await ledger.lockReservation(reservationId);
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
