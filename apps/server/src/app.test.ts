import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession, UserReply } from '@sound-studio/shared';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/client.ts';
import { DataFolderLockedError } from './db/data-folder-lock.ts';
import { dataOf, errorOf, openTestDatabase, STRONG_PASSWORD, temporaryFolder, TestApp, TestClock, testConfig } from '../test/harness.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  t.app.get('/api/test/explode', async () => {
    throw new Error('connection string postgres://secret@db leaked?');
  });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('GET /api/health', () => {
  it('reports the database engine and Redis', async () => {
    const reply = await t.request({ url: '/api/health' });
    expect(dataOf(reply)).toEqual({ status: 'ok', database: database.kind, redis: false });
    expect(database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('OpenAPI document', () => {
  it('lists every API route at /api/docs/json and serves the UI at /api/docs', async () => {
    const document = (await t.request({ url: '/api/docs/json' })).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(routes.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/auth/csrf-token',
        'POST /api/auth/register',
        'POST /api/auth/login',
        'POST /api/auth/refresh',
        'POST /api/auth/logout',
        'GET /api/auth/validate',
        'GET /api/auth/me',
        'PUT /api/auth/update-profile',
        'PUT /api/auth/change-password',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        'GET /api/auth/oauth/providers',
        'GET /api/auth/oauth/{provider}/start',
        'GET /api/auth/oauth/{provider}/callback',
        'POST /api/auth/oauth/session',
        'GET /api/auth/oauth/link',
        'POST /api/auth/oauth/link',
        'GET /api/auth/plans',
        'GET /api/credits/summary',
        'GET /api/admin/users',
        'POST /api/admin/users/reset-link',
        'POST /api/admin/credits/grant',
        'GET /api/admin/plans',
        'PATCH /api/admin/plans/{name}',
        'GET /api/media/{*}',
        'GET /api/voices/list-grouped',
        'GET /api/voices/preview/{id}',
        'GET /api/voices/{id}/preview.mp3',
        'GET /api/voices/{id}/artwork.svg',
        'POST /api/voices/generate-tts',
        'POST /api/voices/generate-tts/stream',
        'GET /api/tts/history',
        'DELETE /api/tts/history',
        'DELETE /api/tts/history/{id}',
        'GET /api/tts/history/{id}/timings',
        'GET /api/tts/history/{id}/license',
        'GET /api/tts/history/{id}/captions.srt',
        'GET /api/tts/history/{id}/captions.vtt',
        'POST /api/tts/documents',
        'GET /api/tts/jobs/{id}',
        'GET /api/voices/mine',
        'PATCH /api/voices/{id}',
        'DELETE /api/voices/{id}',
        'POST /api/voice-design/previews',
        'POST /api/voice-design/voices',
        'POST /api/voice-clone/voices',
        'GET /api/voice-clone/jobs/{id}',
        'POST /api/voice-isolator/jobs',
        'GET /api/voice-isolator/jobs',
        'GET /api/voice-isolator/jobs/{id}',
        'GET /api/preferences',
        'PUT /api/preferences',
        'PUT /api/preferences/voice/selected',
        'POST /api/preferences/voice/favorite',
        'PUT /api/preferences/voice/settings',
        'GET /api/test/explode',
        'GET /api/music/models',
        'POST /api/music/credits/calculate',
        'POST /api/music/generate',
        'GET /api/music/my-music',
        'GET /api/music/featured/categories',
        'GET /api/music/featured',
        'POST /api/music/featured/{id}/engage',
        'GET /api/public/discover',
        'GET /api/public/tracks/{id}',
        'GET /api/music/{id}',
        'DELETE /api/music/{id}',
        'GET /api/music/{id}/license',
        'GET /api/admin/music/featured',
        'POST /api/admin/music/featured',
        'DELETE /api/admin/music/featured/{trackId}',
        'PUT /api/admin/music/featured/{trackId}/order',
        'PUT /api/admin/music/featured/{trackId}/artwork',
        'GET /api/api-keys',
        'POST /api/api-keys',
        'DELETE /api/api-keys/{id}',
        'GET /api/billing',
        'POST /api/billing/checkout',
        'GET /api/billing/checkout-quote',
        'DELETE /api/billing/pending-change',
        'DELETE /api/billing/scheduled-change',
        'POST /api/billing/cancel',
        'POST /api/billing/resume',
        'POST /api/billing/refund',
        'POST /api/billing/portal',
        'POST /api/billing/webhooks/stripe',
        'GET /api/admin/subscriptions',
        'POST /api/admin/subscriptions/{id}/approve',
        'POST /api/admin/subscriptions/{id}/reject',
        'POST /v1/audio/speech',
        'GET /v1/models',
        'GET /v1/models/{model}',
        'GET /v1/audio/voices',
        'POST /v1/text-to-speech/{voice_id}',
        'POST /v1/text-to-speech/{voice_id}/stream',
        'POST /v1/text-to-speech/{voice_id}/with-timestamps',
        'GET /v1/voices',
        'GET /v1/user/subscription',
        'GET /v1/history',
        'POST /v1/text-to-speech/{voice_id}/stream/with-timestamps',
        'GET /v1/voices/{voice_id}',
        'GET /v1/user',
        'GET /v1/history/{history_item_id}',
        'GET /v1/history/{history_item_id}/audio',
        'GET /v2/voices',
      ].sort(),
    );
    const ui = await t.request({ url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});

describe('error envelope', () => {
  it('hides unexpected errors behind 500 INTERNAL_ERROR', async () => {
    const reply = await t.request({ url: '/api/test/explode' });
    expect(reply.statusCode).toBe(500);
    expect(errorOf(reply)).toEqual({ success: false, code: 'INTERNAL_ERROR', error: 'Internal server error' });
    expect(reply.text).not.toContain('secret');
  });

  it('answers unknown API routes with 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/auth/me'],
    ] as const) {
      const reply = await t.request({ method, url });
      expect(reply.statusCode).toBe(404);
      expect(errorOf(reply).code).toBe('NOT_FOUND');
    }
  });

  it('maps broken JSON to 400, a huge body to 413 and other media types to 415', async () => {
    const csrf = t.csrfToken();
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml', 'x-csrf-token': csrf },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA' });
  });
});

describe('embedded database on disk', () => {
  it('keeps accounts and sessions across a restart and refuses a second owner of the folder', async () => {
    const { folder, remove } = temporaryFolder('sound-studio-restart-');
    const env = { JWT_SECRET: '', WEB_DIST_DIR: path.join(folder, 'web') };
    const clock = new TestClock(Date.now());
    try {
      // No JWT_SECRET: the server generates one into DATA_DIR and must find it again after the restart.
      const firstConfig = testConfig(folder, env);
      const first = await buildApp(firstConfig, { clock });
      let session: AuthSession;
      try {
        const second = buildApp(testConfig(folder, env), { clock });
        await expect(second).rejects.toThrow(DataFolderLockedError);
        await expect(second).rejects.toThrow(
          `Another Sound Studio server (pid ${process.pid}) is using ${path.join(folder, 'db')}. Stop it or set DATA_DIR to another folder.`,
        );
        const csrf = (await first.inject({ url: '/api/auth/csrf-token' })).json<{ data: { token: string } }>().data.token;
        const registered = await first.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'x-csrf-token': csrf },
          payload: { name: 'Persistent Person', email: 'persistent@example.com', password: STRONG_PASSWORD },
        });
        expect(registered.statusCode).toBe(201);
        session = registered.json<{ data: AuthSession }>().data;
      } finally {
        await first.close();
      }

      const restartedConfig = testConfig(folder, env);
      expect(restartedConfig.jwtSecret).toBe(firstConfig.jwtSecret);
      const restarted = await buildApp(restartedConfig, { clock });
      try {
        const csrf = (await restarted.inject({ url: '/api/auth/csrf-token' })).json<{ data: { token: string } }>().data.token;
        const validate = await restarted.inject({ url: '/api/auth/validate', headers: { authorization: `Bearer ${session.accessToken}` } });
        expect(validate.json<{ data: UserReply }>().data.user.email).toBe('persistent@example.com');
        const refreshed = await restarted.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          headers: { 'x-csrf-token': csrf },
          payload: { refreshToken: session.refreshToken },
        });
        expect(refreshed.statusCode).toBe(200);
        const login = await restarted.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-csrf-token': csrf },
          payload: { email: 'persistent@example.com', password: STRONG_PASSWORD },
        });
        expect(login.statusCode).toBe(200);
        expect(login.json<{ data: AuthSession }>().data.user.credits).toBe(10_000);
      } finally {
        await restarted.close();
      }
    } finally {
      remove();
    }
  });
});
