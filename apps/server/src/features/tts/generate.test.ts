import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import { startFakeMiniMaxServer, type FakeMiniMaxServer } from '@sound-studio/audio/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsufficientCreditsDetails, Preferences, TtsReply, TtsRequest } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { plans, ttsGenerations, users } from '../../db/schema.ts';
import { dataOf, errorOf, firstFieldMessages, openTestDatabase, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { balanceAndLedger, ledgerRowsFor } from '../../../test/ledger.ts';
import { englishProse, RecordingSpeechEngine } from '../../../test/speech.ts';

let database: DatabaseHandle;
let engine: RecordingSpeechEngine;
let t: TestApp;
let minimax: FakeMiniMaxServer;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new RecordingSpeechEngine(new LocalSpeechEngine({ workers: 1 }));
  t = await TestApp.start({ database, speechEngine: engine });
  minimax = await startFakeMiniMaxServer();
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await minimax?.close();
  await database?.close();
});

function generate(app: TestApp, user: RegisteredUser, body: Partial<TtsRequest> | Record<string, unknown>) {
  return app.request({ method: 'POST', url: '/api/voices/generate-tts', token: user.session.accessToken, body });
}

async function generationCount(userId: string): Promise<number> {
  return (await database.db.select().from(ttsGenerations).where(eq(ttsGenerations.userId, userId))).length;
}

function userFiles(app: TestApp, userId: string): string[] {
  const folder = path.join(app.mediaRoot, 'tts', userId);
  return existsSync(folder) ? readdirSync(folder) : [];
}

describe('POST /api/voices/generate-tts: validation', () => {
  it("answers the spec's messages and charges nothing", async () => {
    const user = await t.register();
    const before = await balanceAndLedger(database.db, user.session.user.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ voiceId: 'en-us-radiant-girl' }, 'text', 'Please enter text and select voice'],
      [{ text: '   ', voiceId: 'en-us-radiant-girl' }, 'text', 'Please enter text and select voice'],
      [{ text: 'Hello there.' }, 'voiceId', 'Please enter text and select voice'],
      [{ text: 'Hello there.', voiceId: ' ' }, 'voiceId', 'Please enter text and select voice'],
      [{ text: 'a'.repeat(5001), voiceId: 'en-us-radiant-girl' }, 'text', 'Text must be at most 5000 characters'],
      [{ text: 'Hello there.', voiceId: 'Nobody Special' }, 'voiceId', 'Voice not found'],
      [{ text: '... !!! ???', voiceId: 'en-us-radiant-girl' }, 'text', 'The text has nothing to speak'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await generate(t, user, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(firstFieldMessages(reply)[field]).toBe(message);
    }
    for (const body of [
      { text: 'Hi.', voiceId: 'en-us-radiant-girl', speed: 2.5 },
      { text: 'Hi.', voiceId: 'en-us-radiant-girl', pitch: -2 },
      { text: 'Hi.', voiceId: 'en-us-radiant-girl', volume: 1.5 },
      { text: 'Hi.', voiceId: 'en-us-radiant-girl', mood: 'sleepy' },
      { text: 'Hi.', voiceId: 'en-us-radiant-girl', language: 'xx' },
      { text: 'Hi.', voiceId: 'en-us-radiant-girl', model: 'speech-9' },
    ]) {
      const reply = await generate(t, user, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(reply).code).toBe('VALIDATION_ERROR');
    }
    expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual(before);
    expect(await generationCount(user.session.user.id)).toBe(0);
  });

  it('needs a signed-in caller and a CSRF token', async () => {
    const anonymous = await t.request({ method: 'POST', url: '/api/voices/generate-tts', body: { text: 'Hi.', voiceId: 'en-us-radiant-girl' } });
    expect(anonymous.statusCode).toBe(401);
    const user = await t.register();
    const noCsrf = await t.request({
      method: 'POST',
      url: '/api/voices/generate-tts',
      token: user.session.accessToken,
      csrf: false,
      body: { text: 'Hi.', voiceId: 'en-us-radiant-girl' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('POST /api/voices/generate-tts: generation', () => {
  it('charges exactly one credit per character, stores a playable MP3 and keeps the generation', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const text = '  Hello there! This is Sound Studio speaking.  ';
    const characters = text.trim().length;
    const reply = dataOf<TtsReply>(await generate(t, user, { text, voiceId: 'en-us-madison' }));

    expect(reply.credits).toBe(10_000 - characters);
    expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 10_000 - characters, ledgerSum: 10_000 - characters });
    expect(await ledgerRowsFor(database.db, `tts:${reply.generation.id}`)).toEqual([
      { reason: 'hold', amount: -characters },
      { reason: 'release', amount: characters },
      { reason: 'charge', amount: -characters },
    ]);
    expect(reply.generation).toMatchObject({
      text: text.trim(),
      voiceId: 'en-us-madison',
      voiceName: 'Madison',
      mood: null,
      settings: { speed: 1, pitch: 0, volume: 1, language: null, model: 'speech-2.5-hd-preview' },
      source: 'editor',
      characters,
      credits: characters,
    });
    expect(reply.audioUrl).toBe(reply.generation.audioUrl);
    expect(reply.audioUrl).toMatch(new RegExp(`^/api/media/tts/${userId}/${reply.generation.id}\\.mp3\\?exp=\\d+&sig=`));

    const audio = await t.request({ url: reply.audioUrl });
    expect(audio.statusCode).toBe(200);
    const frames = parseMp3Frames(audio.bytes);
    expect(frames.sampleRate).toBe(24_000);
    expect(frames.frames).toBeGreaterThan(50);
    expect(frames.durationSeconds).toBeGreaterThan(1.5);
    expect(frames.durationSeconds).toBeLessThan(8);
    expect(Math.abs(frames.durationSeconds - reply.generation.durationSeconds)).toBeLessThan(0.3);
    expect(await generationCount(userId)).toBe(1);
  });

  it('resolves grouped voices by name (the mood sent separately) and by mood id, and records the recent voice', async () => {
    const user = await t.register();
    const byName = dataOf<TtsReply>(await generate(t, user, { text: 'Good morning.', voiceId: 'Radiant Girl', mood: 'sad' }));
    expect(byName.generation).toMatchObject({ voiceId: 'en-us-radiant-girl', voiceName: 'Radiant Girl', mood: 'sad' });
    const byMoodId = dataOf<TtsReply>(await generate(t, user, { text: 'Good evening.', voiceId: 'en-us-radiant-girl-calm' }));
    expect(byMoodId.generation.mood).toBe('calm');
    const byGroupId = dataOf<TtsReply>(await generate(t, user, { text: 'Good night.', voiceId: 'en-us-radiant-girl' }));
    expect(byGroupId.generation.mood).toBe('happy'); // the first mood is preselected

    const { preferences } = dataOf<{ preferences: Preferences }>(
      await t.request({ url: '/api/preferences', token: user.session.accessToken }),
    );
    expect(preferences.voice.recentVoices).toEqual([
      { voiceId: 'en-us-radiant-girl', voice: { _id: 'en-us-radiant-girl', name: 'Radiant Girl' }, lastUsed: expect.any(String) },
    ]);
  });

  it('sends the sliders, language and model to the engine: faster speech is shorter, longer text is longer', async () => {
    const user = await t.register();
    const text = englishProse(220);
    const asked = engine.requests.length;
    const normal = dataOf<TtsReply>(await generate(t, user, { text, voiceId: 'en-us-madison' }));
    const fast = dataOf<TtsReply>(
      await generate(t, user, { text, voiceId: 'en-us-madison', speed: 2, pitch: 0.5, volume: 0.4, language: 'en', model: 'speech-1.5-hd-preview' }),
    );
    const longer = dataOf<TtsReply>(await generate(t, user, { text: `${text} ${text}`, voiceId: 'en-us-madison' }));
    expect(engine.requests.slice(asked)[1]).toMatchObject({ speed: 2, pitch: 0.5, volume: 0.4, language: 'en', model: 'speech-1.5-hd-preview' });

    const seconds = async (reply: TtsReply) => parseMp3Frames((await t.request({ url: reply.audioUrl })).bytes).durationSeconds;
    const [normalSeconds, fastSeconds, longerSeconds] = [await seconds(normal), await seconds(fast), await seconds(longer)];
    expect(fastSeconds).toBeLessThan(normalSeconds * 0.7);
    expect(longerSeconds).toBeGreaterThan(normalSeconds * 1.7);
    expect(parseMp3Frames((await t.request({ url: fast.audioUrl })).bytes).sampleRate).toBe(22_050); // speech-1.5's rate
    expect(fast.generation.settings).toEqual({ speed: 2, pitch: 0.5, volume: 0.4, language: 'en', model: 'speech-1.5-hd-preview' });
  });

  it("charges the plan's own rate", async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const [starter] = await database.db.select().from(plans).where(eq(plans.name, 'starter'));
    if (!starter) throw new Error('starter plan missing');
    await database.db
      .update(plans)
      .set({ creditRates: { ...starter.creditRates, tts: { perCharacter: 2 } } })
      .where(eq(plans.name, 'starter'));
    await database.db.update(users).set({ planName: 'starter' }).where(eq(users.id, userId));
    try {
      const reply = dataOf<TtsReply>(await generate(t, user, { text: 'Twelve chars', voiceId: 'en-us-madison' }));
      expect(reply.generation.credits).toBe(24);
      expect(reply.credits).toBe(10_000 - 24);
    } finally {
      await database.db.update(plans).set({ creditRates: starter.creditRates }).where(eq(plans.name, 'starter'));
    }
  });

  it('refuses with 402 INSUFFICIENT_CREDITS (redirect to /pricing) and charges nothing', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    await t.app.credits.reserve(userId, 10_000 - 10, 'Something else', 'elsewhere');
    const before = await balanceAndLedger(database.db, userId);
    const reply = await generate(t, user, { text: 'This text is longer than ten characters.', voiceId: 'en-us-madison' });
    expect(reply.statusCode).toBe(402);
    const error = errorOf(reply);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', error: 'Insufficient credits' });
    expect(error.details as unknown as InsufficientCreditsDetails).toEqual({ redirectUrl: '/pricing', required: 40, available: 10 });
    expect(await balanceAndLedger(database.db, userId)).toEqual(before);
    expect(await generationCount(userId)).toBe(0);
    expect(userFiles(t, userId)).toEqual([]);
  });
});

describe('POST /api/voices/generate-tts: failures give the credits back', () => {
  it('releases the hold when the speech provider fails', async () => {
    const app = await TestApp.start({
      database,
      env: { SPEECH_PROVIDER: 'minimax', MINIMAX_API_KEY: minimax.apiKey, MINIMAX_BASE_URL: minimax.baseUrl },
    });
    try {
      const user = await app.register();
      const userId = user.session.user.id;
      minimax.failNext({ statusCode: 1008, statusMsg: 'insufficient balance' });
      const reply = await generate(app, user, { text: 'This will not be spoken.', voiceId: 'en-us-radiant-girl' });
      expect(reply.statusCode).toBe(503);
      expect(errorOf(reply)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: 'Speech generation failed', details: { reason: 'PROVIDER_QUOTA' } });
      expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
      expect(await generationCount(userId)).toBe(0);
      expect(userFiles(app, userId)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('releases the hold when the engine is closed', async () => {
    const closed = new LocalSpeechEngine({ workers: 1 });
    await closed.close();
    const app = await TestApp.start({ database, speechEngine: closed });
    try {
      const user = await app.register();
      const reply = await generate(app, user, { text: 'Nobody is listening.', voiceId: 'en-us-madison' });
      expect(reply.statusCode).toBe(503);
      expect(errorOf(reply).details).toEqual({ reason: 'ENGINE_CLOSED' });
      expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
    } finally {
      await app.close();
    }
  });

  it('releases the hold when the file cannot be stored', async () => {
    const app = await TestApp.start({ database, speechEngine: engine });
    try {
      const user = await app.register();
      writeFileSync(path.join(app.config.dataDir, 'media'), 'not a folder'); // the store cannot create its folders
      const reply = await generate(app, user, { text: 'Nowhere to put this.', voiceId: 'en-us-madison' });
      expect(reply.statusCode).toBe(503);
      expect(errorOf(reply)).toMatchObject({ error: 'Speech generation failed', details: { reason: 'INTERNAL_ERROR' } });
      expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
      expect(await generationCount(user.session.user.id)).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/voices/generate-tts with SPEECH_PROVIDER=minimax', () => {
  it("stores MiniMax's MP3 and sends it the catalogue voice's MiniMax id and the settings", async () => {
    const app = await TestApp.start({
      database,
      env: {
        SPEECH_PROVIDER: 'minimax', MINIMAX_API_KEY: minimax.apiKey, MINIMAX_BASE_URL: minimax.baseUrl, MINIMAX_GROUP_ID: 'group-7', MINIMAX_SPEECH_MODEL: 'speech-2.6-hd',
      },
    });
    try {
      const user = await app.register();
      const received = minimax.requests.length;
      const text = 'Hello from the cloud. This is a second sentence.';
      const reply = dataOf<TtsReply>(await generate(app, user, { text, voiceId: 'Radiant Girl', mood: 'excited', speed: 1.5, pitch: 0.5, volume: 0.5 }));
      const request = minimax.requests[received];
      expect(request?.query).toEqual({ GroupId: 'group-7' });
      expect(request?.body).toMatchObject({
        model: 'speech-2.6-hd', // MINIMAX_SPEECH_MODEL, for the app's default model
        text,
        voice_setting: { voice_id: 'English_radiant_girl', speed: 1.5, pitch: 6, emotion: 'surprised' },
      });
      const audio = await app.request({ url: reply.audioUrl });
      const frames = parseMp3Frames(audio.bytes);
      expect(frames.frames).toBeGreaterThan(10);
      expect(reply.generation.durationSeconds).toBeCloseTo((text.length * 0.065) / 1.5, 1);
      expect(reply.credits).toBe(10_000 - text.length);
    } finally {
      await app.close();
    }
  });
});
