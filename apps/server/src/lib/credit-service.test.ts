import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { creditTransactions } from '../db/schema.ts';
import { openTestDatabase, TestApp } from '../../test/harness.ts';
import { balanceAndLedger } from '../../test/ledger.ts';
import type { CreditService } from './credit-service.ts';
import { AppError } from './errors.ts';

let database: DatabaseHandle;
let t: TestApp;
let credits: CreditService;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  credits = t.app.credits;
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** A new account: 10,000 welcome credits. */
async function newUserId(): Promise<string> {
  return (await t.register()).session.user.id;
}

async function expectConsistent(userId: string, balance: number): Promise<void> {
  expect(await balanceAndLedger(t.db, userId)).toEqual({ balance, ledgerSum: balance });
  expect(await credits.balance(userId)).toBe(balance);
}

async function ledgerOf(userId: string) {
  const rows = await t.db
    .select({ amount: creditTransactions.amount, reason: creditTransactions.reason })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(asc(creditTransactions.sequence));
  return rows;
}

describe('CreditService', () => {
  it('grants write a ledger row and move the balance', async () => {
    const userId = await newUserId();
    expect(await credits.grant(userId, 2500, 'admin_grant', 'Gift', 'ticket-1')).toBe(12_500);
    expect(await ledgerOf(userId)).toEqual([
      { amount: 10_000, reason: 'signup_grant' },
      { amount: 2500, reason: 'admin_grant' },
    ]);
    await expectConsistent(userId, 12_500);
  });

  it('refuses a reservation above the balance with INSUFFICIENT_CREDITS and its details', async () => {
    const userId = await newUserId();
    const failure = await credits.reserve(userId, 10_001, 'Music', 'job-1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      statusCode: 402,
      message: 'Insufficient credits',
      details: { redirectUrl: '/pricing', required: 10_001, available: 10_000 },
    });
    await expectConsistent(userId, 10_000);
  });

  it('settles a hold at the actual amount and gives the difference back, once', async () => {
    const userId = await newUserId();
    const reservationId = await credits.reserve(userId, 500, 'Music, 60 s', 'track-1');
    await expectConsistent(userId, 9500);

    expect(await credits.settle(reservationId, 300)).toMatchObject({ status: 'settled', amount: 500, chargedAmount: 300 });
    await expectConsistent(userId, 9700);
    expect(await credits.settle(reservationId, 300)).toMatchObject({ status: 'settled', chargedAmount: 300 });
    expect(await credits.settle(reservationId)).toMatchObject({ status: 'settled', chargedAmount: 300 });
    expect(await credits.release(reservationId)).toMatchObject({ status: 'settled' });
    await expectConsistent(userId, 9700);
    expect(await ledgerOf(userId)).toEqual([
      { amount: 10_000, reason: 'signup_grant' },
      { amount: -500, reason: 'hold' },
      { amount: 500, reason: 'release' },
      { amount: -300, reason: 'charge' },
    ]);
  });

  it('settles the full hold by default', async () => {
    const userId = await newUserId();
    const reservationId = await credits.reserve(userId, 400, 'Speech', 'tts-1');
    expect(await credits.settle(reservationId)).toMatchObject({ status: 'settled', chargedAmount: 400 });
    await expectConsistent(userId, 9600);
  });

  it('releases a hold in full and never charges for it, once', async () => {
    const userId = await newUserId();
    const reservationId = await credits.reserve(userId, 800, 'Music', 'track-2');
    expect(await credits.release(reservationId)).toMatchObject({ status: 'released', chargedAmount: null });
    expect(await credits.release(reservationId)).toMatchObject({ status: 'released' });
    expect(await credits.settle(reservationId, 800)).toMatchObject({ status: 'released' });
    await expectConsistent(userId, 10_000);
    expect((await ledgerOf(userId)).map((row) => row.reason)).toEqual(['signup_grant', 'hold', 'release']);
  });

  it('refuses to charge more than was held, and unknown reservations', async () => {
    const userId = await newUserId();
    const reservationId = await credits.reserve(userId, 100, 'Speech', 'tts-2');
    await expect(credits.settle(reservationId, 101)).rejects.toThrow(RangeError);
    await expect(credits.release('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(credits.settle('not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expectConsistent(userId, 9900);
  });

  it('lets exactly as many concurrent reservations through as the balance covers', async () => {
    const userId = await newUserId();
    const attempts = Array.from({ length: 50 }, (_, index) => credits.reserve(userId, 1000, 'Concurrent job', `job-${index}`));
    const results = await Promise.allSettled(attempts);
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    expect(failed).toHaveLength(40);
    for (const failure of failed) expect(failure.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    await expectConsistent(userId, 0);

    // Settling and releasing them concurrently keeps the ledger consistent too.
    const ids = succeeded.map((result) => (result as PromiseFulfilledResult<string>).value);
    await Promise.all(ids.map((id, index) => (index % 2 === 0 ? credits.settle(id, 250) : credits.release(id))));
    await expectConsistent(userId, 5 * 750 + 5 * 1000);
  });
});
