import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { dataOf, openTestDatabase, TestApp, type RegisteredUser } from '../../../../test/harness.ts';
import { balanceAndLedger } from '../../../../test/ledger.ts';

const run = promisify(execFile);

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let baseUrl: string;
let user: RegisteredUser;
let key: string;

const TEXT = 'Welcome to the studio. Every voice tells a story.';

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine });
  baseUrl = await t.listen();
  user = await t.register();
  await t.db.update(users).set({ planName: 'creator' }).where(eq(users.id, user.session.user.id));
  const created = dataOf<CreatedApiKey>(
    await t.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'ElevenLabs client' } }),
  );
  key = created.key;
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

interface CurlReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The request exactly as ElevenLabs' docs show it with curl: xi-api-key header, JSON body, output_format query. */
async function curl(path: string, options: { body?: unknown; apiKey?: string } = {}): Promise<CurlReply> {
  const args = ['-s', '-i', '--http1.1', '-H', `xi-api-key: ${options.apiKey ?? key}`];
  if (options.body !== undefined) args.push('-H', 'Content-Type: application/json', '-d', JSON.stringify(options.body));
  args.push(`${baseUrl}/v1${path}`);
  const { stdout } = await run('curl', args, { encoding: 'buffer', maxBuffer: 50 * 1024 * 1024 });
  const split = stdout.indexOf('\r\n\r\n');
  const head = stdout.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(head[0]?.split(' ')[1]);
  const headers = Object.fromEntries(
    head.slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status, headers, body: stdout.subarray(split + 4) };
}

describe('ElevenLabs-compatible routes (curl)', () => {
  it('POST /v1/text-to-speech/{voice_id} returns MP3 with x-character-count, charged and in history', async () => {
    const before = await balanceAndLedger(t.db, user.session.user.id);
    const reply = await curl('/text-to-speech/en-gb-oliver?output_format=mp3_44100_128', {
      body: { text: TEXT, model_id: 'eleven_multilingual_v2', voice_settings: { stability: 0.5, similarity_boost: 0.75 } },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('audio/mpeg');
    expect(reply.headers['x-character-count']).toBe(String(TEXT.length));
    expect(parseMp3Frames(reply.body).durationSeconds).toBeGreaterThan(1.5);
    const after = await balanceAndLedger(t.db, user.session.user.id);
    expect(before.balance - after.balance).toBe(TEXT.length);

    const history = await curl('/history');
    const body = JSON.parse(history.body.toString()) as { history: Array<{ history_item_id: string; voice_id: string; text: string; source: string; model_id: string }> };
    expect(body.history[0]).toMatchObject({ voice_id: 'en-gb-oliver', text: TEXT, source: 'TTS', model_id: 'speech-2.5-hd-preview' });
    expect(body.history[0]?.history_item_id).toBe(reply.headers['request-id']);
  });

  it('/stream with pcm_16000 returns raw PCM at 16 kHz', async () => {
    t.clock.advanceSeconds(1);
    const reply = await curl('/text-to-speech/en-us-madison/stream?output_format=pcm_16000', { body: { text: TEXT, model_id: 'eleven_flash_v2_5' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('audio/pcm');
    expect(reply.headers['transfer-encoding']).toBe('chunked');
    const seconds = reply.body.length / 2 / 16_000;
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(10);
  });

  it('GET /v1/voices and /v1/user/subscription answer in ElevenLabs shape, from the ledger', async () => {
    const voices = JSON.parse((await curl('/voices')).body.toString()) as { voices: Array<{ voice_id: string; category: string; labels: Record<string, string> }> };
    expect(voices.voices.find((voice) => voice.voice_id === 'tr-elif')).toMatchObject({ category: 'premade', labels: { gender: 'female', language: 'tr' } });
    const subscription = JSON.parse((await curl('/user/subscription')).body.toString()) as Record<string, number | string>;
    const { balance } = await balanceAndLedger(t.db, user.session.user.id);
    expect(subscription).toMatchObject({ tier: 'creator', character_limit: 100_000, credits_remaining: balance, status: 'active' });
    expect(subscription.character_count).toBeGreaterThanOrEqual(TEXT.length * 2);
  });

  it('answers errors as { detail: { status, message } }, validation errors with 422', async () => {
    const unsupported = await curl('/text-to-speech/en-us-madison?output_format=aiff_44100', { body: { text: TEXT } });
    expect(unsupported.status).toBe(422);
    expect(JSON.parse(unsupported.body.toString())).toMatchObject({
      detail: { status: 'validation_error', message: expect.stringContaining("Unsupported output_format 'aiff_44100'") },
    });
    const badKey = await curl('/voices', { apiKey: `ss_${'x'.repeat(43)}` });
    expect(badKey.status).toBe(401);
    expect(JSON.parse(badKey.body.toString())).toEqual({ detail: { status: 'unauthorized', message: 'Invalid API key' } });
  });
});
