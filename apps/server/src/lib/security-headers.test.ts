import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@sound-studio/shared';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { dataOf, openTestDatabase, temporaryFolder, TestApp, type TestReply } from '../../test/harness.ts';
import { STORED_MEDIA_CSP } from './security-headers.ts';

const BOOT_SCRIPT = "try{document.documentElement.classList.toggle('dark',false)}catch(e){}";

let database: DatabaseHandle;
let t: TestApp;
let web: { folder: string; remove: () => void };

beforeAll(async () => {
  database = await openTestDatabase();
  web = temporaryFolder('sound-studio-web-');
  mkdirSync(path.join(web.folder, 'assets'));
  writeFileSync(
    path.join(web.folder, 'index.html'),
    `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  t = await TestApp.start({ database, env: { WEB_DIST_DIR: web.folder } });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  web?.remove();
});

function directivesOf(reply: TestReply): Map<string, string[]> {
  const policy = String(reply.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('security headers', () => {
  it('are on API replies, error replies and the web app', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/', '/login']) {
      const reply = await t.request({ url });
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['referrer-policy'], url).toBe('no-referrer');
      expect(reply.headers['x-frame-options'], url).toBe('DENY');
      const directives = directivesOf(reply);
      expect(directives.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(directives.get('object-src'), url).toEqual(["'none'"]);
      expect(directives.get('default-src'), url).toEqual(["'self'"]);
    }
  });

  it("allow the SPA's own scripts and its inline boot script by hash, and no other inline script", async () => {
    const page = await t.request({ url: '/' });
    expect(page.text).toContain(BOOT_SCRIPT);
    const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    const directives = directivesOf(page);
    expect(directives.get('script-src')).toEqual(["'self'", hash]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('media-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
  });

  it('keep the API documentation working', async () => {
    const ui = await t.request({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.text).not.toMatch(/<script>(?!\s*<\/script>)/);
    const initializer = await t.request({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(directivesOf(ui).get('script-src')?.[0]).toBe("'self'");
  });

  it('sandbox stored media and uploaded artwork opened directly', async () => {
    const key = 'featured/0b1f7b5e-5f43-4d0c-9d55-3d3c2a1f0e11-abc123.svg';
    await t.app.files.put(key, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'));
    const reply = await t.request({ url: t.app.mediaLinks.urlFor(key) });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/svg+xml');
    expect(reply.headers['content-security-policy']).toBe(STORED_MEDIA_CSP);
    expect(directivesOf(reply).has('sandbox')).toBe(true);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Cache-Control of private replies', () => {
  it('is no-store on /api/auth replies, signed in or not', async () => {
    const user = await t.register();
    const me = await t.request({ url: '/api/auth/me', token: user.session.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/auth/csrf-token', '/api/auth/me']) {
      expect((await t.request({ url })).headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on every reply to a signed-in request, errors included', async () => {
    const { session } = await t.register();
    for (const url of ['/api/preferences', '/api/api-keys', '/api/health', '/api/nothing-here']) {
      const reply = await t.request({ url, token: session.accessToken });
      expect(reply.headers['cache-control'], `${url} ${reply.statusCode}`).toBe('no-store');
    }
    const cookieReply = await t.request({ url: '/api/health', headers: { cookie: 'session=abc' } });
    expect(cookieReply.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on /v1 replies to an API key, in either header', async () => {
    const user = await t.register();
    await t.db.update(users).set({ planName: 'starter' }).where(eq(users.id, user.session.user.id));
    const created = await t.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'Cache test' } });
    const { key } = dataOf<CreatedApiKey>(created);
    const keyHeaders: Record<string, string>[] = [{ authorization: `Bearer ${key}` }, { 'xi-api-key': key }];
    for (const headers of keyHeaders) {
      const reply = await t.request({ url: '/v1/models', headers });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves public replies and routes with their own caching as they were', async () => {
    const { session } = await t.register();
    expect((await t.request({ url: '/api/health' })).headers['cache-control']).toBeUndefined();
    const artwork = await t.request({ url: '/api/voices/en-us-radiant-girl/artwork.svg', token: session.accessToken });
    expect(artwork.headers['cache-control']).toBe('public, max-age=604800');
    const key = 'featured/5a0c9e7d-1b2f-4c3d-8e9f-0a1b2c3d4e5f-cache.svg';
    await t.app.files.put(key, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const media = await t.request({ url: t.app.mediaLinks.urlFor(key), token: session.accessToken });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('private, max-age=3600');
    expect((await t.request({ url: '/' })).headers['cache-control']).toBe('no-cache');
  });
});
