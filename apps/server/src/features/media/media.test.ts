import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { userMediaKey } from '../../lib/media-links.ts';
import { sameBytesOtherText } from '../../../test/encodings.ts';
import { errorOf, openTestDatabase, TestApp, TestClock, type RegisteredUser } from '../../../test/harness.ts';

let database: DatabaseHandle;
let t: TestApp;
let owner: RegisteredUser;
let stranger: RegisteredUser;
const CONTENT = Buffer.from(Array.from({ length: 1000 }, (_unused, index) => index % 251));
let key: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database, clock: new TestClock('2030-03-10T12:00:00.000Z') });
  owner = await t.register();
  stranger = await t.register();
  key = userMediaKey('tts', owner.session.user.id, 'sample.mp3');
  await t.app.files.put(key, CONTENT);
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** The signed URL the API hands out, split into path and query for inject. */
function signedUrl(): string {
  return t.app.mediaLinks.urlFor(key);
}

describe('GET /api/media/* with a signed link', () => {
  it('serves the whole file with its type, length and Accept-Ranges', async () => {
    const reply = await t.request({ url: signedUrl() });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('audio/mpeg');
    expect(reply.headers['accept-ranges']).toBe('bytes');
    expect(Number(reply.headers['content-length'])).toBe(1000);
    expect(reply.bytes.equals(CONTENT)).toBe(true);
  });

  it('offers the file as a download under a safe name when asked', async () => {
    const reply = await t.request({ url: `${signedUrl()}&download=${encodeURIComponent('Şarkı "speech"/../x.wav')}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Sark speech..x.mp3"; filename*=UTF-8''${encodeURIComponent('Şarkı speech..x.mp3')}`,
    );
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const reply = await t.request({ url: signedUrl(), headers: { range: 'bytes=100-199' } });
    expect(reply.statusCode).toBe(206);
    expect(reply.headers['content-range']).toBe('bytes 100-199/1000');
    expect(Number(reply.headers['content-length'])).toBe(100);
    expect(reply.bytes.equals(CONTENT.subarray(100, 200))).toBe(true);

    const tail = await t.request({ url: signedUrl(), headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    expect(tail.bytes.equals(CONTENT.subarray(990))).toBe(true);
  });

  it('answers a range outside the file with 416 and the file size', async () => {
    for (const range of ['bytes=1000-', 'bytes=500-100', 'bytes=x-y']) {
      const reply = await t.request({ url: signedUrl(), headers: { range } });
      expect(reply.statusCode).toBe(416);
      expect(reply.headers['content-range']).toBe('bytes */1000');
      expect(errorOf(reply).code).toBe('RANGE_NOT_SATISFIABLE');
    }
  });

  it('stays valid at least 24 hours, then answers 403', async () => {
    const url = signedUrl();
    const expiresAt = Number(new URL(url, 'http://x').searchParams.get('exp')) * 1000;
    expect(expiresAt - t.clock.now()).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(expiresAt - t.clock.now()).toBeLessThanOrEqual(25 * 3600 * 1000);
    const clock = new TestClock(expiresAt + 1000);
    const later = await TestApp.start({ database, clock });
    try {
      // Same JWT secret, so only the expiry differs.
      const reply = await later.request({ url });
      expect(reply.statusCode).toBe(403);
      expect(errorOf(reply)).toMatchObject({ code: 'FORBIDDEN', error: 'This media link has expired' });
    } finally {
      await later.close();
    }
  });

  it('refuses the same signature bytes written another way', async () => {
    const url = new URL(signedUrl(), 'http://x');
    const signature = url.searchParams.get('sig') ?? '';
    const variants = sameBytesOtherText(signature);
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const variant of variants) {
      const reply = await t.request({ url: `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${encodeURIComponent(variant)}` });
      expect(reply.statusCode, variant).toBe(403);
      expect(errorOf(reply)).toMatchObject({ code: 'FORBIDDEN', error: 'Invalid media link' });
    }
    expect((await t.request({ url: url.pathname + url.search })).statusCode).toBe(200);
  });

  it('refuses forged, altered or incomplete signatures with 403', async () => {
    const url = new URL(signedUrl(), 'http://x');
    const otherKey = userMediaKey('tts', stranger.session.user.id, 'sample.mp3');
    const variants = [
      `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`,
      `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`,
      `/api/media/${otherKey}${url.search}`,
      `${url.pathname}?sig=${url.searchParams.get('sig')}`,
      `${url.pathname}?exp=${url.searchParams.get('exp')}`,
    ];
    for (const variant of variants) {
      const reply = await t.request({ url: variant });
      expect(reply.statusCode, variant).toBe(403);
      expect(errorOf(reply)).toMatchObject({ code: 'FORBIDDEN', error: 'Invalid media link' });
    }
  });

  it('is not counted by the per-user API rate limit (audio elements make many range requests)', async () => {
    const limited = await TestApp.start({ database, env: { RATE_LIMIT_API_MAX: '3' } });
    try {
      await limited.app.files.put(key, CONTENT);
      for (let index = 0; index < 6; index += 1) {
        expect((await limited.request({ url: limited.app.mediaLinks.urlFor(key), headers: { range: 'bytes=0-1' } })).statusCode).toBe(206);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/media/* with a bearer token', () => {
  it("serves the owner's file", async () => {
    const reply = await t.request({ url: `/api/media/${key}`, token: owner.session.accessToken, headers: { range: 'bytes=0-9' } });
    expect(reply.statusCode).toBe(206);
    expect(reply.bytes.equals(CONTENT.subarray(0, 10))).toBe(true);
  });

  it("answers 404 for someone else's file and for missing files, without revealing which", async () => {
    const theirs = await t.request({ url: `/api/media/${key}`, token: stranger.session.accessToken });
    const missing = await t.request({ url: `/api/media/tts/${stranger.session.user.id}/nothing.mp3`, token: stranger.session.accessToken });
    for (const reply of [theirs, missing]) {
      expect(reply.statusCode).toBe(404);
      expect(errorOf(reply)).toMatchObject({ code: 'NOT_FOUND', error: 'File not found' });
    }
  });

  it('needs a token or a signature', async () => {
    const reply = await t.request({ url: `/api/media/${key}` });
    expect(reply.statusCode).toBe(401);
    expect(errorOf(reply).code).toBe('UNAUTHORIZED');
  });

  it('refuses keys that climb out of the store', async () => {
    const reply = await t.request({ url: '/api/media/tts/..%2F..%2Fjwt-secret', token: owner.session.accessToken });
    expect(reply.statusCode).toBe(404);
  });
});
