import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, CheckoutReply, MusicTrack, PendingChange } from '@sound-studio/shared';
import type { MusicEngine, MusicRequest, MusicResult } from '@sound-studio/audio';
import { FastMusicEngine } from '@sound-studio/audio/testing';
import type { DatabaseHandle } from '../../db/client.ts';
import { creditReservations, creditTransactions } from '../../db/schema.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import { dataOf, errorOf, openTestDatabase, TEST_ADMIN_TOKEN, TestApp, TestClock, type RegisteredUser } from '../../../test/harness.ts';
import { MUSIC_TEST_ENV, settledTrack, startTrack } from '../../../test/music.ts';

/**
 * The refund rule with work on hold (issue: a refund kept the refunded plan's credits that were on hold, and gave them
 * back when the work was deleted). Music jobs wait at a gate, so their holds stay held while the refund happens.
 */
class GatedMusicEngine implements MusicEngine {
  readonly provider = 'local' as const;
  readonly #inner = new FastMusicEngine();
  #open!: () => void;
  #gate!: Promise<void>;

  constructor() {
    this.close_gate();
  }

  close_gate(): void {
    this.#gate = new Promise((resolve) => (this.#open = resolve));
  }

  open(): void {
    this.#open();
  }

  async generate(request: MusicRequest): Promise<MusicResult> {
    await new Promise<void>((resolve, reject) => {
      request.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      void this.#gate.then(resolve);
    });
    // Rendered short for speed, but reported at the length asked for: a track is charged for the length delivered.
    const result = await this.#inner.generate({ ...request, durationSeconds: 5 });
    return { ...result, durationSeconds: request.durationSeconds };
  }

  async close(): Promise<void> {
    this.open();
  }
}

const START = '2030-03-10T12:00:00.000Z';
const engine = new GatedMusicEngine();
let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database, clock: new TestClock(START), env: MUSIC_TEST_ENV, musicEngine: engine });
});

afterEach(() => {
  engine.open();
  engine.close_gate();
});

afterAll(async () => {
  engine.open();
  await t?.close();
  await database?.close();
});

async function upgradeToStarter(user: RegisteredUser): Promise<void> {
  const reply = dataOf<CheckoutReply>(
    await t.request({ method: 'POST', url: '/api/billing/checkout', token: user.session.accessToken, body: { plan: 'starter', interval: 'monthly' } }),
  );
  const pending = (reply as Extract<CheckoutReply, { action: 'pending' }>).billing.pendingChange as PendingChange;
  const approved = await t.request({ method: 'POST', url: `/api/admin/subscriptions/${pending.id}/approve`, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } });
  expect(approved.statusCode).toBe(200);
}

async function refund(user: RegisteredUser): Promise<BillingOverview> {
  return dataOf<BillingOverview>(await t.request({ method: 'POST', url: '/api/billing/refund', token: user.session.accessToken }));
}

async function deleteTrack(user: RegisteredUser, id: string): Promise<void> {
  const reply = await t.request({ method: 'DELETE', url: `/api/music/${id}`, token: user.session.accessToken });
  expect(reply.statusCode).toBe(200);
}

/** The balance, after checking it equals the ledger's sum. */
async function balanceOf(userId: string): Promise<number> {
  const { balance, ledgerSum } = await balanceAndLedger(t.db, userId);
  expect(balance).toBe(ledgerSum);
  return balance;
}

async function heldCount(userId: string): Promise<number> {
  const rows = await t.db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(and(eq(creditReservations.userId, userId), eq(creditReservations.status, 'held')));
  return rows.length;
}

async function startTracks(user: RegisteredUser, count: number): Promise<MusicTrack[]> {
  const tracks: MusicTrack[] = [];
  for (let index = 0; index < count; index += 1) tracks.push(await startTrack(t, user, { prompt: `Calm piano ${index}`, duration: 240 }));
  return tracks;
}

describe('a refund with work on hold', () => {
  it("keeps none of the refunded plan's held credits when the work is deleted, however often it is repeated", async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    await upgradeToStarter(user);
    expect(await balanceOf(userId)).toBe(30_000);

    // 18 four-minute tracks hold 28,800: the welcome grant's 10,000 and 18,800 of Starter's 20,000.
    const tracks = await startTracks(user, 18);
    expect(tracks.reduce((sum, track) => sum + track.credits, 0)).toBe(28_800);
    expect(await balanceOf(userId)).toBe(1_200);

    const refunded = await refund(user);
    expect(refunded.subscription.plan).toBe('free');
    expect(await balanceOf(userId)).toBe(0);
    for (const track of tracks) await deleteTrack(user, track._id);
    // Only the welcome grant's credits come back.
    expect(await balanceOf(userId)).toBe(10_000);
    expect(await heldCount(userId)).toBe(0);

    // The second round (it used to end at 32,000).
    await upgradeToStarter(user);
    const again = await startTracks(user, 6);
    await refund(user);
    for (const track of again) await deleteTrack(user, track._id);
    expect(await balanceOf(userId)).toBe(10_000);
  });

  it('lets running work finish, charged to the credits the account keeps', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    await upgradeToStarter(user);
    const tracks = await startTracks(user, 12); // 19,200 held: 10,000 welcome, 9,200 Starter
    const grant = await t.request({
      method: 'POST',
      url: '/api/admin/credits/grant',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      body: { email: user.email, amount: 15_000, reason: 'Launch bonus' },
    });
    expect(grant.statusCode).toBe(200);
    expect(await balanceOf(userId)).toBe(25_800);

    // The refund takes Starter's 10,800 unspent and the 9,200 of it on hold (the bonus pays for that work now).
    await refund(user);
    expect(await balanceOf(userId)).toBe(5_800);
    engine.open();
    for (const track of tracks) expect((await settledTrack(t, user, track._id)).status).toBe('completed');
    // Every track was charged its 1,600 and nothing came back from the refunded grant.
    expect(await balanceOf(userId)).toBe(5_800);
    expect(await heldCount(userId)).toBe(0);
  });

  it('stops finished work uncharged when nothing the account keeps can pay for it', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    await upgradeToStarter(user);
    const tracks = await startTracks(user, 18);
    await refund(user);
    expect(await balanceOf(userId)).toBe(0);

    // The 18,800 of the refunded plan on hold sit on the newest holds: tracks 8-18 wholly, 1,200 of track 7's.
    engine.open();
    const settled = [];
    for (const track of tracks) settled.push(await settledTrack(t, user, track._id));
    expect(settled.map((track) => track.status)).toEqual([...Array<string>(6).fill('completed'), ...Array<string>(12).fill('failed')]);
    expect(settled[6]?.error).toMatch(/refunded payment/);
    // The six tracks paid by the welcome grant were charged; the stopped ones gave back only the 400 of track 7
    // that was the welcome grant's.
    const charges = await t.db
      .select({ amount: creditTransactions.amount })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, 'charge')));
    expect(charges.map((row) => row.amount)).toEqual(Array<number>(6).fill(-1_600));
    expect(await heldCount(userId)).toBe(0);
    expect(await balanceOf(userId)).toBe(400);
  });

  it('refuses a second refund of the same payment', async () => {
    const user = await t.register();
    await upgradeToStarter(user);
    await refund(user);
    const again = await t.request({ method: 'POST', url: '/api/billing/refund', token: user.session.accessToken });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
  });
});
