import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { LocalSpeechEngine } from '@sound-studio/audio';
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
