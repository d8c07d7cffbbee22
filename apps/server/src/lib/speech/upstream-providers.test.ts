import { createServer } from 'node:net';
import { LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import {
  ELEVENLABS_VOICES_FIXTURE,
  startFakeElevenLabsServer,
  startFakeOpenAiSpeechServer,
  type FakeElevenLabsServer,
  type FakeOpenAiSpeechServer,
} from '@sound-studio/audio/testing';
// The SDK's own (de)serialisers describe ElevenLabs' wire format (snake_case), independent of our adapter.
import * as serialization from '@elevenlabs/elevenlabs-js/serialization/index.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, DocumentReply, TtsHistoryReply, TtsJob, TtsReply, Voice, VoiceListResponse } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { creditReservations, ttsGenerations, users } from '../../db/schema.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, type RegisteredUser, type TestReply } from '../../../test/harness.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import { multipart } from '../../../test/multipart.ts';
import { englishProse } from '../../../test/speech.ts';

/**
 * Upstream speech providers end to end: studio B is configured with SPEECH_PROVIDERS naming a second, real Sound
 * Studio (A, an OpenAI-compatible server on a port with an API key), a fake ElevenLabs built from its documented
 * examples, and upstreams that are down, slow and refusing. Every reply and every log line of B is kept, to show that
 * no key ever leaves it.
 */

const ELEVEN_KEY = 'xi-secret-eleven-key-5d1f0c';
const REFUSED_KEY = 'sk-secret-refused-key-9a7e44';
const STUDIO_VOICE = 'upstream:studio-two:en-us-radiant-girl';
const RACHEL = 'upstream:eleven:21m00Tcm4TlvDq8ikWAM';

let engine: LocalSpeechEngine;
let databaseA: DatabaseHandle;
let databaseB: DatabaseHandle;
let upstreamStudio: TestApp;
let studio: TestApp;
let studioUrl: string;
let studioKeyA = '';
let eleven: FakeElevenLabsServer;
let silent: FakeOpenAiSpeechServer;
let refusing: FakeOpenAiSpeechServer;
const logLines: string[] = [];
const replies: string[] = [];

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function apiKeyOf(app: TestApp, user: RegisteredUser): Promise<string> {
  await app.db.update(users).set({ planName: 'starter' }).where(eq(users.id, user.session.user.id));
  const created = await app.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'upstream' } });
  return dataOf<CreatedApiKey>(created).key;
}

/** A request to studio B whose reply is kept for the leak check. */
async function request(options: Parameters<TestApp['request']>[0]): Promise<TestReply> {
  const reply = await studio.request(options);
  replies.push(reply.text);
  return reply;
}

function generate(user: RegisteredUser, voiceId: string, text: string) {
  return request({ method: 'POST', url: '/api/voices/generate-tts', token: user.session.accessToken, body: { text, voiceId } });
}

async function balanceOf(user: RegisteredUser): Promise<number> {
  const { balance, ledgerSum } = await balanceAndLedger(studio.db, user.session.user.id);
  expect(balance).toBe(ledgerSum);
  return balance;
}

async function heldReservations(user: RegisteredUser): Promise<number> {
  const rows = await studio.db
    .select()
    .from(creditReservations)
    .where(and(eq(creditReservations.userId, user.session.user.id), eq(creditReservations.status, 'held')));
  return rows.length;
}

beforeAll(async () => {
  engine = new LocalSpeechEngine({ workers: 1 });
  [databaseA, databaseB] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  upstreamStudio = await TestApp.start({ database: databaseA, speechEngine: engine });
  const upstreamUrl = await upstreamStudio.listen();
  const owner = await upstreamStudio.register();
  studioKeyA = await apiKeyOf(upstreamStudio, owner);
  // Studio B's long texts are spoken by A: its account must not run dry.
  await upstreamStudio.db.update(users).set({ credits: 1_000_000 }).where(eq(users.id, owner.session.user.id));

  eleven = await startFakeElevenLabsServer({ apiKey: ELEVEN_KEY });
  silent = await startFakeOpenAiSpeechServer({ kind: 'silent' });
  refusing = await startFakeOpenAiSpeechServer({ kind: 'status', status: 401 });
  const providers = [
    { type: 'openai', name: 'studio-two', label: 'Studio Two', baseUrl: `${upstreamUrl}/v1`, apiKeyEnv: 'STUDIO_TWO_KEY', pricePerCharacter: 1.5, timeoutSeconds: 60 },
    { type: 'elevenlabs', name: 'eleven', label: 'ElevenLabs', baseUrl: eleven.baseUrl, apiKey: ELEVEN_KEY, pricePerCharacter: 3 },
    { type: 'openai', name: 'down', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, apiKey: 'sk-down', voices: ['alloy'], pricePerCharacter: 1 },
    { type: 'openai', name: 'slow', baseUrl: silent.baseUrl, apiKey: 'sk-slow', voices: ['alloy'], pricePerCharacter: 1, timeoutSeconds: 1 },
    // No voices list: its listing is read at start, and refused.
    { type: 'openai', name: 'refusing', baseUrl: refusing.baseUrl, apiKey: REFUSED_KEY, pricePerCharacter: 1 },
  ];
  studio = await TestApp.start({
    database: databaseB,
    speechEngine: engine,
    env: { SPEECH_PROVIDERS: JSON.stringify(providers), STUDIO_TWO_KEY: studioKeyA, LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  studioUrl = await studio.listen();
}, 120_000);

afterAll(async () => {
  await studio?.close();
  await upstreamStudio?.close();
  await Promise.all([eleven?.close(), silent?.close(), refusing?.close()]);
  await engine?.close();
  await Promise.all([databaseA?.close(), databaseB?.close()]);
});

describe('the fake ElevenLabs', () => {
  it("answers a voice listing the official SDK's wire schema accepts", () => {
    const parsed = serialization.GetVoicesResponse.parseOrThrow(ELEVENLABS_VOICES_FIXTURE);
    expect(parsed.voices.map((voice) => voice.voiceId)).toEqual(['21m00Tcm4TlvDq8ikWAM', 'pNInz6obpgDQGcFmaJgB']);
  });
});

describe('upstream voices in the library', () => {
  it("lists each provider's voices under its name and price, with ids that cannot meet a catalogue id", async () => {
    const { voices } = (await request({ url: '/api/voices/list-grouped' })).body as VoiceListResponse;
    const byId = new Map<string, Voice>(voices.map((voice) => [voice._id, voice]));
    expect(byId.get(STUDIO_VOICE)).toMatchObject({
      upstream: { provider: 'studio-two', label: 'Studio Two', creditsPerCharacter: 1.5, takes: ['speed'] },
      category: 'library',
    });
    expect(byId.get(RACHEL)).toMatchObject({ name: 'Rachel', gender: 'female', locale: 'en-US', upstream: { label: 'ElevenLabs', creditsPerCharacter: 3 } });
    expect(byId.get('upstream:down:alloy')).toMatchObject({ name: 'alloy' });
    // The other studio's catalogue arrives namespaced, beside our own catalogue voice of the same name.
    expect(byId.get('en-us-radiant-girl')?.upstream).toBeUndefined();
    expect(voices.filter((voice) => voice.upstream).every((voice) => voice._id.startsWith(`upstream:${voice.upstream?.provider}:`))).toBe(true);
    expect(voices.some((voice) => voice.upstream?.provider === 'refusing')).toBe(false);
  });
});

describe('speaking with upstream voices', () => {
  it('plain TTS through another Sound Studio: kept in history, charged the provider price', async () => {
    const user = await studio.register();
    const text = 'The lighthouse keeper climbed the spiral stairs.';
    const before = await balanceOf(user);
    const reply = dataOf<TtsReply>(await generate(user, STUDIO_VOICE, text));
    expect(reply.generation).toMatchObject({ voiceId: STUDIO_VOICE, text });
    // A fractional price is charged rounded up, as the editor's estimate shows it.
    expect(before - (await balanceOf(user))).toBe(Math.ceil(text.length * 1.5));
    const audio = await request({ url: reply.audioUrl });
    expect(parseMp3Frames(audio.bytes).durationSeconds).toBeGreaterThan(1);
    const history = dataOf<TtsHistoryReply>(await request({ url: '/api/tts/history', token: user.session.accessToken }));
    expect(history.items[0]).toMatchObject({ id: reply.generation.id, voiceId: STUDIO_VOICE });
    // Studio A spoke it, for the key B holds: its own history has the call under the key's name.
    const upstreamHistory = await upstreamStudio.db.select({ text: ttsGenerations.text }).from(ttsGenerations);
    expect(upstreamHistory.some((row) => row.text === text)).toBe(true);
  });

  it('streaming TTS through ElevenLabs: its MP3 passes through, charged its price', async () => {
    const user = await studio.register();
    const text = 'She could see the boats coming home.';
    const before = await balanceOf(user);
    const response = await fetch(`${studioUrl}/api/voices/generate-tts/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.session.accessToken}`, 'x-csrf-token': studio.csrfToken(), 'content-type': 'application/json' },
      body: JSON.stringify({ text, voiceId: RACHEL }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    replies.push(Buffer.from(bytes).toString('latin1'));
    expect(response.status).toBe(200);
    expect(parseMp3Frames(bytes).sampleRate).toBe(44_100);
    expect(before - (await balanceOf(user))).toBe(text.length * 3);
    expect(eleven.requests.at(-1)).toMatchObject({ path: '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream', query: { output_format: 'mp3_44100_128' } });
  });

  it('/v1 (OpenAI and ElevenLabs routes) with an upstream voice; WAV asks the upstream for PCM', async () => {
    const user = await studio.register();
    const key = await apiKeyOf(studio, user);
    const wav = await fetch(`${studioUrl}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: RACHEL, input: 'Hello from upstream.', response_format: 'wav' }),
    });
    const wavBytes = Buffer.from(await wav.arrayBuffer());
    replies.push(wavBytes.toString('latin1'));
    expect(wav.status).toBe(200);
    expect(wavBytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(eleven.requests.at(-1)?.query.output_format).toBe('pcm_24000');

    const mp3 = await fetch(`${studioUrl}/v1/text-to-speech/${encodeURIComponent(STUDIO_VOICE)}?output_format=mp3_44100_128`, {
      method: 'POST',
      headers: { 'xi-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello from the other studio.', model_id: 'eleven_multilingual_v2' }),
    });
    const mp3Bytes = new Uint8Array(await mp3.arrayBuffer());
    replies.push(Buffer.from(mp3Bytes).toString('latin1'));
    expect(mp3.status).toBe(200);
    expect(parseMp3Frames(mp3Bytes).durationSeconds).toBeGreaterThan(0.5);
  });

  it('a long document becomes a job spoken piece by piece upstream, charged the provider price', async () => {
    const user = await studio.register();
    const text = englishProse(5_300);
    const before = await balanceOf(user);
    // Double speed: half the audio to render and encode upstream, the same pieces and price.
    const form = multipart([
      { name: 'voiceId', value: STUDIO_VOICE },
      { name: 'speed', value: '2' },
      { name: 'file', value: text, fileName: 'story.txt' },
    ]);
    const reply = dataOf<DocumentReply>(
      await request({ method: 'POST', url: '/api/tts/documents', token: user.session.accessToken, headers: { 'content-type': form.contentType }, body: form.body }),
    );
    if (reply.kind !== 'job') throw new Error('expected a job');
    const done = await waitFor(async () => {
      const job = dataOf<TtsJob>(await request({ url: `/api/tts/jobs/${reply.job.id}`, token: user.session.accessToken }));
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    }, 120_000, 200);
    expect(done).toMatchObject({ status: 'completed', error: null });
    expect(before - (await balanceOf(user))).toBe(Math.ceil(reply.characters * 1.5));
  }, 150_000);
});

describe('upstreams that fail charge nothing and say so in our envelope', () => {
  const cases: Array<[string, number, string]> = [
    ['upstream:down:alloy', 503, 'SPEECH_PROVIDER_UNAVAILABLE'],
    ['upstream:slow:alloy', 504, 'SPEECH_PROVIDER_TIMEOUT'],
    ['upstream:refusing:alloy', 502, 'SPEECH_PROVIDER_REFUSED'],
  ];

  it.each(cases)('%s answers %i %s, for plain and streaming TTS', async (voiceId, status, code) => {
    const user = await studio.register();
    const before = await balanceOf(user);
    const plain = await generate(user, voiceId, 'Nobody will hear this.');
    expect([plain.statusCode, errorOf(plain).code]).toEqual([status, code]);
    expect(errorOf(plain).details).toMatchObject({ provider: voiceId.split(':')[1] });
    const stream = await request({ method: 'POST', url: '/api/voices/generate-tts/stream', token: user.session.accessToken, body: { text: 'Nor this.', voiceId } });
    expect([stream.statusCode, errorOf(stream).code]).toEqual([status, code]);
    expect(await balanceOf(user)).toBe(before);
    expect(await heldReservations(user)).toBe(0);
  });
});

describe('keys', () => {
  it('never appear in a reply or a log line', async () => {
    replies.push((await request({ url: '/api/voices/list-grouped' })).text);
    // The log is really captured: it holds requests and the refused voice listing (by provider name and code).
    expect(logLines.some((line) => line.includes('"provider":"refusing"') && line.includes('PROVIDER_REFUSED'))).toBe(true);
    expect(logLines.length).toBeGreaterThan(10);
    const everything = [...replies, ...logLines].join('\n');
    for (const secret of [studioKeyA, ELEVEN_KEY, REFUSED_KEY, 'sk-down', 'sk-slow']) expect(everything).not.toContain(secret);
  });
});
