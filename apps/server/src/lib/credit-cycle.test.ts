import { describe, expect, it } from 'vitest';
import { cycleIndexAt, cycleStart, grantExpiry, openLotShares, prorate, remainingFraction, type CreditLot } from './credit-cycle.ts';

const at = (iso: string) => new Date(iso);

describe('credit cycles', () => {
  it('start monthly on the anchor day, on the last day of shorter months, without drifting', () => {
    const anchor = at('2030-01-31T09:30:00.000Z');
    expect(cycleStart(anchor, 1).toISOString()).toBe('2030-02-28T09:30:00.000Z');
    expect(cycleStart(anchor, 2).toISOString()).toBe('2030-03-31T09:30:00.000Z');
    expect(cycleStart(anchor, 13).toISOString()).toBe('2031-02-28T09:30:00.000Z');
    expect(cycleStart(anchor, 25).toISOString()).toBe('2032-02-29T09:30:00.000Z');
  });

  it('finds the cycle running at a moment, and when a grant of that cycle lapses (3 cycles later)', () => {
    const anchor = at('2030-03-10T12:00:00.000Z');
    expect(cycleIndexAt(anchor, anchor)).toBe(0);
    expect(cycleIndexAt(anchor, at('2030-04-10T11:59:59.999Z'))).toBe(0);
    expect(cycleIndexAt(anchor, at('2030-04-10T12:00:00.000Z'))).toBe(1);
    expect(cycleIndexAt(anchor, at('2031-03-09T00:00:00.000Z'))).toBe(11);
    expect(grantExpiry(anchor, 0).toISOString()).toBe('2030-06-10T12:00:00.000Z');
    expect(grantExpiry(anchor, 2).toISOString()).toBe('2030-08-10T12:00:00.000Z');
  });
});

describe('proration', () => {
  const cycle = { start: at('2030-03-01T00:00:00.000Z'), end: at('2030-03-31T00:00:00.000Z') };
  const halfway = at('2030-03-16T00:00:00.000Z');

  it('charges the price difference for the rest of the period and grants the credit difference pro rata', () => {
    expect(remainingFraction(cycle, halfway)).toBe(0.5);
    // Starter ($5, 30,000) -> Creator ($22, 100,000) halfway through the month.
    const quote = prorate({
      now: halfway,
      current: { priceCents: 500, period: cycle, monthlyCredits: 30_000 },
      next: { priceCents: 2200, period: cycle, monthlyCredits: 100_000 },
      cycle,
    });
    expect(quote).toEqual({ amountDueCents: 850, credits: 35_000 });
  });

  it('rounds to the cent and the credit, and charges a free account only the new plan', () => {
    const oneThirdLeft = at('2030-03-21T00:00:00.000Z');
    const quote = prorate({
      now: oneThirdLeft,
      current: { priceCents: 0, period: cycle, monthlyCredits: 10_000 },
      next: { priceCents: 9900, period: cycle, monthlyCredits: 500_000 },
      cycle,
    });
    // 9900 / 3 = 3300 cents; 490,000 / 3 = 163,333.33 credits.
    expect(quote).toEqual({ amountDueCents: 3300, credits: 163_333 });
  });

  it('moving to yearly bills the year that starts with this cycle, less the unused part of the month paid for', () => {
    const year = { start: cycle.start, end: at('2031-03-01T00:00:00.000Z') };
    const quote = prorate({
      now: halfway,
      current: { priceCents: 2200, period: cycle, monthlyCredits: 100_000 },
      // Creator yearly: 12 x 22 x 0.8 = $211.20.
      next: { priceCents: 21_120, period: year, monthlyCredits: 100_000 },
      cycle,
    });
    const yearLeft = remainingFraction(year, halfway);
    expect(quote.amountDueCents).toBe(Math.round(21_120 * yearLeft - 1100));
    expect(quote.credits).toBe(0);
  });

  it('never charges or takes credits below zero', () => {
    const quote = prorate({
      now: halfway,
      current: { priceCents: 9900, period: cycle, monthlyCredits: 500_000 },
      next: { priceCents: 500, period: cycle, monthlyCredits: 30_000 },
      cycle,
    });
    expect(quote).toEqual({ amountDueCents: 0, credits: 0 });
  });
});

describe('grant remainders (oldest spent first)', () => {
  const lot = (id: string, amount: number, closedAmount: number | null = null): CreditLot => ({ id, amount, expiresAt: null, closedAmount });

  const remaindersOf = (lots: CreditLot[], spent: number) =>
    new Map([...openLotShares(lots, spent)].map(([id, share]) => [id, share.remaining]));

  it('lays spending on the oldest grants first', () => {
    const remainders = remaindersOf([lot('a', 100), lot('b', 100), lot('c', 100)], 150);
    expect(Object.fromEntries(remainders)).toEqual({ a: 0, b: 50, c: 100 });
  });

  it('counts a closed grant as having used exactly what did not lapse', () => {
    // a: 100 granted, 30 lapsed, so 70 of the 120 spent were a's; b carries the other 50.
    const remainders = remaindersOf([lot('a', 100, 30), lot('b', 100)], 120);
    expect(Object.fromEntries(remainders)).toEqual({ b: 50 });
  });

  it('leaves credits returned after their grant closed to no grant', () => {
    const remainders = remaindersOf([lot('a', 100, 0), lot('b', 100)], 60);
    expect(Object.fromEntries(remainders)).toEqual({ b: 100 });
  });

  it('puts the credits on hold on the newest grants the spending reached', () => {
    // 250 spent, 120 of it still on hold: the held credits are the walk's last 120 (b's last 70 and c's 50).
    const shares = openLotShares([lot('a', 100), lot('b', 100), lot('c', 100)], 250, 120);
    expect(Object.fromEntries(shares)).toEqual({
      a: { remaining: 0, held: 0 },
      b: { remaining: 0, held: 70 },
      c: { remaining: 50, held: 50 },
    });
  });

  it('never counts more on hold than the open grants gave', () => {
    // a closed having used 70; 40 of the open spending is left for b, though 90 is reported held.
    const shares = openLotShares([lot('a', 100, 30), lot('b', 100)], 110, 90);
    expect(Object.fromEntries(shares)).toEqual({ b: { remaining: 60, held: 40 } });
  });
});
