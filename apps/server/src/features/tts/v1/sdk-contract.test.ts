import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { ElevenLabs, ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { LocalSpeechEngine, parseMp3Frames, resolveFfmpeg } from '@sound-studio/audio';
import OpenAI from 'openai';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@sound-studio/shared';
import { ELEVENLABS_OUTPUT_FORMATS } from './elevenlabs-output-formats.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { dataOf, openTestDatabase, temporaryFolder, TestApp, type RegisteredUser } from '../../../../test/harness.ts';

/**
 * The official OpenAI and ElevenLabs SDKs, unchanged, against a real server with a web build (so any fall back to the
 * web app would show). One server, one user and one key for the whole file.
 */
let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let origin: string;
let user: RegisteredUser;
let key: string;
let elevenLabs: ElevenLabsClient;
let openAi: OpenAI;
let removeDist: () => void;
let scratch: string;

beforeAll(async () => {
  const dist = temporaryFolder('sound-studio-dist-');
  removeDist = dist.remove;
  scratch = dist.folder;
  writeFileSync(path.join(dist.folder, 'index.html'), '<!doctype html><title>Sound Studio</title><div id="root"></div>');
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine, env: { WEB_DIST_DIR: dist.folder, API_KEY_RATE_LIMIT_MAX: '100000' } });
  origin = await t.listen();
  user = await t.register();
  await t.db.update(users).set({ planName: 'creator' }).where(eq(users.id, user.session.user.id));
  key = dataOf<CreatedApiKey>(
    await t.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'SDK client' } }),
  ).key;
  // ElevenLabs' SDK adds /v1 (and /v2) itself: its base URL is the origin. OpenAI's is the /v1 root.
  elevenLabs = new ElevenLabsClient({ apiKey: key, baseUrl: origin, maxRetries: 0 });
  openAi = new OpenAI({ apiKey: key, baseURL: `${origin}/v1`, maxRetries: 0 });
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
  removeDist?.();
});

async function errorOfCall(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('no developer API path answers with the web app', () => {
  const headerSets: Array<[string, (key: string) => Record<string, string>]> = [
    ['no key', () => ({})],
    ['a Bearer key', (apiKey) => ({ authorization: `Bearer ${apiKey}` })],
    ['an xi-api-key', (apiKey) => ({ 'xi-api-key': apiKey })],
  ];
  it.each(headerSets)('unknown /v1 and /v2 paths are JSON 404s in the dialect of the caller (%s)', async (_name, headersOf) => {
    for (const url of ['/v1/nothing-here', '/v1/models/tts-1/extra', '/v2/nothing', '/v2', '/v1']) {
      const response = await fetch(`${origin}${url}`, { headers: headersOf(key) });
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      const elevenLabsCaller = 'xi-api-key' in headersOf(key) || url.startsWith('/v2');
      const expected = elevenLabsCaller
        ? { detail: { status: 'not_found', message: expect.any(String) } }
        : { error: { type: 'invalid_request_error', code: 'not_found', message: expect.any(String) } };
      expect(body, url).toMatchObject(expected);
    }
  });

  it('the web app still answers its own routes', async () => {
    const response = await fetch(`${origin}/voice-library`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it("raises each SDK's typed error for a key we do not know", async () => {
    const stranger = new ElevenLabsClient({ apiKey: `ss_${'x'.repeat(43)}`, baseUrl: origin, maxRetries: 0 });
    expect(await errorOfCall(stranger.voices.getAll())).toMatchObject({ statusCode: 401, body: { detail: { status: 'unauthorized' } } });
    const openAiStranger = new OpenAI({ apiKey: `ss_${'x'.repeat(43)}`, baseURL: `${origin}/v1`, maxRetries: 0 });
    expect(await errorOfCall(openAiStranger.models.list())).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it("raises each SDK's typed error for a path we do not have", async () => {
    const openAiError = await errorOfCall(openAi.models.retrieve('no-such-model-path/extra'));
    expect(openAiError).toBeInstanceOf(OpenAI.NotFoundError);
    const elevenLabsError = await errorOfCall(elevenLabs.dubbing.get('no-such-dubbing'));
    expect(elevenLabsError).toBeInstanceOf(ElevenLabsError);
    expect((elevenLabsError as ElevenLabsError).statusCode).toBe(404);
  });
});

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('ElevenLabs SDK: models, user, voices and history', () => {
  const spoken: Array<{ voiceId: string; text: string }> = [
    { voiceId: 'en-gb-oliver', text: 'First line.' },
    { voiceId: 'en-us-madison', text: 'Second line.' },
    { voiceId: 'en-gb-oliver', text: 'Third line.' },
  ];

  beforeAll(async () => {
    for (const { voiceId, text } of spoken) {
      t.clock.advanceSeconds(1);
      await bytesOf(await elevenLabs.textToSpeech.convert(voiceId, { text, modelId: 'eleven_flash_v2_5' }));
    }
  });

  it('models.list answers ElevenLabs models to an xi-api-key caller and OpenAI models to a Bearer one', async () => {
    const models = await elevenLabs.models.list();
    expect(models.map((model) => model.modelId)).toEqual(expect.arrayContaining(['eleven_multilingual_v2', 'eleven_flash_v2_5']));
    expect(models[0]?.languages?.length).toBeGreaterThan(5);
    const openAiModels = await openAi.models.list();
    expect(openAiModels.data.map((model) => model.id)).toEqual(expect.arrayContaining(['tts-1', 'gpt-4o-mini-tts']));
    expect(await openAi.models.retrieve('tts-1')).toMatchObject({ id: 'tts-1', object: 'model' });
    expect(await errorOfCall(openAi.models.retrieve('whisper-1'))).toMatchObject({ status: 404, code: 'model_not_found' });
  });

  it('user.get and user.subscription.get pass the SDK schema with figures from the ledger', async () => {
    const subscription = await elevenLabs.user.subscription.get();
    expect(subscription).toMatchObject({ tier: 'creator', characterLimit: 100_000, status: 'active', voiceLimit: 30, canUseInstantVoiceCloning: true });
    expect(subscription.characterCount).toBeGreaterThanOrEqual(spoken.reduce((sum, { text }) => sum + text.length, 0));
    const account = await elevenLabs.user.get();
    expect(account).toMatchObject({ userId: user.session.user.id, subscription: { tier: 'creator' }, seatType: 'workspace_admin' });
    expect(account.xiApiKeyPreview).toBe(`${key.slice(0, 11)}…`);
  });

  it('voices.getAll, voices.get and voices.search (v2, paged to the end)', async () => {
    const all = await elevenLabs.voices.getAll();
    expect(all.voices.find((voice) => voice.voiceId === 'tr-elif')).toMatchObject({ category: 'premade', labels: { gender: 'female', language: 'tr' } });
    expect(await elevenLabs.voices.get('en-gb-oliver')).toMatchObject({ voiceId: 'en-gb-oliver', category: 'premade' });
    const missing = await errorOfCall(elevenLabs.voices.get('no-such-voice'));
    expect(missing).toMatchObject({ statusCode: 404, body: { detail: { status: 'voice_not_found' } } });

    const found = await elevenLabs.voices.search({ search: 'oliver' });
    expect(found.voices.map((voice) => voice.voiceId)).toContain('en-gb-oliver');
    expect(found.voices.every((voice) => `${voice.name ?? ''} ${voice.description ?? ''}`.toLowerCase().includes('oliver'))).toBe(true);
    const seen: string[] = [];
    let token: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const result = await elevenLabs.voices.search({ pageSize: 25, ...(token ? { nextPageToken: token } : {}) });
      seen.push(...result.voices.map((voice) => voice.voiceId));
      if (!result.hasMore) break;
      token = result.nextPageToken ?? undefined;
    }
    expect(new Set(seen).size).toBe(all.voices.length);
  });

  it('history.list pages to the end with startAfterHistoryItemId, and filters by voiceId and source', async () => {
    const items: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await elevenLabs.history.list({ pageSize: 2, ...(after ? { startAfterHistoryItemId: after } : {}) });
      items.push(...result.history.map((item) => item.text ?? ''));
      if (!result.hasMore) break;
      after = result.lastHistoryItemId ?? undefined;
    }
    expect(items).toEqual(spoken.map(({ text }) => text).reverse());
    const oliver = await elevenLabs.history.list({ voiceId: 'en-gb-oliver' });
    expect(oliver.history.map((item) => item.text)).toEqual(['Third line.', 'First line.']);
    expect(oliver.hasMore).toBe(false);
    expect((await elevenLabs.history.list({ source: 'TTS' })).history).toHaveLength(spoken.length);
    expect((await elevenLabs.history.list({ source: 'STS' })).history).toHaveLength(0);
  });

  it('history.get and history.getAudio return the item and its MP3', async () => {
    const [latest] = (await elevenLabs.history.list({ pageSize: 1 })).history;
    const item = await elevenLabs.history.get(latest?.historyItemId ?? '');
    expect(item).toMatchObject({ text: 'Third line.', voiceId: 'en-gb-oliver', source: 'TTS', contentType: 'audio/mpeg' });
    const audio = await bytesOf(await elevenLabs.history.getAudio(item.historyItemId));
    expect(parseMp3Frames(audio).durationSeconds).toBeGreaterThan(0.3);
    const missing = await errorOfCall(elevenLabs.history.get('7d8a3c2e-0000-4000-8000-000000000000'));
    expect(missing).toMatchObject({ statusCode: 404 });
  });
});

const run = promisify(execFile);

interface Decoded {
  codec: string;
  sampleRate: number;
  /** Kbps as the stream reports it (compressed formats). */
  bitrateKbps: number | null;
  samples: Int16Array;
  durationSeconds: number;
}

/** Decodes audio with ffmpeg: raw formats (no header) need their demuxer and rate given. */
async function decode(bytes: Buffer, raw?: { demuxer: string; sampleRate: number }): Promise<Decoded> {
  const file = path.join(scratch, `decode-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, bytes);
  const input = raw ? ['-f', raw.demuxer, '-ar', String(raw.sampleRate), '-ac', '1'] : [];
  const { stdout, stderr } = await run(resolveFfmpeg().path, ['-hide_banner', ...input, '-i', file, '-f', 's16le', '-ac', '1', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const stream = /Stream #0:0.*?: Audio: (\w+)[^,]*, (\d+) Hz[^\n]*?(?:, (\d+) kb\/s)?\s*$/m.exec(stderr.toString());
  if (!stream) throw new Error(`ffmpeg did not see audio: ${stderr.toString()}`);
  const sampleRate = Number(stream[2]);
  const samples = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2));
  return { codec: stream[1] ?? '', sampleRate, bitrateKbps: stream[3] ? Number(stream[3]) : null, samples, durationSeconds: samples.length / sampleRate };
}

function rms(samples: Int16Array): number {
  return Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / Math.max(1, samples.length)) / 32768;
}

describe('ElevenLabs SDK: text to speech in every output format', () => {
  const TEXT = 'Calls need clear audio.';
  let reference: Decoded;

  beforeAll(async () => {
    reference = await decode(await bytesOf(await elevenLabs.textToSpeech.convert('en-us-madison', { text: TEXT, outputFormat: 'pcm_24000' })), {
      demuxer: 's16le',
      sampleRate: 24_000,
    });
  });

  // Every format ElevenLabs names, split by whether the bytes carry a header (mp3, Ogg Opus, WAV) or are raw samples.
  const FORMATS = ELEVENLABS_OUTPUT_FORMATS as readonly ElevenLabs.TextToSpeechConvertRequestOutputFormat[];
  const CONTAINER_CODECS: Record<string, string> = { mp3: 'mp3', opus: 'opus', wav: 'pcm_s16le' };
  const RAW_DEMUXERS: Record<string, string> = { pcm: 's16le', ulaw: 'mulaw', alaw: 'alaw' };
  const partsOf = (format: string) => {
    const [codec = '', rate = '', bitrate] = format.split('_');
    return { codec, sampleRate: Number(rate), bitrateKbps: codec === 'mp3' && bitrate ? Number(bitrate) : null };
  };
  const compressed = FORMATS.filter((format) => partsOf(format).codec in CONTAINER_CODECS).map((format) => {
    const { codec, sampleRate, bitrateKbps } = partsOf(format);
    return [format, CONTAINER_CODECS[codec] ?? '', sampleRate, bitrateKbps] as const;
  });
  const raw = FORMATS.filter((format) => partsOf(format).codec in RAW_DEMUXERS).map((format) => {
    const { codec, sampleRate } = partsOf(format);
    return [format as ElevenLabs.TextToSpeechStreamRequestOutputFormat, RAW_DEMUXERS[codec] ?? '', sampleRate] as const;
  });

  it('covers every format the API serves', () => {
    expect(compressed.length + raw.length).toBe(ELEVENLABS_OUTPUT_FORMATS.length);
  });

  it.each(compressed)('convert %s decodes as %s at %i Hz', async (outputFormat, codec, sampleRate, bitrateKbps) => {
    const decoded = await decode(await bytesOf(await elevenLabs.textToSpeech.convert('en-us-madison', { text: TEXT, outputFormat })));
    expect(decoded).toMatchObject({ codec, sampleRate, ...(bitrateKbps ? { bitrateKbps } : {}) });
    expect(Math.abs(decoded.durationSeconds - reference.durationSeconds)).toBeLessThan(0.12);
    expect(rms(decoded.samples)).toBeGreaterThan(0.01);
  });

  it.each(raw)('stream %s decodes as %s at %i Hz, the same speech as PCM', async (outputFormat, demuxer, sampleRate) => {
    const bytes = await bytesOf(await elevenLabs.textToSpeech.stream('en-us-madison', { text: TEXT, outputFormat }));
    const decoded = await decode(bytes, { demuxer, sampleRate });
    expect(Math.abs(decoded.durationSeconds - reference.durationSeconds)).toBeLessThan(0.05);
    // Same speech at the same loudness: a wrong sample rate or companding law changes the length or the level.
    expect(rms(decoded.samples) / rms(reference.samples)).toBeGreaterThan(0.85);
    expect(rms(decoded.samples) / rms(reference.samples)).toBeLessThan(1.15);
  });

  it('reports the characters charged in character-cost', async () => {
    const { rawResponse } = await elevenLabs.textToSpeech.convert('en-us-madison', { text: TEXT, outputFormat: 'ulaw_8000' }).withRawResponse();
    expect(rawResponse.headers.get('character-cost')).toBe(String(TEXT.length));
    expect(rawResponse.headers.get('content-type')).toBe('audio/basic');
  });

  it('convertWithTimestamps and streamWithTimestamps give audio and the alignment of every character', async () => {
    const TWO = 'One small step. Then another one.';
    const whole = await elevenLabs.textToSpeech.convertWithTimestamps('en-gb-oliver', { text: TWO, outputFormat: 'pcm_16000', seed: 7 });
    expect(whole.alignment?.characters.join('')).toBe(TWO);
    const chunks = [];
    for await (const chunk of await elevenLabs.textToSpeech.streamWithTimestamps('en-gb-oliver', { text: TWO, outputFormat: 'pcm_16000', seed: 7 })) {
      chunks.push(chunk);
    }
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.map((chunk) => chunk.alignment?.characters.join('') ?? '').join('')).toBe(TWO);
    const starts = chunks.flatMap((chunk) => chunk.alignment?.characterStartTimesSeconds ?? []);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const streamed = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.audioBase64, 'base64')));
    // The same text and seed: the same audio, whether sent whole or sentence by sentence.
    expect(streamed.equals(Buffer.from(whole.audioBase64, 'base64'))).toBe(true);
  });

  it('refuses a model_id or output_format it does not know with the typed 422 error', async () => {
    const unknownModel = await errorOfCall(elevenLabs.textToSpeech.convert('en-us-madison', { text: TEXT, modelId: 'eleven_unknown_v9' }));
    expect(unknownModel).toBeInstanceOf(ElevenLabs.UnprocessableEntityError);
    expect(unknownModel).toMatchObject({ statusCode: 422, body: { detail: { status: 'validation_error', message: expect.stringContaining('eleven_unknown_v9') } } });
    const response = await fetch(`${origin}/v1/text-to-speech/en-us-madison?output_format=mp3_8000_8`, {
      method: 'POST',
      headers: { 'xi-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: TEXT }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ detail: { status: 'validation_error', message: expect.stringContaining('mp3_8000_8') } });
  });
});

function pcmSeconds(bytes: Buffer, sampleRate: number): number {
  return bytes.length / 2 / sampleRate;
}

describe('ElevenLabs SDK: every request setting honoured or refused', () => {
  const TEXT = 'The tide comes in slowly.';
  const speak = async (request: Omit<ElevenLabs.TextToSpeechRequest, 'text'>, text = TEXT) =>
    bytesOf(await elevenLabs.textToSpeech.convert('en-gb-oliver', { text, outputFormat: 'pcm_16000', ...request }));

  it('seed: the same seed gives the same audio, whatever was rendered in between', async () => {
    const first = await speak({ seed: 42 });
    await speak({}, 'Something else in between, to move the engine along.');
    expect((await speak({ seed: 42 })).equals(first)).toBe(true);
    expect((await speak({ seed: 42, voiceSettings: { stability: 0 } })).equals(first)).toBe(false);
  });

  it('voice_settings.speed is honoured beyond the engine range by time-stretching', async () => {
    const normal = pcmSeconds(await speak({ seed: 1 }), 16_000);
    expect(pcmSeconds(await speak({ seed: 1, voiceSettings: { speed: 2 } }), 16_000) / normal).toBeLessThan(0.65);
    const slowest = pcmSeconds(await speak({ seed: 1, voiceSettings: { speed: 0.25 } }), 16_000);
    expect(slowest / normal).toBeGreaterThan(3.2);
    expect(slowest / normal).toBeLessThan(4.8);
  });

  it('language_code sets the language; one we do not speak is refused with the typed 422 error', async () => {
    expect((await speak({ languageCode: 'tr' })).length).toBeGreaterThan(16_000);
    const error = await errorOfCall(speak({ languageCode: 'ja' }));
    expect(error).toBeInstanceOf(ElevenLabs.UnprocessableEntityError);
    expect(error).toMatchObject({ body: { detail: { message: expect.stringContaining("language_code 'ja'") } } });
  });

  it.each<[string, Omit<ElevenLabs.TextToSpeechRequest, 'text'>]>([
    ['previous_text', { previousText: 'Before this.' }],
    ['next_text', { nextText: 'After this.' }],
    ['pronunciation_dictionary_locators', { pronunciationDictionaryLocators: [{ pronunciationDictionaryId: 'dictionary' }] }],
    ['voice_settings.similarity_boost', { voiceSettings: { similarityBoost: 0.2 } }],
    ['voice_settings.style', { voiceSettings: { style: 0.8 } }],
  ])('refuses %s with the typed 422 error instead of ignoring it', async (field, request) => {
    const error = await errorOfCall(speak(request));
    expect(error).toBeInstanceOf(ElevenLabs.UnprocessableEntityError);
    expect(error).toMatchObject({ body: { detail: { status: 'validation_error', message: expect.stringContaining(field.split('.').at(-1) ?? field) } } });
  });

  it("accepts ElevenLabs' default voice settings and apply_text_normalization", async () => {
    const request = { voiceSettings: { stability: 0.5, similarityBoost: 0.75, style: 0, useSpeakerBoost: true, speed: 1 } };
    expect((await speak(request)).length).toBeGreaterThan(16_000);
    expect((await speak({ applyTextNormalization: 'off' }, 'Room 12 at 9 am.')).length).toBeGreaterThan(16_000);
  });

  it('enable_logging=false charges the call but keeps nothing in history', async () => {
    const before = await elevenLabs.history.list({ pageSize: 1000 });
    const subscriptionBefore = await elevenLabs.user.subscription.get();
    const text = 'Not for the record.';
    await bytesOf(await elevenLabs.textToSpeech.convert('en-gb-oliver', { text, enableLogging: false }));
    await elevenLabs.textToSpeech.convertWithTimestamps('en-gb-oliver', { text, enableLogging: false });
    const after = await elevenLabs.history.list({ pageSize: 1000 });
    expect(after.history.length).toBe(before.history.length);
    expect(after.history.some((item) => item.text === text)).toBe(false);
    const subscriptionAfter = await elevenLabs.user.subscription.get();
    expect(subscriptionAfter.characterCount - subscriptionBefore.characterCount).toBe(2 * text.length);
  });
});

describe('OpenAI SDK: speed, instructions and dated models', () => {
  const INPUT = 'The tide comes in slowly.';
  const speak = async (request: Partial<OpenAI.Audio.SpeechCreateParams>) =>
    Buffer.from(await (await openAi.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: INPUT, response_format: 'pcm', ...request })).arrayBuffer());

  it('speed 0.25 and 4 are spoken at that speed', async () => {
    const normal = pcmSeconds(await speak({}), 24_000);
    expect(pcmSeconds(await speak({ speed: 4 }), 24_000) / normal).toBeLessThan(0.32);
    expect(pcmSeconds(await speak({ speed: 0.25 }), 24_000) / normal).toBeGreaterThan(3.2);
  });

  it('instructions that name a mood are honoured; others are refused as a BadRequestError', async () => {
    expect((await speak({ model: 'gpt-4o-mini-tts', instructions: 'Speak in a calm, soothing tone.' })).length).toBeGreaterThan(24_000);
    const error = await errorOfCall(speak({ model: 'gpt-4o-mini-tts', instructions: 'Use a pirate accent.' }));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ param: 'instructions' });
  });

  it('dated model snapshots map like the undated model', async () => {
    expect((await speak({ model: 'gpt-4o-mini-tts-2025-03-20' })).length).toBeGreaterThan(24_000);
    expect((await speak({ model: 'tts-1-1106' })).length).toBeGreaterThan(24_000);
    expect(await errorOfCall(speak({ model: 'tts-9-2025-01-01' }))).toBeInstanceOf(OpenAI.BadRequestError);
  });
});

interface StreamInputReply {
  messages: Array<Record<string, unknown>>;
  code: number;
}

/** Opens ElevenLabs' input-streaming socket, sends each message once open, and resolves when the server closes. */
function streamInput(
  query: string,
  sends: Array<Record<string, unknown>>,
  headers: Record<string, string> = {},
  path = 'stream-input',
): Promise<StreamInputReply> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/v1/text-to-speech/en-gb-oliver/${path}?${query}`, { headers });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('open', () => {
    for (const message of sends) socket.send(JSON.stringify(message));
  });
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', (code) => resolve({ messages, code }));
  });
}

interface StreamAlignment {
  chars: string[];
  charStartTimesMs: number[];
  charDurationsMs: number[];
}

describe('ElevenLabs input-streaming WebSocket', () => {
  it('speaks text sent in pieces sentence by sentence, with alignment, isFinal and a normal close; charged per character', async () => {
    const before = await elevenLabs.user.subscription.get();
    const pieces = ['Hello ', 'there. ', 'How are ', 'you today? ', 'Fine'];
    const reply = await streamInput('output_format=pcm_16000&enable_logging=false', [
      { text: ' ', voice_settings: { stability: 0.5, similarity_boost: 0.75 } },
      ...pieces.map((text) => ({ text })),
      { text: '' },
    ], { 'xi-api-key': key });
    expect(reply.code).toBe(1000);
    const audio = reply.messages.filter((message) => typeof message.audio === 'string');
    expect(audio.map((message) => (message.alignment as StreamAlignment).chars.join(''))).toEqual(['Hello there.', 'How are you today?', 'Fine']);
    for (const message of audio) {
      const alignment = message.alignment as StreamAlignment;
      const seconds = Buffer.from(message.audio as string, 'base64').length / 2 / 16_000;
      expect(alignment.charStartTimesMs).toHaveLength(alignment.chars.length);
      expect((alignment.charStartTimesMs.at(-1) ?? 0) + (alignment.charDurationsMs.at(-1) ?? 0)).toBeLessThanOrEqual(seconds * 1000 + 1);
    }
    expect(reply.messages.at(-1)).toEqual({ isFinal: true });
    const after = await elevenLabs.user.subscription.get();
    expect(after.characterCount - before.characterCount).toBe('Hello there.'.length + 'How are you today?'.length + 'Fine'.length);
  });

  it('takes the key from the first message and speaks the buffer at a flush', async () => {
    const reply = await streamInput('output_format=ulaw_8000&inactivity_timeout=1', [
      { text: ' ', 'xi-api-key': key },
      { text: 'No sentence end yet ', flush: true },
    ]);
    // The flush made audio before the stream ended; then the idle connection was closed as documented.
    expect(reply.messages[0]).toMatchObject({ isFinal: false, alignment: { chars: [...'No sentence end yet'] } });
    expect(reply.messages.at(-1)).toMatchObject({ error: 'input_timeout_exceeded', code: 1008 });
    expect(reply.code).toBe(1008);
  });

  it('waits for chunk_length_schedule before speaking, and speaks what is left at the end', async () => {
    const sends = (config: Record<string, unknown>) => [{ text: ' ', ...config }, { text: 'One. ' }, { text: 'Two. ' }, { text: '' }];
    const bySentence = await streamInput('output_format=pcm_8000', sends({}), { 'xi-api-key': key });
    expect(bySentence.messages.filter((message) => typeof message.audio === 'string')).toHaveLength(2);
    const scheduled = await streamInput('output_format=pcm_8000', sends({ generation_config: { chunk_length_schedule: [60] } }), { 'xi-api-key': key });
    const audio = scheduled.messages.filter((message) => typeof message.audio === 'string');
    expect(audio.map((message) => (message.alignment as StreamAlignment).chars.join(''))).toEqual(['One. Two.']);
  });

  it('multi-stream-input speaks each context apart, drops what a closed context had left, and ends at close_socket', async () => {
    const reply = await streamInput(
      'output_format=pcm_8000',
      [
        { text: ' ', context_id: 'first' },
        { text: 'First voice line. ', context_id: 'first' },
        { text: 'Second ', context_id: 'second' },
        { text: 'never finished', context_id: 'first' },
        { context_id: 'first', close_context: true },
        { text: 'line.', context_id: 'second' },
        { text: '', context_id: 'second' },
        { close_socket: true },
      ],
      { 'xi-api-key': key },
      'multi-stream-input',
    );
    expect(reply.code).toBe(1000);
    const summary = reply.messages.map((message) =>
      typeof message.audio === 'string' ? `${String(message.contextId)}: ${(message.alignment as StreamAlignment).chars.join('')}` : `${String(message.contextId)} final`,
    );
    expect(summary).toEqual(['first: First voice line.', 'first final', 'second: Second line.', 'second final']);
  });

  it('refuses a bad key, an unknown setting and an unknown model with a message and close code 1008', async () => {
    const badKey = await streamInput('', [{ text: ' ', 'xi-api-key': `ss_${'x'.repeat(43)}` }, { text: 'Hello. ' }]);
    expect(badKey).toMatchObject({ code: 1008, messages: [{ error: 'unauthorized', code: 1008 }] });
    const dictionary = await streamInput('', [{ text: ' ', pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: 'x' }] }], { 'xi-api-key': key });
    expect(dictionary).toMatchObject({ code: 1008, messages: [{ error: 'validation_error' }] });
    const model = await streamInput('model_id=eleven_unknown', [{ text: ' ' }], { 'xi-api-key': key });
    expect(model).toMatchObject({ code: 1008, messages: [{ error: 'validation_error', message: expect.stringContaining('eleven_unknown') }] });
  });
});
