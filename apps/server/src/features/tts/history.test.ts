import { existsSync } from 'node:fs';
import path from 'node:path';
import { LocalSpeechEngine } from '@sound-studio/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TtsDeleteReply, TtsHistoryReply, TtsReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, TestClock, type RegisteredUser } from '../../../test/harness.ts';

const NOW = '2030-03-10T12:00:00.000Z';

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let clock: TestClock;
let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
/** Alice's generations by label, made at the times below through the real API. */
const made = new Map<string, TtsReply['generation']>();

const HISTORY: Array<{ label: string; at: string; text: string; voiceId: string }> = [
  { label: 'new-year', at: '2030-01-01T09:00:00.000Z', text: 'Happy new year from the lighthouse.', voiceId: 'en-us-madison' },
  { label: 'february', at: '2030-02-20T09:00:00.000Z', text: 'We are 100% sure about this.', voiceId: 'en-us-madison' },
  { label: 'last-week', at: '2030-03-05T09:00:00.000Z', text: 'Count slowly to 1000 now.', voiceId: 'en-gb-oliver' },
  { label: 'yesterday', at: '2030-03-09T23:30:00.000Z', text: 'The snake_case name is fine.', voiceId: 'en-us-madison' },
  { label: 'this-morning', at: '2030-03-10T00:30:00.000Z', text: 'Good morning, lighthouse keeper.', voiceId: 'Radiant Girl' },
  { label: 'just-now', at: '2030-03-10T11:59:00.000Z', text: 'A short note.', voiceId: 'en-us-madison' },
];

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  clock = new TestClock(NOW);
  t = await TestApp.start({ database, speechEngine: engine, clock });
  alice = await t.register();
  bob = await t.register();
  for (const entry of HISTORY) {
    clock.advance(Date.parse(entry.at) - clock.now());
    const reply = await t.request({
      method: 'POST',
      url: '/api/voices/generate-tts',
      token: alice.session.accessToken,
      body: { text: entry.text, voiceId: entry.voiceId },
    });
    made.set(entry.label, dataOf<TtsReply>(reply).generation);
  }
  clock.advance(Date.parse(NOW) - clock.now());
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

async function history(user: RegisteredUser, query = ''): Promise<TtsHistoryReply> {
  return dataOf<TtsHistoryReply>(await t.request({ url: `/api/tts/history${query}`, token: user.session.accessToken }));
}

const labelsOf = (reply: TtsHistoryReply) =>
  reply.items.map((item) => [...made.entries()].find(([, generation]) => generation.id === item.id)?.[0]);

describe('GET /api/tts/history', () => {
  it('lists every generation newest first, with settings and a fresh signed link', async () => {
    const all = await history(alice);
    expect(labelsOf(all)).toEqual(['just-now', 'this-morning', 'yesterday', 'last-week', 'february', 'new-year']);
    expect(all).toMatchObject({ page: 1, limit: 20, total: 6 });
    expect(all.items[1]).toMatchObject({
      text: 'Good morning, lighthouse keeper.',
      voiceName: 'Radiant Girl',
      mood: 'happy',
      source: 'editor',
      createdAt: '2030-03-10T00:30:00.000Z',
    });
    for (const item of all.items) expect(item.audioUrl).toMatch(/^\/api\/media\/tts\/.+\.mp3\?exp=\d+&sig=/);
    expect((await t.request({ url: all.items[0]?.audioUrl ?? '' })).statusCode).toBe(200);
  });

  it('filters by range against the clock in UTC: today since midnight, week and month the last 7 and 30 days', async () => {
    expect(labelsOf(await history(alice, '?range=today'))).toEqual(['just-now', 'this-morning']);
    expect(labelsOf(await history(alice, '?range=week'))).toEqual(['just-now', 'this-morning', 'yesterday', 'last-week']);
    expect(labelsOf(await history(alice, '?range=month'))).toEqual(['just-now', 'this-morning', 'yesterday', 'last-week', 'february']);
    expect((await history(alice, '?range=all')).total).toBe(6);
  });

  it('searches text and voice name without case, taking % and _ literally', async () => {
    expect(labelsOf(await history(alice, '?q=LIGHTHOUSE'))).toEqual(['this-morning', 'new-year']);
    expect(labelsOf(await history(alice, '?q=radiant'))).toEqual(['this-morning']);
    expect(labelsOf(await history(alice, '?q=oliver'))).toEqual(['last-week']);
    expect(labelsOf(await history(alice, `?q=${encodeURIComponent('100%')}`))).toEqual(['february']);
    expect(labelsOf(await history(alice, '?q=_'))).toEqual(['yesterday']);
    expect(labelsOf(await history(alice, '?q=lighthouse&range=today'))).toEqual(['this-morning']);
    expect((await history(alice, '?q=nothing-like-this')).total).toBe(0);
  });

  it('pages', async () => {
    const pages = [await history(alice, '?limit=4&page=1'), await history(alice, '?limit=4&page=2'), await history(alice, '?limit=4&page=3')];
    expect(pages.map(labelsOf)).toEqual([['just-now', 'this-morning', 'yesterday', 'last-week'], ['february', 'new-year'], []]);
    expect(pages.map((page) => page.total)).toEqual([6, 6, 6]);
    expect(pages[1]).toMatchObject({ page: 2, limit: 4 });
    const invalid = await t.request({ url: '/api/tts/history?limit=500', token: alice.session.accessToken });
    expect(invalid.statusCode).toBe(400);
    expect((await t.request({ url: '/api/tts/history?range=year', token: alice.session.accessToken })).statusCode).toBe(400);
  });

  it("shows nobody else's generations and needs a token", async () => {
    expect(await history(bob)).toEqual({ items: [], page: 1, limit: 20, total: 0 });
    expect((await t.request({ url: '/api/tts/history' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/tts/history/{id} and DELETE /api/tts/history', () => {
  const fileOf = (generation: TtsReply['generation'] | undefined) =>
    path.join(t.mediaRoot, 'tts', alice.session.user.id, `${generation?.id}.mp3`);

  it("deletes one generation with its file; someone else's id is not found", async () => {
    const target = made.get('february');
    expect(existsSync(fileOf(target))).toBe(true);
    // The link made on 20 February has expired by now; the history hands out a fresh one.
    expect((await t.request({ url: target?.audioUrl ?? '' })).statusCode).toBe(403);
    const freshLink = (await history(alice)).items.find((item) => item.id === target?.id)?.audioUrl ?? '';
    expect((await t.request({ url: freshLink })).statusCode).toBe(200);
    const byBob = await t.request({ method: 'DELETE', url: `/api/tts/history/${target?.id}`, token: bob.session.accessToken });
    expect(byBob.statusCode).toBe(404);
    expect(errorOf(byBob)).toMatchObject({ code: 'NOT_FOUND', error: 'Generation not found' });
    const garbage = await t.request({ method: 'DELETE', url: '/api/tts/history/not-a-uuid', token: alice.session.accessToken });
    expect(garbage.statusCode).toBe(404);

    const reply = await t.request({ method: 'DELETE', url: `/api/tts/history/${target?.id}`, token: alice.session.accessToken });
    expect(dataOf<TtsDeleteReply>(reply)).toEqual({ deleted: 1 });
    expect(existsSync(fileOf(target))).toBe(false);
    expect((await history(alice)).total).toBe(5);
    expect((await t.request({ url: freshLink })).statusCode).toBe(404);
    const again = await t.request({ method: 'DELETE', url: `/api/tts/history/${target?.id}`, token: alice.session.accessToken });
    expect(again.statusCode).toBe(404);
  });

  it("clears all of the caller's generations and files, and nobody else's", async () => {
    const bobsReply = await t.request({
      method: 'POST',
      url: '/api/voices/generate-tts',
      token: bob.session.accessToken,
      body: { text: 'Bob keeps this.', voiceId: 'en-us-madison' },
    });
    const bobs = dataOf<TtsReply>(bobsReply).generation;
    const reply = await t.request({ method: 'DELETE', url: '/api/tts/history', token: alice.session.accessToken });
    expect(dataOf<TtsDeleteReply>(reply)).toEqual({ deleted: 5 });
    expect((await history(alice)).total).toBe(0);
    for (const generation of made.values()) expect(existsSync(fileOf(generation))).toBe(false);
    expect((await history(bob)).items.map((item) => item.id)).toEqual([bobs.id]);
    const empty = await t.request({ method: 'DELETE', url: '/api/tts/history', token: alice.session.accessToken });
    expect(dataOf<TtsDeleteReply>(empty)).toEqual({ deleted: 0 });
  });
});
