import { startFakeMiniMaxMusicServer, type FakeMiniMaxMusicServer } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MUSIC_MESSAGES, type MusicTrack } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { balanceAndLedger, reservationFor } from '../../../test/ledger.ts';
import { MUSIC_TEST_ENV, settledTrack, startTrack } from '../../../test/music.ts';

// Rendering shares the machine with the rest of the suite; a loaded CI box can be several times slower.
vi.setConfig({ testTimeout: 180_000 });

let database: DatabaseHandle;
let fake: FakeMiniMaxMusicServer;
let t: TestApp;
let user: RegisteredUser;
/** The app's warnings and errors: a failed job's cause is logged at warn ('job failed'), the track shows only the generic message. */
const loggedLines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeMiniMaxMusicServer({ songSeconds: 5 });
  t = await TestApp.start({
    database,
    // No MINIMAX_MUSIC_MODEL: the default is a model that can make the prompt-only (instrumental) tracks used here.
    env: { ...MUSIC_TEST_ENV, MUSIC_PROVIDER: 'minimax', MINIMAX_API_KEY: fake.apiKey, MINIMAX_BASE_URL: fake.baseUrl, LOG_LEVEL: 'warn' },
    logStream: { write: (line) => void loggedLines.push(line) },
  });
  await t.app.ready();
  user = await t.register();
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await database?.close();
});

/** What a settled track came to, the error included, and for a failed one the logged cause, so a failure says why. */
const outcome = ({ status, error, duration, credits }: MusicTrack) =>
  status === 'failed' ? { status, error, duration, credits, logged: loggedLines.join('\n') } : { status, error, duration, credits };
const balance = async () => (await balanceAndLedger(t.db, user.session.user.id)).balance;

describe('music with MUSIC_PROVIDER=minimax', () => {
  it("stores the provider's MP3 as a completed track", async () => {
    const before = await balance();
    const track = await settledTrack(t, user, (await startTrack(t, user, { prompt: 'Smooth jazz trio', duration: 30 }))._id);
    expect(track.status).toBe('completed');
    const audio = await t.request({ url: track.audioUrl ?? '' });
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.bytes.length).toBeGreaterThan(1000);
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: 'music-2.6', prompt: 'Smooth jazz trio', is_instrumental: true });
    expect(await balance()).toBe(before - 200);
  });

  // Retried once: under CI's full load this test has failed now and then with the generic "Failed to generate music"
  // on its longer track (then 75 s), on the try and the retry, and never when run alone, beside CPU hogs or in the
  // whole server suite. The app's warnings are kept (`loggedLines`, where 'job failed' names the cause) and printed
  // below, so the next occurrence says why; the balances are taken afresh on the retry.
  it('charges for the length MiniMax delivered (it chooses it), never more than was held', { retry: 1 }, async () => {
    const before = await balance();
    // Two minutes asked for (800 held), 5 s delivered: one block of 30 s is charged.
    const short = await settledTrack(t, user, (await startTrack(t, user, { prompt: 'Short ambient piece', duration: 120 }))._id);
    expect(outcome(short)).toEqual({ status: 'completed', error: null, duration: 5, credits: 200 });
    expect((await reservationFor(t.db, short._id))?.status).toBe('settled');
    expect(await balance()).toBe(before - 200);
    // 30 s asked for (200 held), 45 s delivered (two blocks, 400 at the rate): still 200, the hold being the most a
    // track can cost.
    fake.songSeconds = 45;
    try {
      const long = await settledTrack(t, user, (await startTrack(t, user, { prompt: 'Long ambient piece', duration: 30 }))._id);
      if (long.status === 'failed') console.warn(`The 45 s MiniMax track failed; the app logged:\n${loggedLines.join('\n')}`);
      expect(outcome(long)).toEqual({ status: 'completed', error: null, duration: 45, credits: 200 });
      expect(await balance()).toBe(before - 400);
    } finally {
      fake.songSeconds = 5;
    }
    const ledger = await balanceAndLedger(t.db, user.session.user.id);
    expect(ledger.balance).toBe(ledger.ledgerSum);
  });

  it('marks the track failed and releases the credits when the provider refuses or fails', async () => {
    const before = await balance();
    fake.failNext({ statusCode: 1026, statusMsg: 'sensitive content' });
    const refused = await settledTrack(t, user, (await startTrack(t, user, { prompt: 'Calm piano', duration: 30 }))._id);
    expect(refused).toMatchObject({ status: 'failed', error: MUSIC_MESSAGES.promptRejected, audioUrl: null });
    fake.failNext({ httpStatus: 500 });
    const failed = await settledTrack(t, user, (await startTrack(t, user, { prompt: 'Calm guitar', duration: 30 }))._id);
    expect(failed).toMatchObject({ status: 'failed', error: MUSIC_MESSAGES.generationFailed });
    expect((await reservationFor(t.db, failed._id))?.status).toBe('released');
    expect(await balance()).toBe(before);
  });
});
