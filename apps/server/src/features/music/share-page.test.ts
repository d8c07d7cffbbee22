import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FastMusicEngine } from '@sound-studio/audio/testing';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase, temporaryFolder, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { MUSIC_TEST_ENV, settledTrack, startTrack } from '../../../test/music.ts';
import { escapeHtml, injectPreview } from './share-page.ts';

vi.setConfig({ testTimeout: 180_000 });

/** The head of a built index.html: the tags a share page replaces, and the app's script. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Sound Studio: text to speech, music, voice design, cloning and isolation for creators." />
    <title>Sound Studio</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
/** What an unfurling crawler sends; it runs no JavaScript and reads only the HTML. */
const CRAWLER = { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' };

let database: DatabaseHandle;
let t: TestApp;
let baseUrl: string;
let alice: RegisteredUser;
let removeDist: () => void;

beforeAll(async () => {
  const dist = temporaryFolder('sound-studio-share-dist-');
  removeDist = dist.remove;
  writeFileSync(path.join(dist.folder, 'index.html'), INDEX_HTML);
  database = await openTestDatabase();
  t = await TestApp.start({ database, env: { ...MUSIC_TEST_ENV, WEB_DIST_DIR: dist.folder }, musicEngine: new FastMusicEngine() });
  baseUrl = await t.listen();
  alice = await t.register();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  removeDist?.();
});

/** The page as a crawler reads it: its title, its meta tags by property or name, and whether the app's script is kept. */
async function crawl(url: string) {
  const response = await fetch(`${baseUrl}${url}`, { headers: CRAWLER });
  const html = await response.text();
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let lang = '';
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'html') lang = attributes.lang ?? '';
      if (name === 'title') inTitle = true;
      const key = attributes.property ?? attributes.name;
      if (name === 'meta' && key && attributes.content !== undefined) meta.set(key, attributes.content);
    },
    ontext(text) {
      if (inTitle) title += text;
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false;
    },
  });
  parser.write(html);
  parser.end();
  return { response, html, meta, title, lang };
}

async function fetchPng(url: string) {
  const response = await fetch(url, { headers: CRAWLER });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('GET /share/music/{id} for crawlers', () => {
  it("serves a completed track's Open Graph and Twitter card tags, its cover as a PNG and its audio", async () => {
    const started = await startTrack(t, alice, { prompt: 'Warm lo-fi beat with rain & <soft> "keys"', duration: 30 });
    const track = await settledTrack(t, alice, started._id);
    expect(track.status).toBe('completed');

    const page = await crawl(`/share/music/${track._id}`);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-type')).toContain('text/html');
    expect(page.lang).toBe('en');
    expect(page.title).toBe(`${track.title} · Sound Studio`);
    expect(page.meta.get('og:title')).toBe(track.title);
    expect(page.meta.get('og:type')).toBe('music.song');
    expect(page.meta.get('og:site_name')).toBe('Sound Studio');
    expect(page.meta.get('og:url')).toBe(`${baseUrl}/share/music/${track._id}`);
    expect(page.meta.get('og:description')).toBe('A 0:30 track made with Sound Studio. Warm lo-fi beat with rain & <soft> "keys"');
    expect(page.meta.get('description')).toBe(page.meta.get('og:description'));
    expect(page.meta.get('twitter:card')).toBe('summary_large_image');
    expect(page.meta.get('twitter:title')).toBe(track.title);
    // The prompt's markup arrives escaped, never as tags.
    expect(page.html).toContain('rain &amp; &lt;soft&gt; &quot;keys&quot;');
    expect(page.html).not.toContain('<soft>');
    // Still the web app for a person.
    expect(page.html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');

    const imageUrl = page.meta.get('og:image') ?? '';
    expect(imageUrl).toBe(`${baseUrl}/share/music/${track._id}/cover.png`);
    expect(page.meta.get('twitter:image')).toBe(imageUrl);
    expect(page.meta.get('og:image:type')).toBe('image/png');
    const cover = await fetchPng(imageUrl);
    expect(cover.response.status).toBe(200);
    expect(cover.response.headers.get('content-type')).toBe('image/png');
    expect(cover.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([cover.width, cover.height]).toEqual([480, 480]);
    // Drawn from the track's own artwork, not the brand cover.
    const brand = await fetchPng(`${baseUrl}/share/cover.png`);
    expect(cover.bytes.equals(brand.bytes)).toBe(false);

    const audioUrl = page.meta.get('og:audio') ?? '';
    expect(audioUrl.startsWith(`${baseUrl}/api/media/`)).toBe(true);
    expect(page.meta.get('og:audio:type')).toBe('audio/mpeg');
    const audio = await fetch(audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toContain('audio/mpeg');

    const turkish = await crawl(`/tr/share/music/${track._id}`);
    expect(turkish.lang).toBe('tr');
    expect(turkish.meta.get('og:locale')).toBe('tr_TR');
    expect(turkish.meta.get('og:description')).toMatch(/^Sound Studio ile yapılmış 0:30 uzunluğunda bir parça\. Warm lo-fi/);
  });

  it('gives a missing, malformed or deleted track the generic tags and the brand cover, and nothing about it', async () => {
    const deleted = await settledTrack(t, alice, (await startTrack(t, alice, { prompt: 'Secret unreleased anthem', duration: 30 }))._id);
    const removal = await t.request({ method: 'DELETE', url: `/api/music/${deleted._id}`, token: alice.session.accessToken });
    expect(removal.statusCode).toBe(200);
    for (const id of [randomUUID(), 'not-a-track', deleted._id]) {
      const page = await crawl(`/share/music/${id}`);
      expect(page.response.status).toBe(200);
      expect(page.title).toBe('Sound Studio');
      expect(page.meta.get('og:title')).toBe('Sound Studio');
      expect(page.meta.get('og:description')).toBe('Music and speech made with Sound Studio.');
      expect(page.meta.get('og:image')).toBe(`${baseUrl}/share/cover.png`);
      expect(page.meta.has('og:audio')).toBe(false);
      expect(page.html).not.toContain('Secret unreleased anthem');
      expect(page.html).not.toContain(deleted.title);
      const cover = await fetchPng(`${baseUrl}/share/music/${id}/cover.png`);
      expect(cover.response.headers.get('content-type')).toBe('image/png');
      expect(cover.bytes.equals((await fetchPng(`${baseUrl}/share/cover.png`)).bytes)).toBe(true);
    }
  });
});

describe('injectPreview', () => {
  it('escapes every value and leaves no way to close the tag', () => {
    const hostile = '"><script>alert(1)</script>\'';
    const html = injectPreview(INDEX_HTML, {
      title: hostile,
      description: hostile,
      pageUrl: 'https://example.test/share/music/x',
      imageUrl: 'https://example.test/share/music/x/cover.png',
      audioUrl: null,
      language: 'en',
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain(`content="${escapeHtml(hostile)}"`);
    expect(escapeHtml(hostile)).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;');
  });
});
