import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { LocalSpeechEngine, parseMp3Frames, splitSentences } from '@sound-studio/audio';
import { startFakeMiniMaxServer, type FakeMiniMaxServer } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TtsHistoryReply, TtsRequest } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { balanceAndLedger, ledgerRowsFor, reservationFor } from '../../../test/ledger.ts';
import { englishProse } from '../../../test/speech.ts';
import { waitFor } from '../../../test/queue-contract.ts';

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine });
  baseUrl = await t.listen();
  await engine.warmUp();
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

/** A real HTTP request, so the stream arrives chunk by chunk as a browser would see it. */
function postStream(user: RegisteredUser, body: Partial<TtsRequest>): Promise<Response> {
  return fetch(`${baseUrl}/api/voices/generate-tts/stream`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.session.accessToken}`,
      'x-csrf-token': t.csrfToken(),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

/**
 * The same request over node:http, for a client that walks away: aborting fetch makes undici open a spare connection
 * that would keep the test server from closing.
 */
function openStream(user: RegisteredUser, body: Partial<TtsRequest>): Promise<{ response: IncomingMessage; leave: () => void }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/api/voices/generate-tts/stream`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.session.accessToken}`,
        'x-csrf-token': t.csrfToken(),
        'content-type': 'application/json',
      },
    });
    request.on('response', (response) => resolve({ response, leave: () => request.destroy() }));
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

function userFiles(userId: string): string[] {
  const folder = path.join(t.mediaRoot, 'tts', userId);
  return existsSync(folder) ? readdirSync(folder) : [];
}

describe('POST /api/voices/generate-tts/stream', () => {
  // How soon the first byte comes is measured in `npm run bench -- v1-speech`; here the stream's shape shows it is sent
  // piece by piece, the first piece a small part of the whole.
  it('streams the audio in pieces as it is spoken, then keeps and charges the generation', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const text = englishProse(3000);
    const response = await postStream(user, { text, voiceId: 'en-us-madison' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const generationId = response.headers.get('x-generation-id');
    expect(generationId).toMatch(/^[0-9a-f-]{36}$/);

    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.length).toBeGreaterThan(10);

    const streamed = Buffer.concat(chunks);
    expect(chunks[0]?.length ?? 0).toBeLessThan(streamed.length / 3);
    const frames = parseMp3Frames(streamed);
    expect(frames.durationSeconds).toBeGreaterThan(120); // about 3,000 characters of prose
    expect(frames.frames * 576 * (1 / frames.sampleRate)).toBeCloseTo(frames.durationSeconds, 3);

    const history = dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: user.session.accessToken }));
    expect(history.items.map((item) => item.id)).toEqual([generationId]);
    expect(history.items[0]).toMatchObject({ characters: text.length, credits: text.length, source: 'editor' });
    expect(Math.abs((history.items[0]?.durationSeconds ?? 0) - frames.durationSeconds)).toBeLessThan(0.5);
    const stored = await t.request({ url: history.items[0]?.audioUrl ?? '' });
    expect(stored.bytes.equals(streamed)).toBe(true);
    expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 10_000 - text.length, ledgerSum: 10_000 - text.length });
  });

  it('charges only the sentences sent before the client left, and keeps no history entry or file', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const text = englishProse(3000);
    const { response, leave } = await openStream(user, { text, voiceId: 'en-us-madison' });
    const generationId = String(response.headers['x-generation-id']);
    let received = 0;
    for await (const chunk of response) {
      received += (chunk as Buffer).length;
      if (received >= 200_000) break; // leaving the loop destroys the response: the client hangs up
    }
    leave();
    expect(received).toBeGreaterThanOrEqual(200_000);

    const reservation = await waitFor(async () => {
      const row = await reservationFor(database.db, `tts:${generationId}`);
      return row && row.status !== 'held' ? row : null;
    });
    const sentenceEnds = splitSentences(text, 'en-US').reduce<number[]>((ends, piece) => [...ends, (ends.at(-1) ?? 0) + piece.text.length], []);
    const charged = reservation.chargedAmount ?? 0;
    expect(reservation.status).toBe('settled');
    expect(sentenceEnds).toContain(charged);
    expect(charged).toBeGreaterThanOrEqual(sentenceEnds[0] ?? 0);
    expect(charged).toBeLessThan(text.length / 2);
    expect(await ledgerRowsFor(database.db, `tts:${generationId}`)).toEqual([
      { reason: 'hold', amount: -text.length },
      { reason: 'release', amount: text.length },
      { reason: 'charge', amount: -charged },
    ]);
    expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 10_000 - charged, ledgerSum: 10_000 - charged });
    const history = dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: user.session.accessToken }));
    expect(history.total).toBe(0);
    expect(userFiles(userId)).toEqual([]);
  });

  it('answers validation and credit problems as JSON before any audio, charging nothing', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const empty = await t.request({ method: 'POST', url: '/api/voices/generate-tts/stream', token: user.session.accessToken, body: { text: '', voiceId: 'en-us-madison' } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error).toBe('Please enter text and select voice');
    const unknown = await t.request({ method: 'POST', url: '/api/voices/generate-tts/stream', token: user.session.accessToken, body: { text: 'Hi.', voiceId: 'nobody' } });
    expect(errorOf(unknown).error).toBe('Voice not found');

    await t.app.credits.reserve(userId, 10_000 - 5, 'Something else', 'elsewhere');
    const broke = await t.request({ method: 'POST', url: '/api/voices/generate-tts/stream', token: user.session.accessToken, body: { text: 'Too long for five credits.', voiceId: 'en-us-madison' } });
    expect(broke.statusCode).toBe(402);
    expect(errorOf(broke)).toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { redirectUrl: '/pricing' } });
    expect(await balanceAndLedger(database.db, userId)).toEqual({ balance: 5, ledgerSum: 5 });
    // The engine and the history file started beside the refused hold: both were given back.
    expect(userFiles(userId)).toEqual([]);
  });

  describe('with MiniMax', () => {
    let minimax: FakeMiniMaxServer;
    let cloud: TestApp;

    beforeAll(async () => {
      minimax = await startFakeMiniMaxServer();
      cloud = await TestApp.start({
        database,
        env: { SPEECH_PROVIDER: 'minimax', MINIMAX_API_KEY: minimax.apiKey, MINIMAX_BASE_URL: minimax.baseUrl },
      });
    });

    afterAll(async () => {
      await cloud?.close();
      await minimax?.close();
    });

    it("streams the provider's MP3 and keeps it", async () => {
      const user = await cloud.register();
      const reply = await cloud.request({
        method: 'POST',
        url: '/api/voices/generate-tts/stream',
        token: user.session.accessToken,
        body: { text: 'Streamed from the cloud.', voiceId: 'en-us-madison' },
      });
      expect(reply.statusCode).toBe(200);
      expect(parseMp3Frames(reply.bytes).frames).toBeGreaterThan(10);
      expect(reply.headers['x-generation-id']).toBeTruthy();
      expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 9976, ledgerSum: 9976 });
    });

    it('turns a provider failure before the first byte into a JSON 503 and releases the hold', async () => {
      const user = await cloud.register();
      minimax.failNext({ httpStatus: 500 });
      const reply = await cloud.request({
        method: 'POST',
        url: '/api/voices/generate-tts/stream',
        token: user.session.accessToken,
        body: { text: 'This fails upstream.', voiceId: 'en-us-madison' },
      });
      expect(reply.statusCode).toBe(503);
      expect(errorOf(reply)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: 'Speech generation failed', details: { reason: 'PROVIDER_ERROR' } });
      expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
    });
  });
});
