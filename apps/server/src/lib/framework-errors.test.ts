import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, TestApp } from '../../test/harness.ts';

/** Replies Fastify and Node produce before any route runs must carry the same envelope as every other error. */

let database: DatabaseHandle;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  baseUrl = await t.listen();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

function expectEnvelope(statusCode: number, body: unknown, expected: { status: number; code: string }): void {
  expect({ statusCode, body }).toMatchObject({ statusCode: expected.status, body: { success: false, code: expected.code, error: expect.any(String) } });
  expect(Object.keys(body as object).sort()).toEqual(['code', 'error', 'success']);
}

async function injected(options: { method?: 'GET' | 'POST' | 'PUT'; url: string; headers?: Record<string, string>; payload?: string }) {
  const reply = await t.app.inject({ method: options.method ?? 'GET', url: options.url, headers: options.headers, payload: options.payload });
  return { statusCode: reply.statusCode, body: reply.json<unknown>() };
}

/** Sends raw bytes and returns the raw HTTP reply (the parser rejects the request before Fastify sees it). */
function rawExchange(request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('framework errors', () => {
  it('answers a URL that does not decode (FST_ERR_BAD_URL) with 400 VALIDATION_ERROR', async () => {
    const reply = await injected({ url: '/api/media/%E0%A4%A' });
    expectEnvelope(reply.statusCode, reply.body, { status: 400, code: 'VALIDATION_ERROR' });
  });

  it('answers an oversized path parameter (FST_ERR_MAX_PARAM_LENGTH) with 400 VALIDATION_ERROR', async () => {
    const reply = await injected({ url: `/api/tts/jobs/${'a'.repeat(500)}` });
    expectEnvelope(reply.statusCode, reply.body, { status: 400, code: 'VALIDATION_ERROR' });
  });

  it('answers broken JSON, an empty JSON body, another content type and a huge body with the envelope', async () => {
    const csrf = t.csrfToken();
    const login = { method: 'POST' as const, url: '/api/auth/login' };
    const broken = await injected({ ...login, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, payload: '{"email": ' });
    expectEnvelope(broken.statusCode, broken.body, { status: 400, code: 'VALIDATION_ERROR' });
    const empty = await injected({ ...login, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, payload: '' });
    expectEnvelope(empty.statusCode, empty.body, { status: 400, code: 'VALIDATION_ERROR' });
    const xml = await injected({ ...login, headers: { 'content-type': 'application/xml', 'x-csrf-token': csrf }, payload: '<login/>' });
    expectEnvelope(xml.statusCode, xml.body, { status: 415, code: 'UNSUPPORTED_MEDIA' });
    const huge = await injected({ ...login, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, payload: JSON.stringify({ x: 'x'.repeat(2 * 1024 * 1024) }) });
    expectEnvelope(huge.statusCode, huge.body, { status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const poisoned = await injected({ ...login, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, payload: '{"__proto__": {"admin": true}}' });
    expectEnvelope(poisoned.statusCode, poisoned.body, { status: 400, code: 'VALIDATION_ERROR' });
  });

  it('answers an unknown API route and a method a route does not have with 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['PUT', '/api/health'],
      ['POST', '/api/media/tts/file.mp3'],
    ] as const) {
      const reply = await injected({ method, url, headers: { 'x-csrf-token': t.csrfToken() } });
      expectEnvelope(reply.statusCode, reply.body, { status: 404, code: 'NOT_FOUND' });
    }
  });

  it('answers a request the HTTP parser rejects with the envelope', async () => {
    const reply = await rawExchange('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ success: false, code: 'VALIDATION_ERROR', error: 'Malformed HTTP request' });
  });

  it('answers headers larger than the server takes with the envelope', async () => {
    const reply = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});
