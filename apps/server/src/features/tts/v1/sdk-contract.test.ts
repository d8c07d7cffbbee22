import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { dataOf, openTestDatabase, temporaryFolder, TestApp, type RegisteredUser } from '../../../../test/harness.ts';

/**
 * The official OpenAI and ElevenLabs SDKs, unchanged, against a real server with a web build (so any fall back to the
 * web app would show). One server, one user and one key for the whole file.
 */
let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let origin: string;
let user: RegisteredUser;
let key: string;
let elevenLabs: ElevenLabsClient;
let openAi: OpenAI;
let removeDist: () => void;

beforeAll(async () => {
  const dist = temporaryFolder('sound-studio-dist-');
  removeDist = dist.remove;
  writeFileSync(path.join(dist.folder, 'index.html'), '<!doctype html><title>Sound Studio</title><div id="root"></div>');
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine, env: { WEB_DIST_DIR: dist.folder } });
  origin = await t.listen();
  user = await t.register();
  await t.db.update(users).set({ planName: 'creator' }).where(eq(users.id, user.session.user.id));
  key = dataOf<CreatedApiKey>(
    await t.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'SDK client' } }),
  ).key;
  // ElevenLabs' SDK adds /v1 (and /v2) itself: its base URL is the origin. OpenAI's is the /v1 root.
  elevenLabs = new ElevenLabsClient({ apiKey: key, baseUrl: origin, maxRetries: 0 });
  openAi = new OpenAI({ apiKey: key, baseURL: `${origin}/v1`, maxRetries: 0 });
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
  removeDist?.();
});

async function errorOfCall(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('no developer API path answers with the web app', () => {
  const headerSets: Array<[string, (key: string) => Record<string, string>]> = [
    ['no key', () => ({})],
    ['a Bearer key', (apiKey) => ({ authorization: `Bearer ${apiKey}` })],
    ['an xi-api-key', (apiKey) => ({ 'xi-api-key': apiKey })],
  ];
  it.each(headerSets)('unknown /v1 and /v2 paths are JSON 404s in the dialect of the caller (%s)', async (_name, headersOf) => {
    for (const url of ['/v1/nothing-here', '/v1/models/tts-1/extra', '/v2/nothing', '/v2', '/v1']) {
      const response = await fetch(`${origin}${url}`, { headers: headersOf(key) });
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      const elevenLabsCaller = 'xi-api-key' in headersOf(key) || url.startsWith('/v2');
      const expected = elevenLabsCaller
        ? { detail: { status: 'not_found', message: expect.any(String) } }
        : { error: { type: 'invalid_request_error', code: 'not_found', message: expect.any(String) } };
      expect(body, url).toMatchObject(expected);
    }
  });

  it('the web app still answers its own routes', async () => {
    const response = await fetch(`${origin}/voice-library`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it("raises each SDK's typed error for a path we do not have", async () => {
    const openAiError = await errorOfCall(openAi.models.retrieve('no-such-model-path/extra'));
    expect(openAiError).toBeInstanceOf(OpenAI.NotFoundError);
    const elevenLabsError = await errorOfCall(elevenLabs.dubbing.get('no-such-dubbing'));
    expect(elevenLabsError).toBeInstanceOf(ElevenLabsError);
    expect((elevenLabsError as ElevenLabsError).statusCode).toBe(404);
  });
});

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('ElevenLabs SDK: models, user, voices and history', () => {
  const spoken: Array<{ voiceId: string; text: string }> = [
    { voiceId: 'en-gb-oliver', text: 'First line.' },
    { voiceId: 'en-us-madison', text: 'Second line.' },
    { voiceId: 'en-gb-oliver', text: 'Third line.' },
  ];

  beforeAll(async () => {
    for (const { voiceId, text } of spoken) {
      t.clock.advanceSeconds(1);
      await bytesOf(await elevenLabs.textToSpeech.convert(voiceId, { text, modelId: 'eleven_flash_v2_5' }));
    }
  });

  it('models.list answers ElevenLabs models to an xi-api-key caller and OpenAI models to a Bearer one', async () => {
    const models = await elevenLabs.models.list();
    expect(models.map((model) => model.modelId)).toEqual(expect.arrayContaining(['eleven_multilingual_v2', 'eleven_flash_v2_5']));
    expect(models[0]?.languages?.length).toBeGreaterThan(5);
    const openAiModels = await openAi.models.list();
    expect(openAiModels.data.map((model) => model.id)).toEqual(expect.arrayContaining(['tts-1', 'gpt-4o-mini-tts']));
  });

  it('user.get and user.subscription.get pass the SDK schema with figures from the ledger', async () => {
    const subscription = await elevenLabs.user.subscription.get();
    expect(subscription).toMatchObject({ tier: 'creator', characterLimit: 100_000, status: 'active', voiceLimit: 30, canUseInstantVoiceCloning: true });
    expect(subscription.characterCount).toBeGreaterThanOrEqual(spoken.reduce((sum, { text }) => sum + text.length, 0));
    const account = await elevenLabs.user.get();
    expect(account).toMatchObject({ userId: user.session.user.id, subscription: { tier: 'creator' }, seatType: 'workspace_admin' });
    expect(account.xiApiKeyPreview).toBe(`${key.slice(0, 11)}…`);
  });

  it('voices.getAll, voices.get and voices.search (v2, paged to the end)', async () => {
    const all = await elevenLabs.voices.getAll();
    expect(all.voices.find((voice) => voice.voiceId === 'tr-elif')).toMatchObject({ category: 'premade', labels: { gender: 'female', language: 'tr' } });
    expect(await elevenLabs.voices.get('en-gb-oliver')).toMatchObject({ voiceId: 'en-gb-oliver', category: 'premade' });
    const missing = await errorOfCall(elevenLabs.voices.get('no-such-voice'));
    expect(missing).toMatchObject({ statusCode: 404, body: { detail: { status: 'voice_not_found' } } });

    const found = await elevenLabs.voices.search({ search: 'oliver' });
    expect(found.voices.map((voice) => voice.voiceId)).toContain('en-gb-oliver');
    expect(found.voices.every((voice) => `${voice.name ?? ''} ${voice.description ?? ''}`.toLowerCase().includes('oliver'))).toBe(true);
    const seen: string[] = [];
    let token: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const result = await elevenLabs.voices.search({ pageSize: 25, ...(token ? { nextPageToken: token } : {}) });
      seen.push(...result.voices.map((voice) => voice.voiceId));
      if (!result.hasMore) break;
      token = result.nextPageToken ?? undefined;
    }
    expect(new Set(seen).size).toBe(all.voices.length);
  });

  it('history.list pages to the end with startAfterHistoryItemId, and filters by voiceId and source', async () => {
    const items: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await elevenLabs.history.list({ pageSize: 2, ...(after ? { startAfterHistoryItemId: after } : {}) });
      items.push(...result.history.map((item) => item.text ?? ''));
      if (!result.hasMore) break;
      after = result.lastHistoryItemId ?? undefined;
    }
    expect(items).toEqual(spoken.map(({ text }) => text).reverse());
    const oliver = await elevenLabs.history.list({ voiceId: 'en-gb-oliver' });
    expect(oliver.history.map((item) => item.text)).toEqual(['Third line.', 'First line.']);
    expect(oliver.hasMore).toBe(false);
    expect((await elevenLabs.history.list({ source: 'TTS' })).history).toHaveLength(spoken.length);
    expect((await elevenLabs.history.list({ source: 'STS' })).history).toHaveLength(0);
  });

  it('history.get and history.getAudio return the item and its MP3', async () => {
    const [latest] = (await elevenLabs.history.list({ pageSize: 1 })).history;
    const item = await elevenLabs.history.get(latest?.historyItemId ?? '');
    expect(item).toMatchObject({ text: 'Third line.', voiceId: 'en-gb-oliver', source: 'TTS', contentType: 'audio/mpeg' });
    const audio = await bytesOf(await elevenLabs.history.getAudio(item.historyItemId));
    expect(parseMp3Frames(audio).durationSeconds).toBeGreaterThan(0.3);
    const missing = await errorOfCall(elevenLabs.history.get('7d8a3c2e-0000-4000-8000-000000000000'));
    expect(missing).toMatchObject({ statusCode: 404 });
  });
});
