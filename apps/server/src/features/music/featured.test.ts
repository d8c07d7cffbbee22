import { FastMusicEngine } from '@sound-studio/audio/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MUSIC_TRACK_UPDATED_EVENT,
  REALTIME_EVENTS,
  REALTIME_NAMESPACES,
  type FeaturedCategories,
  type FeaturedMusicItem,
  type MusicTrack,
} from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, errorOf, openTestDatabase, TEST_ADMIN_TOKEN, TestApp, type TestReply } from '../../../test/harness.ts';
import type { AdminFeaturedEntryReply } from './admin-routes.ts';
import { CURATED_PROMPTS } from './curated-prompts.ts';
import { settledTrack, startTrack } from '../../../test/music.ts';

// Rendering shares the machine with the rest of the suite; a loaded CI box can be several times slower.
vi.setConfig({ testTimeout: 180_000 });

const CATALOGUE_ENV = { FEATURED_CATALOGUE: 'on', FEATURED_CATALOGUE_SIZE: '2', MUSIC_WORKERS: '1', JOB_CONCURRENCY: '1' };
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** The catalogue's songs and the test track need the composer's output, not a real render. */
const musicEngine = new FastMusicEngine();
let database: DatabaseHandle;
let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database, env: CATALOGUE_ENV, musicEngine });
  baseUrl = await t.listen();
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
  await database?.close();
});

function admin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<TestReply> {
  return t.request({ method, url, body, headers: { 'x-admin-token': TEST_ADMIN_TOKEN }, csrf: false });
}

async function publicSocket(): Promise<{ events: Array<{ event: string; payload: unknown }> }> {
  const socket = connect(`${baseUrl}${REALTIME_NAMESPACES.public}`, { reconnection: false, transports: ['websocket'] });
  sockets.push(socket);
  const events: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { events };
}

const featuredList = async (query = '') => dataOf<FeaturedMusicItem[]>(await t.request({ url: `/api/music/featured${query}` }));

describe('featured catalogue', () => {
  it('composes the curated songs in the background on first start and announces each one', async () => {
    const listener = await publicSocket();
    const items = await waitFor(async () => {
      const list = await featuredList();
      return list.length === 2 ? list : null;
    }, 150_000, 200);
    const expected = CURATED_PROMPTS.slice(0, 2);
    expect(items.map((item) => item.prompt)).toEqual(expected.map((entry) => entry.prompt));
    for (const item of items) {
      expect(item).toMatchObject({ duration: 30, stats: { views: 0, plays: 0, downloads: 0 } });
      expect((await t.request({ url: item.audioUrl })).headers['content-type']).toBe('audio/mpeg');
      expect((await t.request({ url: item.featured.artwork.cdnUrl })).headers['content-type']).toContain('image/svg+xml');
    }
    const categories = dataOf<FeaturedCategories>(await t.request({ url: '/api/music/featured/categories' }));
    expect(categories).toEqual({ genre: ['jazz'], mood: ['chill'] });
    const discover = dataOf<FeaturedMusicItem[]>(await t.request({ url: '/api/public/discover?category=mood&limit=6' }));
    expect(discover.map((item) => item.subcategory)).toEqual(['chill']);
    expect((await featuredList('?category=genre&subcategory=jazz')).map((item) => item.category)).toEqual(['genre']);
    await waitFor(async () => listener.events.filter((entry) => entry.event === REALTIME_EVENTS.featuredMusicAdded).length >= 1, 10_000);
  });

  it('counts views, plays and downloads atomically', async () => {
    const [first] = await featuredList();
    const engage = (action: string) => t.request({ method: 'POST', url: `/api/music/featured/${first?._id}/engage`, body: { action } });
    await Promise.all([engage('play'), engage('play'), engage('play'), engage('view')]);
    const stats = dataOf<{ views: number; plays: number; downloads: number }>(await engage('download'));
    expect(stats).toEqual({ views: 1, plays: 3, downloads: 1 });
    expect((await engage('like')).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: `/api/music/featured/${crypto.randomUUID()}/engage`, body: { action: 'play' } })).statusCode).toBe(404);
  });

  it('lets the operator feature, reorder, replace artwork and unfeature, announcing each change', async () => {
    const listener = await publicSocket();
    expect((await t.request({ url: '/api/admin/music/featured', headers: { 'x-admin-token': 'wrong-token-wrong-token' } })).statusCode).toBe(403);
    const user = await t.register();
    const userEvents: MusicTrack[] = [];
    const userSocket = connect(`${baseUrl}${REALTIME_NAMESPACES.user}`, { reconnection: false, transports: ['websocket'], auth: { token: user.session.accessToken } });
    sockets.push(userSocket);
    userSocket.on(MUSIC_TRACK_UPDATED_EVENT, (track: MusicTrack) => userEvents.push(track));
    await new Promise<void>((resolve) => userSocket.once('connect', () => resolve()));
    const track = await settledTrack(t, user, (await startTrack(t, user, { prompt: 'Upbeat happy ukulele', duration: 30 }))._id);
    // The event follows the commit the poll already saw, so it may still be on its way.
    await waitFor(async () => userEvents.some((event) => event.status === 'completed'), 10_000);
    expect(userEvents.map((event) => event.status)).toContain('processing');

    const added = await admin('POST', '/api/admin/music/featured', { trackId: track._id, category: 'mood', subcategory: 'happy', tags: ['sunny'] });
    expect(dataOf<AdminFeaturedEntryReply>(added)).toMatchObject({ _id: track._id, category: 'mood', subcategory: 'happy', tags: ['sunny'] });
    expect((await admin('POST', '/api/admin/music/featured', { trackId: track._id, category: 'mood', subcategory: 'happy' })).statusCode).toBe(409);
    expect((await t.request({ method: 'DELETE', url: `/api/music/${track._id}`, token: user.session.accessToken })).statusCode).toBe(403);

    const moved = dataOf<AdminFeaturedEntryReply>(await admin('PUT', `/api/admin/music/featured/${track._id}/order`, { position: 1 }));
    expect(moved.order).toBe(1);
    expect((await featuredList('?category=mood')).map((item) => item._id)[0]).toBe(track._id);

    const artwork = await admin('PUT', `/api/admin/music/featured/${track._id}/artwork`, { dataBase64: PNG_BYTES.toString('base64') });
    const withArtwork = dataOf<AdminFeaturedEntryReply>(artwork);
    expect((await t.request({ url: withArtwork.artworkUrl ?? '' })).headers['content-type']).toBe('image/png');
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    expect((await admin('PUT', `/api/admin/music/featured/${track._id}/artwork`, { dataBase64: script })).statusCode).toBe(400);
    const notImage = await admin('PUT', `/api/admin/music/featured/${track._id}/artwork`, { dataBase64: Buffer.from('hello').toString('base64') });
    expect(errorOf(notImage).error).toBe('Artwork must be a PNG, JPEG or SVG image');

    expect(dataOf(await admin('DELETE', `/api/admin/music/featured/${track._id}`))).toEqual({ removed: true });
    expect((await featuredList()).map((item) => item._id)).not.toContain(track._id);
    expect((await admin('GET', '/api/admin/music/featured')).statusCode).toBe(200);

    await waitFor(async () => listener.events.length >= 4, 10_000);
    expect(listener.events.map((entry) => entry.event)).toEqual([
      REALTIME_EVENTS.featuredMusicAdded,
      REALTIME_EVENTS.featuredMusicUpdated,
      REALTIME_EVENTS.featuredArtworkUpdated,
      REALTIME_EVENTS.featuredMusicRemoved,
    ]);
    expect(listener.events[0]?.payload).toEqual({ _id: track._id, category: 'mood', subcategory: 'happy' });
  });

  it('does not compose the catalogue again on the next start', async () => {
    const second = await TestApp.start({ database, env: CATALOGUE_ENV, musicEngine });
    try {
      await second.app.ready();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const entries = dataOf<AdminFeaturedEntryReply[]>(
        await second.request({ url: '/api/admin/music/featured', headers: { 'x-admin-token': TEST_ADMIN_TOKEN } }),
      );
      expect(entries).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
