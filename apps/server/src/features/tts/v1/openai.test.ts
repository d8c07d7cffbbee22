import { eq } from 'drizzle-orm';
import { decodeWav, LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList, CreatedApiKey, TtsHistoryReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { dataOf, openTestDatabase, TestApp, type RegisteredUser } from '../../../../test/harness.ts';
import { balanceAndLedger } from '../../../../test/ledger.ts';

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let baseUrl: string;
let user: RegisteredUser;
let client: OpenAI;
let keyId: string;

const SENTENCES = 'The lighthouse keeper climbed the stairs. She could see the boats coming home.';

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine });
  baseUrl = await t.listen();
  await engine.warmUp();
  user = await t.register();
  await t.db.update(users).set({ planName: 'starter' }).where(eq(users.id, user.session.user.id));
  const created = dataOf<CreatedApiKey>(
    await t.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'SDK test' } }),
  );
  keyId = created.apiKey.id;
  client = new OpenAI({ apiKey: created.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

async function speech(body: Partial<OpenAI.Audio.SpeechCreateParams>): Promise<{ bytes: Uint8Array; response: Response }> {
  // History is newest first: each call a second later keeps "the latest" unambiguous.
  t.clock.advanceSeconds(1);
  const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: SENTENCES, ...body });
  return { bytes: new Uint8Array(await response.arrayBuffer()), response };
}

async function history(): Promise<TtsHistoryReply> {
  return dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: user.session.accessToken }));
}

describe('POST /v1/audio/speech with the openai SDK', () => {
  it('streams MP3, charges the ledger, and keeps the call in history under the key name', async () => {
    const userId = user.session.user.id;
    const before = await balanceAndLedger(t.db, userId);
    const { bytes, response } = await speech({ response_format: 'mp3' });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const mp3 = parseMp3Frames(bytes);
    expect(mp3.durationSeconds).toBeGreaterThan(2);
    // Every byte belongs to a whole frame: the stream is one continuous MP3.
    expect(mp3.frames).toBeGreaterThan(50);
    const after = await balanceAndLedger(t.db, userId);
    expect(after.balance).toBe(after.ledgerSum);
    expect(before.balance - after.balance).toBeGreaterThan(0);

    const [latest] = (await history()).items;
    expect(latest).toMatchObject({ text: SENTENCES, source: 'api', apiKeyName: 'SDK test', voiceId: 'en-us-madison' });
    expect(latest?.settings.model).toBe('speech-1.5-hd-preview');
    expect(latest?.credits).toBe(before.balance - after.balance);
    expect(response.headers.get('x-generation-id')).toBe(latest?.id);

    const keys = dataOf<ApiKeyList>(await t.request({ url: '/api/api-keys', token: user.session.accessToken }));
    const usage = keys.items.find((item) => item.id === keyId)?.usage;
    expect(usage?.requests).toBeGreaterThanOrEqual(1);
    expect(usage?.characters).toBeGreaterThanOrEqual(SENTENCES.length);
  });

  it('returns WAV (22,050 Hz, 16-bit) with speech in it', async () => {
    const { bytes, response } = await speech({ response_format: 'wav', voice: 'onyx' });
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const wav = decodeWav(bytes);
    expect(wav.sampleRate).toBe(22_050);
    expect(wav.samples.length / wav.sampleRate).toBeGreaterThan(2);
    expect(Math.max(...wav.samples.subarray(0, 40_000).map(Math.abs))).toBeGreaterThan(0.05);
  });

  it("returns raw PCM at OpenAI's 24 kHz: as long as the WAV at 24/22.05 times the samples", async () => {
    const wav = decodeWav((await speech({ response_format: 'wav' })).bytes);
    const { bytes, response } = await speech({ response_format: 'pcm' });
    expect(response.headers.get('content-type')).toBe('audio/pcm');
    expect(bytes.length % 2).toBe(0);
    const pcmSeconds = bytes.length / 2 / 24_000;
    expect(Math.abs(pcmSeconds - wav.samples.length / wav.sampleRate)).toBeLessThan(0.05);
  });

  it('encodes Opus, AAC and FLAC through ffmpeg', async () => {
    const opus = await speech({ response_format: 'opus' });
    expect(Buffer.from(opus.bytes.subarray(0, 4)).toString('latin1')).toBe('OggS');
    const flac = await speech({ response_format: 'flac' });
    expect(Buffer.from(flac.bytes.subarray(0, 4)).toString('latin1')).toBe('fLaC');
    const aac = await speech({ response_format: 'aac' });
    // ADTS frames start with the 12-bit sync word 0xFFF.
    expect(aac.bytes[0]).toBe(0xff);
    expect((aac.bytes[1] ?? 0) & 0xf0).toBe(0xf0);
    expect(aac.bytes.length).toBeGreaterThan(5000);
  });

  it('streams SSE: speech.audio.delta events with base64 audio, then speech.audio.done with usage', async () => {
    const { bytes, response } = await speech({ stream_format: 'sse', response_format: 'mp3', instructions: 'Speak in a cheerful tone' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = new TextDecoder()
      .decode(bytes)
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice('data: '.length)) as { type: string; audio?: string; usage?: Record<string, number> });
    const deltas = events.filter((event) => event.type === 'speech.audio.delta');
    expect(deltas.length).toBeGreaterThan(1);
    const audio = Buffer.concat(deltas.map((event) => Buffer.from(event.audio ?? '', 'base64')));
    expect(parseMp3Frames(audio).durationSeconds).toBeGreaterThan(2);
    const done = events.at(-1);
    expect(done?.type).toBe('speech.audio.done');
    expect(done?.usage).toMatchObject({ input_tokens: SENTENCES.length, characters: SENTENCES.length });
    const [latest] = (await history()).items;
    expect(latest?.mood).toBe('happy');
    expect(done?.usage?.credits).toBe(latest?.credits);
  });

  it('accepts our own model ids and library voice ids, and maps speed to our range', async () => {
    const { bytes } = await speech({ model: 'speech-2.5-hd-preview', voice: 'en-gb-oliver', speed: 4, response_format: 'wav' });
    const [latest] = (await history()).items;
    expect(latest).toMatchObject({ voiceId: 'en-gb-oliver', settings: { speed: 2, model: 'speech-2.5-hd-preview' } });
    expect(decodeWav(bytes).samples.length).toBeGreaterThan(0);
  });

  it("rejects bad requests in OpenAI's error shape, charging nothing", async () => {
    const userId = user.session.user.id;
    const before = await balanceAndLedger(t.db, userId);
    const unknownVoice = speech({ voice: 'no-such-voice' });
    await expect(unknownVoice).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(unknownVoice).rejects.toMatchObject({ status: 400, param: 'voice', type: 'invalid_request_error' });
    await expect(speech({ model: 'whisper-1' })).rejects.toMatchObject({ status: 400, param: 'model' });
    await expect(speech({ input: 'x'.repeat(4097) })).rejects.toMatchObject({ status: 400, param: 'input' });
    expect((await balanceAndLedger(t.db, userId)).balance).toBe(before.balance);
  });
});

describe('GET /v1/models and /v1/audio/voices', () => {
  it("lists OpenAI's model names and ours", async () => {
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'speech-2.5-hd-preview', 'speech-1.5-hd-preview']);
  });

  it('lists voices with language, gender and a preview URL on this server', async () => {
    const response = await fetch(`${baseUrl}/v1/audio/voices`, { headers: { authorization: `Bearer ${client.apiKey}` } });
    const body = (await response.json()) as { data: Array<{ id: string; name: string; language: string; gender: string; preview_url: string }> };
    const alloy = body.data.find((voice) => voice.id === 'alloy');
    expect(alloy).toMatchObject({ name: 'alloy (Madison)', language: 'en-US', gender: 'female' });
    expect(alloy?.preview_url).toBe(`${baseUrl}/api/voices/en-us-madison/preview.mp3`);
    expect(body.data.some((voice) => voice.id === 'tr-elif')).toBe(true);
  });
});

describe('keys through the SDK', () => {
  it('a revoked key fails on the next call', async () => {
    const created = dataOf<CreatedApiKey>(
      await t.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'Temporary' } }),
    );
    const temporary = new OpenAI({ apiKey: created.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    expect((await temporary.models.list()).data.length).toBeGreaterThan(0);
    await t.request({ method: 'DELETE', url: `/api/api-keys/${created.apiKey.id}`, token: user.session.accessToken });
    await expect(temporary.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello' })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
  });

  it("a free-plan user's key is refused with a clear message", async () => {
    const other = await t.register();
    await t.db.update(users).set({ planName: 'starter' }).where(eq(users.id, other.session.user.id));
    const created = dataOf<CreatedApiKey>(
      await t.request({ method: 'POST', url: '/api/api-keys', token: other.session.accessToken, body: { name: 'Downgraded' } }),
    );
    await t.db.update(users).set({ planName: 'free' }).where(eq(users.id, other.session.user.id));
    const downgraded = new OpenAI({ apiKey: created.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    const call = downgraded.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello' });
    await expect(call).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
    await expect(call).rejects.toThrow(/plan does not include API access/);
  });
});

describe('/api/docs', () => {
  it('documents the /v1 routes and the API key schemes', async () => {
    const document = (await t.request({ url: '/api/docs/json' })).body as {
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/audio/speech', '/v1/models', '/v1/audio/voices', '/api/api-keys']));
    expect(document.components.securitySchemes).toHaveProperty('xiApiKey');
  });
});
