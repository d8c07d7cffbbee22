import { CREDIT_ROLLOVER_CYCLES, type BillingInterval } from '@sound-studio/shared';

/**
 * Credit-cycle arithmetic. Cycles are calendar months from an anchor (the sign-up): cycle k starts k months after it,
 * on the anchor's day of month or the month's last day when shorter (Jan 31 -> Feb 28 -> Mar 31), always computed from
 * the anchor so the day never drifts.
 */
export function cycleStart(anchor: Date, index: number): Date {
  const target = new Date(anchor.getTime());
  const monthIndex = anchor.getUTCMonth() + index;
  const year = anchor.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  target.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return target;
}

/** The index of the cycle running at `at` (0 before the anchor's second cycle). */
export function cycleIndexAt(anchor: Date, at: Date): number {
  let index = Math.max(0, (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + at.getUTCMonth() - anchor.getUTCMonth() - 1);
  while (cycleStart(anchor, index + 1).getTime() <= at.getTime()) index += 1;
  return index;
}

/** When a grant made in cycle `index` lapses: the start of the cycle CREDIT_ROLLOVER_CYCLES later. */
export function grantExpiry(anchor: Date, index: number): Date {
  return cycleStart(anchor, index + CREDIT_ROLLOVER_CYCLES);
}

export const CYCLES_PER_INTERVAL: Record<BillingInterval, number> = { monthly: 1, yearly: 12 };

export interface Period {
  start: Date;
  end: Date;
}

/** The share of a period still ahead at `now`, between 0 and 1. */
export function remainingFraction(period: Period, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (period.end.getTime() - now.getTime()) / length));
}

export interface ProrationInput {
  now: Date;
  /** What the current plan costs per its period, and that period (a free plan: 0 over the credit cycle). */
  current: { priceCents: number; period: Period; monthlyCredits: number };
  /** The new plan's price per its period, and that period (the current one when the interval stays). */
  next: { priceCents: number; period: Period; monthlyCredits: number };
  /** The credit cycle in progress. */
  cycle: Period;
}

export interface Proration {
  amountDueCents: number;
  credits: number;
}

/**
 * An upgrade now: pay for the new plan's time left less the unused value of what was paid for the current plan, and
 * get the difference in monthly credits for what is left of this credit cycle. Never negative (no credit notes).
 */
export function prorate(input: ProrationInput): Proration {
  const newValue = input.next.priceCents * remainingFraction(input.next.period, input.now);
  const unusedValue = input.current.priceCents * remainingFraction(input.current.period, input.now);
  const creditDifference = input.next.monthlyCredits - input.current.monthlyCredits;
  return {
    amountDueCents: Math.max(0, Math.round(newValue - unusedValue)),
    credits: Math.max(0, Math.round(creditDifference * remainingFraction(input.cycle, input.now))),
  };
}

/** A grant as the FIFO walk sees it: its size and, once it lapsed or was reversed, what that took. */
export interface CreditLot {
  id: string;
  amount: number;
  expiresAt: Date | null;
  /** Credits taken when it closed (expiry or refund reversal, plus shares of holds written off since); null while open. */
  closedAmount: number | null;
}

/** What is left of an open grant, and how much of what it gave is still on hold (not yet charged). */
export interface LotShare {
  remaining: number;
  held: number;
}

/**
 * Each open grant's remainder, spending the oldest first, and its share of the credits on hold. `spent` is everything
 * spending took from the balance (holds, charges, less releases); `held` is the part of it still on hold on open
 * grants. A closed grant used exactly `amount - closedAmount`; the rest of the spending is laid on the open grants,
 * oldest first. Holds are the newest spending, so they are the last `held` credits of that walk: they sit on the
 * newest grants it reached. Credits given back after their grant closed belong to no grant (they never lapse), so the
 * open grants' remainders never add up to more than the balance.
 */
export function openLotShares(lotsOldestFirst: readonly CreditLot[], spent: number, held = 0): Map<string, LotShare> {
  let unassigned = spent;
  for (const lot of lotsOldestFirst) if (lot.closedAmount !== null) unassigned -= lot.amount - lot.closedAmount;
  const consumedEnd = Math.max(0, unassigned);
  const heldStart = consumedEnd - Math.min(Math.max(0, held), consumedEnd);
  const shares = new Map<string, LotShare>();
  let start = 0;
  for (const lot of lotsOldestFirst) {
    if (lot.closedAmount !== null) continue;
    const end = start + lot.amount;
    const consumed = Math.min(lot.amount, Math.max(0, consumedEnd - start));
    const heldShare = Math.max(0, Math.min(end, consumedEnd) - Math.max(start, heldStart));
    shares.set(lot.id, { remaining: lot.amount - consumed, held: heldShare });
    start = end;
  }
  return shares;
}
