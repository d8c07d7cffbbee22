import { existsSync } from 'node:fs';
import path from 'node:path';
import { getVoice, LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_NAME, voiceListResponseSchema } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { errorOf, openTestDatabase, TestApp } from '../../../test/harness.ts';
import { RecordingSpeechEngine } from '../../../test/speech.ts';

let database: DatabaseHandle;
let engine: RecordingSpeechEngine;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new RecordingSpeechEngine(new LocalSpeechEngine({ workers: 1 }));
  t = await TestApp.start({ database, speechEngine: engine });
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

/** The voice list as section 7 gives it: `voices` beside `success`. */
async function listVoices(token?: string) {
  return voiceListResponseSchema.parse((await t.request({ url: '/api/voices/list-grouped', token })).body).voices;
}

describe('GET /api/voices/list-grouped', () => {
  it('lists 100+ voices in 50+ languages, Radiant Girl first and default, each with artwork and a preview', async () => {
    const voices = await listVoices();
    expect(voices.length).toBeGreaterThanOrEqual(100);
    expect(new Set(voices.map((voice) => voice.language)).size).toBeGreaterThanOrEqual(50);
    expect(voices[0]).toMatchObject({ name: DEFAULT_VOICE_NAME, isDefault: true, isGroup: true, category: 'library' });
    expect(voices.filter((voice) => voice.isDefault)).toHaveLength(1);
    expect(new Set(voices.map((voice) => voice._id)).size).toBe(voices.length);
    for (const voice of voices) {
      expect(voice.artwork).toBe(`/api/voices/${voice._id}/artwork.svg`);
      expect(voice.previewUrl).toBe(`/api/voices/${voice._id}/preview.mp3`);
      expect(voice.audioFile).toBe(voice.previewUrl);
    }
  });

  it('gives grouped voices their moods, each with its own preview, the first one preselected', async () => {
    const voices = await listVoices();
    const groups = voices.filter((voice) => voice.isGroup);
    expect(groups.length).toBeGreaterThanOrEqual(5);
    for (const group of groups) {
      expect(group.groupId).toBe(group._id);
      expect(group.moods.length).toBeGreaterThanOrEqual(2);
      for (const mood of group.moods) {
        expect(mood._id).toBe(`${group._id}-${mood.mood}`);
        expect(mood.audioFile).toBe(`/api/voices/${mood._id}/preview.mp3`);
      }
    }
    expect(voices.filter((voice) => !voice.isGroup).every((voice) => voice.moods.length === 0 && voice.groupId === null)).toBe(true);
  });

  it('is public, and takes an optional bearer token that must be valid', async () => {
    const { session } = await t.register();
    expect((await listVoices(session.accessToken)).length).toBeGreaterThanOrEqual(100);
    const bad = await t.request({ url: '/api/voices/list-grouped', token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
  });
});

describe('GET /api/voices/preview/{id}', () => {
  it('names the voice and its preview beside success (section 7), for voices and moods', async () => {
    expect((await t.request({ url: '/api/voices/preview/en-us-radiant-girl' })).body).toEqual({
      success: true,
      name: DEFAULT_VOICE_NAME,
      previewUrl: '/api/voices/en-us-radiant-girl/preview.mp3',
    });
    expect((await t.request({ url: '/api/voices/preview/en-us-radiant-girl-sad' })).body).toEqual({
      success: true,
      name: DEFAULT_VOICE_NAME,
      previewUrl: '/api/voices/en-us-radiant-girl-sad/preview.mp3',
    });
  });

  it('answers 404 for unknown ids', async () => {
    const reply = await t.request({ url: '/api/voices/preview/no-such-voice' });
    expect(reply.statusCode).toBe(404);
    expect(errorOf(reply)).toMatchObject({ code: 'NOT_FOUND', error: 'Voice not found' });
  });
});

describe('GET /api/voices/{id}/preview.mp3', () => {
  it("speaks the voice's own-language preview once, then serves it from the cache", async () => {
    const before = engine.requests.length;
    const first = await t.request({ url: '/api/voices/tr-elif/preview.mp3' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=2592000');
    expect(parseMp3Frames(first.bytes).durationSeconds).toBeGreaterThan(1);
    expect(engine.requests.slice(before).map((request) => request.text)).toEqual([getVoice('tr-elif')?.moods[0]?.previewText]);

    const again = await t.request({ url: '/api/voices/tr-elif/preview.mp3', headers: { range: 'bytes=0-99' } });
    expect(again.statusCode).toBe(206);
    expect(again.bytes.equals(first.bytes.subarray(0, 100))).toBe(true);
    expect(engine.requests.length).toBe(before + 1);
    expect(existsSync(path.join(t.mediaRoot, 'previews/local/v1/tr-elif-neutral.mp3'))).toBe(true);
  });

  it('shares one synthesis between concurrent first requests', async () => {
    const before = engine.requests.length;
    const replies = await Promise.all(Array.from({ length: 4 }, () => t.request({ url: '/api/voices/de-lena/preview.mp3' })));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.bytes.toString('base64'))).size).toBe(1);
    expect(engine.requests.length).toBe(before + 1);
  });

  it("gives each mood its own preview; a group's own id is its first mood", async () => {
    const group = await t.request({ url: '/api/voices/en-us-radiant-girl/preview.mp3' });
    const firstMood = await t.request({ url: '/api/voices/en-us-radiant-girl-happy/preview.mp3' });
    const sad = await t.request({ url: '/api/voices/en-us-radiant-girl-sad/preview.mp3' });
    expect(group.bytes.equals(firstMood.bytes)).toBe(true);
    expect(sad.bytes.equals(firstMood.bytes)).toBe(false);
    expect(engine.requests.filter((request) => request.voice === 'en-us-radiant-girl').map((request) => request.mood)).toEqual([
      'happy',
      'sad',
    ]);
  });

  it('answers 404 for unknown voices', async () => {
    expect((await t.request({ url: '/api/voices/nobody/preview.mp3' })).statusCode).toBe(404);
  });
});

describe('GET /api/voices/{id}/artwork.svg', () => {
  it('draws the same cacheable SVG avatar every time, and a different one per voice', async () => {
    const first = await t.request({ url: '/api/voices/en-us-radiant-girl/artwork.svg' });
    const again = await t.request({ url: '/api/voices/en-us-radiant-girl/artwork.svg' });
    const other = await t.request({ url: '/api/voices/tr-elif/artwork.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('image/svg+xml');
    expect(first.headers['cache-control']).toBe('public, max-age=604800');
    expect(first.text.startsWith('<svg')).toBe(true);
    expect(again.text).toBe(first.text);
    expect(other.text).not.toBe(first.text);
    expect((await t.request({ url: '/api/voices/nobody/artwork.svg' })).statusCode).toBe(404);
  });

  it('is not counted by the API rate limit (a library page loads every avatar)', async () => {
    const limited = await TestApp.start({ database, speechEngine: engine, env: { RATE_LIMIT_API_MAX: '3' } });
    try {
      for (let index = 0; index < 8; index += 1) {
        expect((await limited.request({ url: '/api/voices/en-us-radiant-girl/artwork.svg' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
