import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LocalSpeechEngine } from '@sound-studio/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TtsHistoryReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../db/client.ts';
import { dataOf, openTestDatabase, TestApp, type RegisteredUser } from '../../test/harness.ts';
import { COMPRESSION_THRESHOLD_BYTES, isCompressibleType } from './reply-compression.ts';

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let baseUrl: string;
let user: RegisteredUser;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine });
  baseUrl = await t.listen();
  user = await t.register();
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

describe('JSON replies', () => {
  it.each(['br', 'gzip'] as const)('sends /api/voices/list-grouped as %s that decodes to the plain reply', async (encoding) => {
    const plain = await t.request({ url: '/api/voices/list-grouped', token: user.session.accessToken });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const packed = await t.request({ url: '/api/voices/list-grouped', token: user.session.accessToken, headers: { 'accept-encoding': `${encoding}` } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers['content-type']).toContain('application/json');
    expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
    expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(decoders[encoding](packed.bytes).toString('utf8'))).toEqual(plain.body);
  });

  it('prefers brotli when the client takes both, and leaves replies under 1 KB alone', async () => {
    const both = await t.request({ url: '/api/voices/list-grouped', token: user.session.accessToken, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    const small = await t.request({ url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('audio and streams', () => {
  it('streams speech and serves the stored audio (whole and in ranges) without compression', async () => {
    const response = await fetch(`${baseUrl}/api/voices/generate-tts/stream`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.session.accessToken}`,
        'x-csrf-token': t.csrfToken(),
        'content-type': 'application/json',
        'accept-encoding': 'br, gzip',
      },
      body: JSON.stringify({ text: 'The stream goes out as it is spoken. Nothing squeezes it on the way.', voiceId: 'en-us-madison' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const history = dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: user.session.accessToken }));
    const audioUrl = history.items[0]?.audioUrl ?? '';
    const whole = await t.request({ url: audioUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toContain('audio/mpeg');
    expect(whole.headers['content-encoding']).toBeUndefined();
    const range = await t.request({ url: audioUrl, headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-2047' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.bytes.length).toBe(2048);
  });

  it.each(['audio/mpeg', 'audio/wav', 'text/event-stream', 'application/octet-stream', 'image/png', 'multipart/form-data'])(
    'never compresses %s',
    (contentType) => {
      expect(isCompressibleType(contentType)).toBe(false);
    },
  );

  it.each(['application/json; charset=utf-8', 'application/problem+json', 'text/html; charset=utf-8', 'text/plain', 'image/svg+xml'])(
    'compresses %s',
    (contentType) => {
      expect(isCompressibleType(contentType)).toBe(true);
    },
  );
});
