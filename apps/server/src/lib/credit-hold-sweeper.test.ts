import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { creditReservations, jobs, musicTracks } from '../db/schema.ts';
import { waitFor } from '../../test/queue-contract.ts';
import { openTestDatabase, TestApp, TestClock } from '../../test/harness.ts';
import { balanceAndLedger, ledgerRowsFor } from '../../test/ledger.ts';
import { CreditHold } from './credit-hold.ts';
import { jobHold, REQUEST_HOLD } from './credit-service.ts';

const LEASE_SECONDS = 120;
const SWEEP_SECONDS = 30;
const env = { CREDIT_HOLD_LEASE_SECONDS: String(LEASE_SECONDS), CREDIT_HOLD_SWEEP_SECONDS: String(SWEEP_SECONDS) };
const WELCOME_CREDITS = 10_000;

let database: DatabaseHandle;
const opened: TestApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const app of opened) await app.close();
  await database?.close();
});

/** An app (a "process") over the shared database, ready: its start-up sweep has run. */
async function startApp(clock: TestClock, extraEnv: Record<string, string> = {}): Promise<TestApp> {
  const app = await TestApp.start({ database, clock, env: { ...env, ...extraEnv } });
  opened.push(app);
  await app.app.ready();
  return app;
}

async function held(userId: string) {
  return database.db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(and(eq(creditReservations.userId, userId), eq(creditReservations.status, 'held')));
}

/** What POST /voices/generate-tts does before rendering: hold the cost for this request. */
async function holdAsTtsRequest(app: TestApp, userId: string, amount = 300): Promise<string> {
  const reference = `tts:${randomUUID()}`;
  await CreditHold.reserve(app.app.credits, userId, amount, 'Text to speech (300 characters)', reference, REQUEST_HOLD);
  return reference;
}

async function expectWholeAndConsistent(userId: string): Promise<void> {
  expect(await held(userId)).toEqual([]);
  expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: WELCOME_CREDITS, ledgerSum: WELCOME_CREDITS });
}

describe('credit hold sweep', () => {
  it('a process killed during a request leaves a hold that the next start-up releases once its lease lapsed', async () => {
    const clock = new TestClock();
    const crashed = await startApp(clock);
    const userId = (await crashed.register()).session.user.id;
    const reference = await holdAsTtsRequest(crashed, userId);
    // The process dies mid-render: nothing settles or releases the hold.
    await crashed.close();
    expect(await held(userId)).toHaveLength(1);

    clock.advanceSeconds(LEASE_SECONDS + 1);
    await startApp(clock);
    await expectWholeAndConsistent(userId);
    expect(await ledgerRowsFor(database.db, reference)).toEqual([
      { reason: 'hold', amount: -300 },
      { reason: 'release', amount: 300 },
    ]);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'over the embedded database (one process owns it) the start-up sweep releases every request hold at once',
    async () => {
      const clock = new TestClock();
      const crashed = await startApp(clock);
      const userId = (await crashed.register()).session.user.id;
      await holdAsTtsRequest(crashed, userId);
      await crashed.close();

      await startApp(clock);
      await expectWholeAndConsistent(userId);
    },
  );

  it("scope 'all' (no other process serves) releases request holds whose lease still runs, but not live work", async () => {
    const clock = new TestClock();
    const survivor = await startApp(clock);
    const crashed = await startApp(clock);
    const userId = (await crashed.register()).session.user.id;
    await holdAsTtsRequest(crashed, userId);
    await crashed.close();
    const liveReference = await holdAsTtsRequest(survivor, userId, 50);

    await survivor.app.creditHolds.sweep('all');
    expect(await held(userId)).toHaveLength(1);
    expect(await survivor.app.credits.balance(userId)).toBe(WELCOME_CREDITS - 50);
    expect(await ledgerRowsFor(database.db, liveReference)).toEqual([{ reason: 'hold', amount: -50 }]);
  });

  it("periodically releases another process's request hold only after that process stopped renewing its lease", async () => {
    const clock = new TestClock();
    const serving = await startApp(clock);
    const other = await startApp(clock);
    const userId = (await serving.register()).session.user.id;
    await holdAsTtsRequest(serving, userId);

    clock.advanceSeconds(LEASE_SECONDS / 2);
    await serving.app.creditHolds.runRound();
    clock.advanceSeconds(LEASE_SECONDS / 2 + 1); // past the first lease, within the renewed one
    await other.app.creditHolds.runRound();
    expect(await held(userId)).toHaveLength(1);

    await serving.close();
    clock.advanceSeconds(LEASE_SECONDS);
    await other.app.creditHolds.runRound();
    await expectWholeAndConsistent(userId);
  });

  it("keeps a job's hold while the job is queued or running and releases it once the job ended unsettled", async () => {
    const clock = new TestClock();
    const app = await startApp(clock);
    const userId = (await app.register()).session.user.id;
    const jobId = randomUUID();
    await CreditHold.reserve(app.app.credits, userId, 400, 'Voice isolator: a.wav', `isolator:${jobId}`, jobHold(jobId));
    const orphanJobId = randomUUID(); // crashed between the hold and the job's insert
    await CreditHold.reserve(app.app.credits, userId, 200, 'Voice isolator: b.wav', `isolator:${orphanJobId}`, jobHold(orphanJobId));
    await database.db.insert(jobs).values({ id: jobId, type: 'test.no-worker', userId, payload: {}, status: 'processing', attempts: 1 });

    clock.advanceSeconds(LEASE_SECONDS + 1);
    await app.app.creditHolds.runRound();
    expect(await ledgerRowsFor(database.db, `isolator:${orphanJobId}`)).toEqual([
      { reason: 'hold', amount: -200 },
      { reason: 'release', amount: 200 },
    ]);
    expect(await held(userId)).toHaveLength(1);

    await database.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, jobId));
    await app.app.creditHolds.runRound();
    await expectWholeAndConsistent(userId);
  });

  it('keeps the hold of a music track still waiting for its job, and releases it once the track is gone', async () => {
    const clock = new TestClock();
    const app = await startApp(clock);
    const userId = (await app.register()).session.user.id;
    const trackId = randomUUID();
    const hold = await CreditHold.reserve(app.app.credits, userId, 200, 'Music: Test (30 s)', trackId, jobHold(trackId));
    await database.db.insert(musicTracks).values({
      id: trackId,
      userId,
      title: 'Test',
      prompt: 'calm piano',
      modelId: 'music-1',
      durationSeconds: 30,
      credits: 200,
      reservationId: hold.reservationId,
    });

    clock.advanceSeconds(LEASE_SECONDS + 1);
    await app.app.creditHolds.runRound();
    expect(await held(userId)).toHaveLength(1);
    await database.db.delete(musicTracks).where(eq(musicTracks.id, trackId));
    await app.app.creditHolds.runRound();
    await expectWholeAndConsistent(userId);
  });

  it('sweeps on its own every CREDIT_HOLD_SWEEP_SECONDS', async () => {
    const clock = new TestClock();
    const app = await startApp(clock, { CREDIT_HOLD_LEASE_SECONDS: '2', CREDIT_HOLD_SWEEP_SECONDS: '1' });
    expect(app.config.creditHolds).toEqual({ leaseSeconds: 2, sweepSeconds: 1 });
    const crashed = await startApp(clock);
    const userId = (await crashed.register()).session.user.id;
    await holdAsTtsRequest(crashed, userId);
    await crashed.close();

    clock.advanceSeconds(LEASE_SECONDS + 1);
    await waitFor(async () => (await held(userId)).length === 0, 15_000, 100);
    await expectWholeAndConsistent(userId);
  });
});
