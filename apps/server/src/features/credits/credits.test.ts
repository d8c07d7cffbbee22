import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditSummary } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, TestClock } from '../../../test/harness.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database, clock: new TestClock('2030-03-10T12:00:00.000Z') });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

async function summaryOf(token: string): Promise<CreditSummary> {
  return dataOf<CreditSummary>(await t.request({ url: '/api/credits/summary', token }));
}

describe('GET /api/credits/summary', () => {
  it('shows a new account its welcome credits', async () => {
    const { session } = await t.register();
    expect(await summaryOf(session.accessToken)).toEqual({
      balance: 10_000,
      subscription: 'Free Plan',
      monthlyAllowance: 10_000,
      thisMonth: { used: 0, granted: 10_000 },
      transactions: [
        {
          id: expect.any(String),
          amount: 10_000,
          reason: 'signup_grant',
          description: 'Welcome credits',
          reference: null,
          activity: null,
          createdAt: '2030-03-10T12:00:00.000Z',
        },
      ],
    });
  });

  it('adds up this month, shows open holds and hides holds that were settled or released', async () => {
    const { session } = await t.register();
    const userId = session.user.id;
    const credits = t.app.credits;
    const tick = () => t.clock.advanceSeconds(1);

    tick();
    await credits.reserve(userId, 1000, 'Music (open)', 'track-open');
    tick();
    const settled = await credits.reserve(userId, 500, 'Music (settled)', 'track-settled');
    tick();
    await credits.settle(settled, 200);
    tick();
    const released = await credits.release(await credits.reserve(userId, 300, 'Music (failed)', 'track-failed'));
    expect(released.status).toBe('released');
    tick();
    await credits.grant(userId, 5000, 'admin_grant', 'Operator gift');

    const summary = await summaryOf(session.accessToken);
    expect(summary.balance).toBe(10_000 - 1000 - 200 + 5000);
    expect(summary.thisMonth).toEqual({ used: 200, granted: 15_000 });
    expect(summary.transactions.map(({ reason, amount, reference }) => ({ reason, amount, reference }))).toEqual([
      { reason: 'admin_grant', amount: 5000, reference: null },
      { reason: 'charge', amount: -200, reference: 'track-settled' },
      { reason: 'hold', amount: -1000, reference: 'track-open' },
      { reason: 'signup_grant', amount: 10_000, reference: null },
    ]);
  });

  it('says what each hold and charge paid for', async () => {
    const { session } = await t.register();
    const userId = session.user.id;
    const credits = t.app.credits;
    t.clock.advanceSeconds(1);
    const speech = await credits.reserve(userId, 83, 'Text to speech (83 characters)', 'tts:a', undefined, { kind: 'speech', characters: 83 });
    await credits.settle(speech);
    t.clock.advanceSeconds(1);
    await credits.reserve(userId, 300, 'Music: Song (30 s)', 'track-b', undefined, { kind: 'music', seconds: 30 });

    const summary = await summaryOf(session.accessToken);
    expect(summary.transactions.map(({ reason, activity }) => ({ reason, activity }))).toEqual([
      { reason: 'hold', activity: { kind: 'music', seconds: 30 } },
      { reason: 'charge', activity: { kind: 'speech', characters: 83 } },
      { reason: 'signup_grant', activity: null },
    ]);
  });

  it('counts only the current UTC month and lists at most the 10 newest rows', async () => {
    const clock = new TestClock('2030-05-31T23:59:00.000Z');
    const app = await TestApp.start({ database, clock });
    try {
      const { session } = await app.register();
      for (let index = 0; index < 11; index += 1) {
        clock.advanceSeconds(1);
        await app.app.credits.settle(await app.app.credits.reserve(session.user.id, 10, `Job ${index}`, `job-${index}`));
      }
      clock.advanceSeconds(60);
      const summary = dataOf<CreditSummary>(await app.request({ url: '/api/credits/summary', token: session.accessToken }));
      expect(summary.balance).toBe(10_000 - 110);
      expect(summary.thisMonth).toEqual({ used: 0, granted: 0 });
      expect(summary.transactions).toHaveLength(10);
      expect(summary.transactions[0]?.reference).toBe('job-10');
      expect(summary.transactions.every((row) => row.reason === 'charge')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("only ever shows the caller's own credits", async () => {
    const alice = await t.register();
    const bob = await t.register();
    await t.app.credits.grant(bob.session.user.id, 777, 'admin_grant', 'Only for Bob');
    const aliceSummary = await summaryOf(alice.session.accessToken);
    expect(aliceSummary.balance).toBe(10_000);
    expect(aliceSummary.transactions.some((row) => row.description === 'Only for Bob')).toBe(false);
    expect((await summaryOf(bob.session.accessToken)).balance).toBe(10_777);
  });

  it('needs a token', async () => {
    const reply = await t.request({ url: '/api/credits/summary' });
    expect(reply.statusCode).toBe(401);
    expect(errorOf(reply).code).toBe('UNAUTHORIZED');
  });
});
