import { listVoices } from '@sound-studio/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, PREFERENCE_LIMITS, type Preferences } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { userPreferences } from '../../db/schema.ts';
import { dataOf, errorOf, firstFieldMessages, openTestDatabase, TestApp, TestClock, type RegisteredUser } from '../../../test/harness.ts';

let database: DatabaseHandle;
let clock: TestClock;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  clock = new TestClock('2030-03-10T12:00:00.000Z');
  t = await TestApp.start({ database, clock });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

type Method = 'GET' | 'PUT' | 'POST';

async function call(user: RegisteredUser, method: Method, url: string, body?: unknown): Promise<Preferences> {
  const reply = await t.request({ method, url: `/api/preferences${url}`, token: user.session.accessToken, body });
  return dataOf<{ preferences: Preferences }>(reply).preferences;
}

describe('GET /api/preferences', () => {
  it("gives a new user the spec's defaults", async () => {
    const user = await t.register();
    expect(await call(user, 'GET', '')).toEqual(DEFAULT_PREFERENCES);
  });

  it('needs a token', async () => {
    expect((await t.request({ url: '/api/preferences' })).statusCode).toBe(401);
  });

  it('reads a damaged or older stored section as its defaults', async () => {
    const user = await t.register();
    await database.db.insert(userPreferences).values({
      userId: user.session.user.id,
      preferences: { ui: { theme: 'neon', sidebarCollapsed: 'yes' }, notifications: { soundEffects: false } } as unknown as Preferences,
    });
    const preferences = await call(user, 'GET', '');
    expect(preferences.ui).toEqual(DEFAULT_PREFERENCES.ui);
    expect(preferences.notifications).toEqual({ browserNotifications: true, soundEffects: false });
  });
});

describe('PUT /api/preferences', () => {
  it('merges section by section and keeps them per user', async () => {
    const user = await t.register();
    const other = await t.register();
    const first = await call(user, 'PUT', '', { preferences: { ui: { theme: 'dark' } } });
    expect(first.ui).toEqual({ theme: 'dark', sidebarCollapsed: false, defaultPage: 'text-to-speech' });
    const second = await call(user, 'PUT', '', { preferences: { ui: { sidebarCollapsed: true }, notifications: { soundEffects: false } } });
    expect(second.ui).toEqual({ theme: 'dark', sidebarCollapsed: true, defaultPage: 'text-to-speech' });
    expect(second.notifications).toEqual({ browserNotifications: true, soundEffects: false });
    expect(second.voice).toEqual(DEFAULT_PREFERENCES.voice);
    expect(await call(user, 'GET', '')).toEqual(second);
    expect(await call(other, 'GET', '')).toEqual(DEFAULT_PREFERENCES);
  });

  it('refuses invalid values', async () => {
    const user = await t.register();
    for (const body of [{ preferences: { ui: { theme: 'neon' } } }, { preferences: { voice: { voiceSettings: { speed: 3, pitch: 0, volume: 1 } } } }, {}]) {
      const reply = await t.request({ method: 'PUT', url: '/api/preferences', token: user.session.accessToken, body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(reply).code).toBe('VALIDATION_ERROR');
    }
  });

  it('bounds every list and text it stores', async () => {
    const user = await t.register();
    const long = 'x'.repeat(PREFERENCE_LIMITS.voiceKeyMaxLength + 1);
    const recent = (count: number) => Array.from({ length: count }, (_, index) => ({ voiceId: `v${index}`, voice: null, lastUsed: '2030-03-10T12:00:00.000Z' }));
    const cases: Array<[string, unknown]> = [
      ['preferences.voice.favoriteVoices', { voice: { favoriteVoices: Array.from({ length: PREFERENCE_LIMITS.favoriteVoicesMax + 1 }, (_, index) => `v${index}`) } }],
      ['preferences.voice.favoriteVoices.0', { voice: { favoriteVoices: [long] } }],
      ['preferences.voice.recentVoices', { voice: { recentVoices: recent(11) } }],
      ['preferences.voice.recentVoices.0.lastUsed', { voice: { recentVoices: [{ ...recent(1)[0], lastUsed: 'yesterday' }] } }],
      ['preferences.voice.selectedVoiceId', { voice: { selectedVoiceId: long } }],
      ['preferences.voice.selectedVoice.name', { voice: { selectedVoice: { _id: 'tr-elif', name: long } } }],
      ['preferences.ui.defaultPage', { ui: { defaultPage: 'p'.repeat(10_000) } }],
      ['preferences.ui.defaultPage', { ui: { defaultPage: '<script>alert(1)</script>' } }],
    ];
    for (const [field, preferences] of cases) {
      const reply = await t.request({ method: 'PUT', url: '/api/preferences', token: user.session.accessToken, body: { preferences } });
      expect(reply.statusCode, field).toBe(400);
      expect(Object.keys(firstFieldMessages(reply)), field).toEqual([field]);
    }
    expect(await call(user, 'GET', '')).toEqual(DEFAULT_PREFERENCES);
    const atTheLimit = Array.from({ length: PREFERENCE_LIMITS.favoriteVoicesMax }, (_, index) => `v${index}`);
    const full = await call(user, 'PUT', '', { preferences: { voice: { favoriteVoices: atTheLimit, recentVoices: recent(10) } } });
    expect(full.voice.favoriteVoices).toHaveLength(PREFERENCE_LIMITS.favoriteVoicesMax);
    expect(full.voice.recentVoices).toHaveLength(10);
  });
});

describe('PUT /api/preferences/voice/selected', () => {
  it('selects a voice (by id or name) and puts it first in the recent voices', async () => {
    const user = await t.register();
    const selected = await call(user, 'PUT', '/voice/selected', { voiceId: 'tr-elif' });
    expect(selected.voice).toMatchObject({
      selectedVoiceId: 'tr-elif',
      selectedVoice: { _id: 'tr-elif', name: 'Elif' },
      recentVoices: [{ voiceId: 'tr-elif', voice: { _id: 'tr-elif', name: 'Elif' }, lastUsed: '2030-03-10T12:00:00.000Z' }],
    });
    clock.advanceSeconds(60);
    const byName = await call(user, 'PUT', '/voice/selected', { voiceId: 'Radiant Girl' });
    expect(byName.voice.selectedVoiceId).toBe('en-us-radiant-girl');
    expect(byName.voice.recentVoices.map((entry) => [entry.voiceId, entry.lastUsed])).toEqual([
      ['en-us-radiant-girl', '2030-03-10T12:01:00.000Z'],
      ['tr-elif', '2030-03-10T12:00:00.000Z'],
    ]);
  });

  it('keeps at most 10 recent voices, most recent first, without duplicates', async () => {
    const user = await t.register();
    const ids = listVoices().slice(0, 12).map((voice) => voice.id);
    for (const id of ids) {
      clock.advanceSeconds(1);
      await call(user, 'PUT', '/voice/selected', { voiceId: id });
    }
    clock.advanceSeconds(1);
    const again = await call(user, 'PUT', '/voice/selected', { voiceId: ids[5] });
    const expected = [ids[5], ...ids.slice(2).reverse().filter((id) => id !== ids[5])].slice(0, 10);
    expect(again.voice.recentVoices.map((entry) => entry.voiceId)).toEqual(expected);
    expect(new Set(again.voice.recentVoices.map((entry) => entry.voiceId)).size).toBe(10);
  });

  it('needs a voice that exists', async () => {
    const user = await t.register();
    const reply = await t.request({ method: 'PUT', url: '/api/preferences/voice/selected', token: user.session.accessToken, body: { voiceId: 'nobody' } });
    expect(reply.statusCode).toBe(400);
    expect(firstFieldMessages(reply)).toEqual({ voiceId: 'Voice not found' });
    expect(await call(user, 'GET', '')).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('POST /api/preferences/voice/favorite', () => {
  it('adds and removes favourites idempotently', async () => {
    const user = await t.register();
    await call(user, 'POST', '/voice/favorite', { voiceId: 'tr-elif', action: 'add' });
    await call(user, 'POST', '/voice/favorite', { voiceId: 'tr-elif', action: 'add' });
    const two = await call(user, 'POST', '/voice/favorite', { voiceId: 'de-lena', action: 'add' });
    expect(two.voice.favoriteVoices).toEqual(['tr-elif', 'de-lena']);
    await call(user, 'POST', '/voice/favorite', { voiceId: 'tr-elif', action: 'remove' });
    const removedTwice = await call(user, 'POST', '/voice/favorite', { voiceId: 'tr-elif', action: 'remove' });
    expect(removedTwice.voice.favoriteVoices).toEqual(['de-lena']);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/preferences/voice/favorite',
      token: user.session.accessToken,
      body: { voiceId: 'nobody', action: 'add' },
    });
    expect(unknown.statusCode).toBe(400);
    const badAction = await t.request({
      method: 'POST',
      url: '/api/preferences/voice/favorite',
      token: user.session.accessToken,
      body: { voiceId: 'tr-elif', action: 'toggle' },
    });
    expect(badAction.statusCode).toBe(400);
  });

  it('refuses a favourite beyond the limit instead of failing', async () => {
    const user = await t.register();
    const atTheLimit = Array.from({ length: PREFERENCE_LIMITS.favoriteVoicesMax }, (_, index) => `v${index}`);
    await call(user, 'PUT', '', { preferences: { voice: { favoriteVoices: atTheLimit } } });
    const reply = await t.request({
      method: 'POST',
      url: '/api/preferences/voice/favorite',
      token: user.session.accessToken,
      body: { voiceId: 'tr-elif', action: 'add' },
    });
    expect(reply.statusCode).toBe(400);
    expect(firstFieldMessages(reply)).toEqual({ voiceId: `You can keep at most ${PREFERENCE_LIMITS.favoriteVoicesMax} favourite voices` });
    const removed = await call(user, 'POST', '/voice/favorite', { voiceId: 'v0', action: 'remove' });
    expect(removed.voice.favoriteVoices).toHaveLength(PREFERENCE_LIMITS.favoriteVoicesMax - 1);
  });
});

describe('PUT /api/preferences/voice/settings', () => {
  it('changes any of the sliders within their limits', async () => {
    const user = await t.register();
    expect((await call(user, 'PUT', '/voice/settings', { speed: 1.5 })).voice.voiceSettings).toEqual({ speed: 1.5, pitch: 0, volume: 1 });
    expect((await call(user, 'PUT', '/voice/settings', { pitch: -0.3, volume: 0.8 })).voice.voiceSettings).toEqual({
      speed: 1.5,
      pitch: -0.3,
      volume: 0.8,
    });
    for (const body of [{ speed: 0.4 }, { speed: 2.1 }, { pitch: 1.5 }, { volume: -0.1 }, { volume: 'loud' }]) {
      const reply = await t.request({ method: 'PUT', url: '/api/preferences/voice/settings', token: user.session.accessToken, body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(user, 'GET', '')).voice.voiceSettings).toEqual({ speed: 1.5, pitch: -0.3, volume: 0.8 });
  });
});
