import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { errorOf, openTestDatabase, temporaryFolder, TestApp } from '../../../test/harness.ts';

const INDEX_HTML = '<!doctype html><title>Sound Studio</title><div id="root"></div>';
/** A main script as the build leaves it: the file plus its brotli and gzip copies. */
const MAIN_SCRIPT = `${Array.from({ length: 200 }, (_, index) => `export const value${index} = "studio ${index}";`).join('\n')}\n`;
const MAIN_SCRIPT_URL = '/assets/index-9b8c7d.js';
/** The sign-in page drawn at build time, per language. */
const LOGIN_HTML = { en: '<!doctype html><div id="root"><main data-prerendered="en">Welcome back</main></div>', tr: '<!doctype html><div id="root"><main data-prerendered="tr">Tekrar hoş geldiniz</main></div>' };
/** The studio's text-to-speech frame drawn at build time, per language. */
const STUDIO_HTML = { en: '<!doctype html><div id="root"><div data-prerendered="en">Text to speech</div></div>', tr: '<!doctype html><div id="root"><div data-prerendered="tr">Metinden sese</div></div>' };

let database: DatabaseHandle;
let withBuild: TestApp;
let withoutBuild: TestApp;
let removeDist: () => void;

beforeAll(async () => {
  const dist = temporaryFolder('sound-studio-dist-');
  removeDist = dist.remove;
  mkdirSync(path.join(dist.folder, 'assets'));
  writeFileSync(path.join(dist.folder, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist.folder, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist.folder, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dist.folder, 'prerendered'));
  writeFileSync(path.join(dist.folder, 'prerendered', 'login.en.html'), LOGIN_HTML.en);
  writeFileSync(path.join(dist.folder, 'prerendered', 'login.tr.html'), LOGIN_HTML.tr);
  writeFileSync(path.join(dist.folder, 'prerendered', 'text-to-speech.en.html'), STUDIO_HTML.en);
  writeFileSync(path.join(dist.folder, 'prerendered', 'text-to-speech.tr.html'), STUDIO_HTML.tr);
  writeFileSync(path.join(dist.folder, 'assets', 'index-3f2a9c.js'), 'console.log("app");');
  const mainScriptPath = path.join(dist.folder, MAIN_SCRIPT_URL);
  writeFileSync(mainScriptPath, MAIN_SCRIPT);
  writeFileSync(`${mainScriptPath}.br`, brotliCompressSync(MAIN_SCRIPT));
  writeFileSync(`${mainScriptPath}.gz`, gzipSync(MAIN_SCRIPT));

  database = await openTestDatabase();
  withBuild = await TestApp.start({ database, env: { WEB_DIST_DIR: dist.folder } });
  withoutBuild = await TestApp.start({ database });
});

afterAll(async () => {
  await withBuild?.close();
  await withoutBuild?.close();
  await database?.close();
  removeDist?.();
});

describe('with a web build', () => {
  it.each(['/', '/music', '/tr/settings', '/voice-library?voiceId=abc', '/api'])(
    'serves index.html for the client route %s, never cached',
    async (url) => {
      const reply = await withBuild.request({ url });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(reply.text).toBe(INDEX_HTML);
      expect(reply.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves the sign-in page drawn ahead of time: English at /login unless the browser asks for Turkish, Turkish at /tr/login', async () => {
    const english = await withBuild.request({ url: '/login?next=%2Fmusic', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(english.text).toBe(LOGIN_HTML.en);
    expect(english.headers.vary).toContain('Accept-Language');
    expect(english.headers['cache-control']).toBe('no-cache');
    // A Turkish browser would be sent on to /tr/login by the app: it gets the plain app page, not English text.
    const turkishBrowser = await withBuild.request({ url: '/login', headers: { 'accept-language': 'de-DE, tr;q=0.8' } });
    expect(turkishBrowser.text).toBe(INDEX_HTML);
    expect(turkishBrowser.headers.vary).toContain('Accept-Language');
    expect((await withBuild.request({ url: '/tr/login/' })).text).toBe(LOGIN_HTML.tr);
    // Other pages, and a build without these pages, keep index.html.
    expect((await withBuild.request({ url: '/register' })).text).toBe(INDEX_HTML);
    expect((await withBuild.request({ url: '/prerendered' })).text).toBe(INDEX_HTML);
  });

  it("serves the studio's text-to-speech frame drawn ahead of time, by language like the sign-in page", async () => {
    const english = await withBuild.request({ url: '/text-to-speech?voiceId=en-us-madison', headers: { 'accept-language': 'en-US' } });
    expect(english.text).toBe(STUDIO_HTML.en);
    expect(english.headers.vary).toContain('Accept-Language');
    expect(english.headers['cache-control']).toBe('no-cache');
    expect((await withBuild.request({ url: '/text-to-speech', headers: { 'accept-language': 'tr-TR' } })).text).toBe(INDEX_HTML);
    expect((await withBuild.request({ url: '/tr/text-to-speech' })).text).toBe(STUDIO_HTML.tr);
    // The other studio pages keep index.html.
    expect((await withBuild.request({ url: '/tr/music' })).text).toBe(INDEX_HTML);
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await withBuild.request({ url: '/assets/index-3f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await withBuild.request({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    const icon = await withBuild.request({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['br', 'br, gzip', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('sends the main script as %s by Accept-Encoding, decoding to the original', async (encoding, accept, decode) => {
    const reply = await withBuild.request({ url: MAIN_SCRIPT_URL, headers: { 'accept-encoding': accept } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.etag).toBeTruthy();
    expect(reply.bytes.length).toBeLessThan(MAIN_SCRIPT.length / 3);
    expect(decode(reply.bytes).toString('utf8')).toBe(MAIN_SCRIPT);
  });

  it('sends the plain script to a client without compression, with its own ETag, and revalidates by it', async () => {
    const plain = await withBuild.request({ url: MAIN_SCRIPT_URL });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(MAIN_SCRIPT);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    const brotli = await withBuild.request({ url: MAIN_SCRIPT_URL, headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await withBuild.request({
      url: MAIN_SCRIPT_URL,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers missing files, unknown API paths and other methods with the JSON 404', async () => {
    for (const request of [
      { url: '/assets/missing-123.js' },
      { url: '/api/unknown' },
      { url: '/socket.io/nothing.txt' },
      { method: 'POST' as const, url: '/settings' },
    ]) {
      const reply = await withBuild.request(request);
      expect(reply.statusCode).toBe(404);
      expect(errorOf(reply).code).toBe('NOT_FOUND');
    }
  });

  it('keeps the API working next to the files', async () => {
    expect((await withBuild.request({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('without a web build', () => {
  it.each(['/', '/settings'])('explains how to build the web app at %s', async (url) => {
    const reply = await withoutBuild.request({ url });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.text).toContain('npm run build');
  });

  it('still answers unknown API paths with JSON', async () => {
    expect(errorOf(await withoutBuild.request({ url: '/api/unknown' })).code).toBe('NOT_FOUND');
  });
});
