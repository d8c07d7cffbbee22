import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, temporaryFolder, TestApp, type TestReply } from '../../test/harness.ts';
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
