import { eq } from 'drizzle-orm';
import { FastMusicEngine } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MUSIC_MESSAGES, MUSIC_MODELS, type MusicCostReply, type MusicTrack, type MyMusicReply, type PublicMusicTrack } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { jobs, musicTracks } from '../../db/schema.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, errorOf, firstFieldMessages, openTestDatabase, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { balanceAndLedger, reservationFor } from '../../../test/ledger.ts';
import { isRedisReachable, itReachesRedis } from '../../../test/redis.ts';
import { MUSIC_TEST_ENV, queueModes, settledTrack, startTrack } from '../../../test/music.ts';

// Rendering shares the machine with the rest of the suite; a loaded CI box can be several times slower.
vi.setConfig({ testTimeout: 180_000 });

const redisReachable = await isRedisReachable();
itReachesRedis(redisReachable);

describe.each(queueModes())('music API ($name queue)', (mode) => {
  const skip = mode.name === 'bullmq' && !redisReachable;
  let database: DatabaseHandle;
  let t: TestApp;
  let alice: RegisteredUser;
  let bob: RegisteredUser;

  beforeAll(async () => {
    if (skip) return;
    database = await openTestDatabase();
    t = await TestApp.start({ database, env: { ...MUSIC_TEST_ENV, ...mode.env }, musicEngine: new FastMusicEngine() });
    await t.app.ready();
    alice = await t.register();
    bob = await t.register();
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    if (!skip) await mode.cleanUp();
  });

  const balanceOf = async (user: RegisteredUser) => (await balanceAndLedger(t.db, user.session.user.id)).balance;

  it.skipIf(skip)(`lists the models without sign-in${skip ? ' (skipped: Redis at 127.0.0.1:6379 is not reachable)' : ''}`, async () => {
    const reply = await t.request({ url: '/api/music/models' });
    expect(dataOf(reply)).toEqual(MUSIC_MODELS);
  });

  it.skipIf(skip)('prices every 30 seconds at the plan rate and shows the balance', async () => {
    const reply = await t.request({ method: 'POST', url: '/api/music/credits/calculate', token: alice.session.accessToken, body: { service: 'music', duration: 120 } });
    const cost = dataOf<MusicCostReply>(reply);
    expect(cost).toEqual({ cost: 800, balance: await balanceOf(alice) });
    expect((await t.request({ method: 'POST', url: '/api/music/credits/calculate', body: { service: 'music', duration: 30 } })).statusCode).toBe(401);
  });

  it.skipIf(skip)('prices only the durations the picker offers', async () => {
    for (const duration of [61, 0, -30, 9007199254740991, 1e300, 30.5]) {
      const reply = await t.request({ method: 'POST', url: '/api/music/credits/calculate', token: alice.session.accessToken, body: { service: 'music', duration } });
      expect(reply.statusCode, `${duration}: ${reply.text}`).toBe(400);
      expect(Object.keys(firstFieldMessages(reply))).toEqual(['duration']);
    }
    const huge = await t.request({ url: '/api/music/my-music?page=9007199254740991', token: alice.session.accessToken });
    expect(Object.keys(firstFieldMessages(huge))).toEqual(['page']);
  });

  it.skipIf(skip)('validates the prompt and rejects policy breaches without charging', async () => {
    const before = await balanceOf(alice);
    const empty = await t.request({ method: 'POST', url: '/api/music/generate', token: alice.session.accessToken, body: { prompt: '  ', duration: 30 } });
    expect(empty.statusCode).toBe(400);
    expect(firstFieldMessages(empty).prompt).toBe('Please enter a music prompt');
    for (const body of [
      { prompt: 'A pop song in the style of Taylor Swift', duration: 30 },
      { prompt: 'Sezen Aksu tarzında bir şarkı', duration: 30 },
      { prompt: 'Calm piano', duration: 30, lyrics: '[Verse]\nI will rape you' },
    ]) {
      const reply = await t.request({ method: 'POST', url: '/api/music/generate', token: alice.session.accessToken, body });
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_ERROR', error: MUSIC_MESSAGES.promptRejected });
    }
    expect(await balanceOf(alice)).toBe(before);
    expect(dataOf<MyMusicReply>(await t.request({ url: '/api/music/my-music', token: alice.session.accessToken })).total).toBe(0);
  });

  it.skipIf(skip)('generates a track as a job: generating at once, then completed with stored files and credits charged', async () => {
    const before = await balanceOf(alice);
    const started = await startTrack(t, alice, { prompt: 'Chill lo-fi beat with soft piano', duration: 30, lyrics: '[Verse]\nSoft rain on the window\nCoffee in my hand' });
    expect(started).toMatchObject({ status: 'generating', audioUrl: null, credits: 200, duration: 30, shareUrl: `/share/music/${started._id}` });
    expect(await balanceOf(alice)).toBe(before - 200);

    const track = await settledTrack(t, alice, started._id);
    expect(track).toMatchObject({ status: 'completed', progress: 1, error: null, duration: 30, title: started.title });
    expect(track.tags.length).toBeGreaterThan(0);
    expect(track.plan?.bpm).toBeGreaterThan(0);
    expect(track.lyricsTimeline?.cues.map((cue) => cue.text)).toEqual(expect.arrayContaining(['Soft rain on the window']));
    const audio = await t.request({ url: track.audioUrl ?? '' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.bytes.length).toBeGreaterThan(30 * 20_000);
    const artwork = await t.request({ url: track.artworkUrl ?? '' });
    expect(artwork.headers['content-type']).toContain('image/svg+xml');
    expect(artwork.text).toContain('<svg');

    expect(await balanceOf(alice)).toBe(before - 200);
    expect((await reservationFor(t.db, track._id))?.status).toBe('settled');
    const ledger = await balanceAndLedger(t.db, alice.session.user.id);
    expect(ledger.balance).toBe(ledger.ledgerSum);

    const library = dataOf<MyMusicReply>(await t.request({ url: '/api/music/my-music?page=1&limit=10', token: alice.session.accessToken }));
    expect(library).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(library.items[0]?._id).toBe(track._id);

    const shared = dataOf<PublicMusicTrack>(await t.request({ url: `/api/public/tracks/${track._id}` }));
    expect(shared).toMatchObject({ _id: track._id, title: track.title, duration: 30 });
    expect((await t.request({ url: shared.audioUrl ?? '' })).statusCode).toBe(200);
  });

  it.skipIf(skip)("checks ownership on every track call and hides unfinished tracks from the share page", async () => {
    const track = await startTrack(t, alice, { prompt: 'Happy acoustic guitar', duration: 30 });
    expect((await t.request({ url: `/api/public/tracks/${track._id}` })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/music/${track._id}`, token: bob.session.accessToken })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/music/${track._id}`, token: bob.session.accessToken })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/music/${track._id}` })).statusCode).toBe(401);
    expect(dataOf<MyMusicReply>(await t.request({ url: '/api/music/my-music', token: bob.session.accessToken })).total).toBe(0);
    await settledTrack(t, alice, track._id);
  });

  it.skipIf(skip)('deletes a completed track with its files', async () => {
    const track = await settledTrack(t, alice, (await startTrack(t, alice, { prompt: 'Dark ambient drone', duration: 30 }))._id);
    const reply = await t.request({ method: 'DELETE', url: `/api/music/${track._id}`, token: alice.session.accessToken });
    expect(dataOf(reply)).toEqual({ deleted: true });
    expect((await t.request({ url: `/api/music/${track._id}`, token: alice.session.accessToken })).statusCode).toBe(404);
    expect((await t.request({ url: track.audioUrl ?? '' })).statusCode).toBe(404);
  });

  it.skipIf(skip)('deleting an unfinished track cancels it and releases its credits', async () => {
    const before = await balanceOf(alice);
    const track = await startTrack(t, alice, { prompt: 'Epic orchestral', duration: 240 });
    expect(await balanceOf(alice)).toBe(before - 1600);
    expect(dataOf(await t.request({ method: 'DELETE', url: `/api/music/${track._id}`, token: alice.session.accessToken }))).toEqual({ deleted: true });
    expect(await balanceOf(alice)).toBe(before);
    expect((await reservationFor(t.db, track._id))?.status).toBe('released');
    // The job finds its track gone and leaves nothing behind.
    await waitFor(async () => {
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, track._id));
      return job && (job.status === 'completed' || job.status === 'failed');
    }, 150_000);
    expect(await balanceOf(alice)).toBe(before);
  });

  it.skipIf(skip)('answers 402 when the credits do not cover the track, creating nothing', async () => {
    const carol = await t.register();
    const balance = await balanceOf(carol);
    await t.app.credits.reserve(carol.session.user.id, balance - 100, 'test: spend almost everything', 'test');
    const reply = await t.request({ method: 'POST', url: '/api/music/generate', token: carol.session.accessToken, body: { prompt: 'Jazz', duration: 30 } });
    expect(reply.statusCode).toBe(402);
    expect(errorOf(reply).code).toBe('INSUFFICIENT_CREDITS');
    expect(await t.db.select().from(musicTracks).where(eq(musicTracks.userId, carol.session.user.id))).toHaveLength(0);
  });
});

export type { MusicTrack };
