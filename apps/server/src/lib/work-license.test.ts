import { eq } from 'drizzle-orm';
import { LocalSpeechEngine } from '@sound-studio/audio';
import { FastMusicEngine } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMERCIAL_LICENSE_TERMS, PRICING_PATH, workLicenseSchema, type PlanTier, type TtsReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, type RegisteredUser } from '../../test/harness.ts';
import { MUSIC_TEST_ENV, settledTrack, startTrack } from '../../test/music.ts';
import { licenseIdOf, spokenWorkTitle } from './work-license.ts';

// Rendering and speaking share the machine with the rest of the suite.
vi.setConfig({ testTimeout: 120_000 });

let database: DatabaseHandle;
let speech: LocalSpeechEngine;
let t: TestApp;
let free: RegisteredUser;
let starter: RegisteredUser;
let trackId: string;
let generationId: string;

const SPOKEN = 'Welcome to the studio. <#0.5#> Every voice tells a story, and this one tells it for our new advert campaign.';

async function movePlan(user: RegisteredUser, plan: PlanTier): Promise<void> {
  await database.db.update(users).set({ planName: plan }).where(eq(users.id, user.session.user.id));
}

function license(user: RegisteredUser, url: string) {
  return t.request({ url, token: user.session.accessToken });
}

beforeAll(async () => {
  database = await openTestDatabase();
  speech = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, env: MUSIC_TEST_ENV, speechEngine: speech, musicEngine: new FastMusicEngine() });
  await t.app.ready();
  free = await t.register({ name: 'Fatma Free' });
  starter = await t.register({ name: 'Selin Starter' });
  await movePlan(starter, 'starter');
  const track = await startTrack(t, starter, { prompt: 'Calm piano for a coffee advert', duration: 30 });
  trackId = (await settledTrack(t, starter, track._id))._id;
  const spoken = await t.request({ method: 'POST', url: '/api/voices/generate-tts', token: starter.session.accessToken, body: { text: SPOKEN, voiceId: 'en-us-madison' } });
  generationId = dataOf<TtsReply>(spoken).generation.id;
});

afterAll(async () => {
  await t?.close();
  await speech?.close();
  await database?.close();
});

describe('commercial license certificates', () => {
  it('issues a starter user the certificate of a finished track', async () => {
    const reply = await license(starter, `/api/music/${trackId}/license`);
    expect(reply.statusCode).toBe(200);
    const certificate = workLicenseSchema.parse(dataOf(reply));
    expect(certificate).toMatchObject({
      licenseId: licenseIdOf('music', trackId, starter.session.user.id),
      issuer: 'Sound Studio',
      holder: { name: 'Selin Starter', email: starter.email },
      work: { kind: 'music', id: trackId },
      planAtIssue: 'starter',
      terms: [...COMMERCIAL_LICENSE_TERMS],
      issuedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(certificate.terms[0]).toMatch(/^Commercial use permitted/);
    expect(certificate.work.title.length).toBeGreaterThan(0);
    // The same work keeps the same licence id on every copy.
    expect(workLicenseSchema.parse(dataOf(await license(starter, `/api/music/${trackId}/license`))).licenseId).toBe(certificate.licenseId);
  });

  it('issues a starter user the certificate of a speech generation, titled by its first words', async () => {
    const reply = await license(starter, `/api/tts/history/${generationId}/license`);
    const certificate = workLicenseSchema.parse(dataOf(reply));
    expect(certificate).toMatchObject({
      licenseId: licenseIdOf('speech', generationId, starter.session.user.id),
      holder: { name: 'Selin Starter', email: starter.email },
      work: { kind: 'speech', id: generationId, title: 'Welcome to the studio. Every voice tells a story, and this…' },
      planAtIssue: 'starter',
    });
  });

  it('refuses the free plan with FEATURE_NOT_IN_PLAN and the upgrade link, before looking at the work', async () => {
    for (const url of [`/api/music/${trackId}/license`, `/api/tts/history/${generationId}/license`]) {
      const reply = await license(free, url);
      expect(reply.statusCode, url).toBe(403);
      expect(errorOf(reply)).toMatchObject({
        code: 'FEATURE_NOT_IN_PLAN',
        error: 'A commercial license is not included in your plan. Upgrade to use it.',
        details: { feature: 'commercialLicense', plan: 'free', upgradeUrl: PRICING_PATH },
      });
    }
  });

  it("answers 404 for another user's track or generation and for unknown ids", async () => {
    const other = await t.register();
    await movePlan(other, 'pro');
    for (const url of [`/api/music/${trackId}/license`, `/api/tts/history/${generationId}/license`, '/api/music/not-a-uuid/license', `/api/tts/history/${crypto.randomUUID()}/license`]) {
      const reply = await license(other, url);
      expect(reply.statusCode, url).toBe(404);
      expect(errorOf(reply).code).toBe('NOT_FOUND');
    }
  });

  it('stops issuing after a downgrade and asks for sign-in', async () => {
    const downgraded = await t.register();
    await movePlan(downgraded, 'creator');
    const track = await settledTrack(t, downgraded, (await startTrack(t, downgraded, { prompt: 'Upbeat synth jingle', duration: 30 }))._id);
    expect((await license(downgraded, `/api/music/${track._id}/license`)).statusCode).toBe(200);
    await movePlan(downgraded, 'free');
    expect(errorOf(await license(downgraded, `/api/music/${track._id}/license`)).code).toBe('FEATURE_NOT_IN_PLAN');
    expect((await t.request({ url: `/api/music/${track._id}/license` })).statusCode).toBe(401);
  });

  it('lists both routes in the API document', async () => {
    const document = (await t.request({ url: '/api/docs/json' })).body as { paths: Record<string, { get?: unknown }> };
    expect(document.paths['/api/music/{id}/license']?.get).toBeDefined();
    expect(document.paths['/api/tts/history/{id}/license']?.get).toBeDefined();
  });
});

describe('spokenWorkTitle', () => {
  it('drops pause markers and keeps short texts whole', () => {
    expect(spokenWorkTitle('Hello <#1#> there')).toBe('Hello there');
  });
});
