import { eq } from 'drizzle-orm';
import { decodeWav, LocalSpeechEngine, parseMp3Frames, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest } from '@sound-studio/audio';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList, CreatedApiKey, CustomVoiceReply, TtsHistoryReply, VoiceDesignPreviewsReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { dataOf, openTestDatabase, TestApp, type RegisteredUser } from '../../../../test/harness.ts';
import { balanceAndLedger } from '../../../../test/ledger.ts';

/**
 * The real engine with a gate between its chunks: a test can hold the speech after its first chunk, to see what the
 * client already has while the rest is not rendered yet. Open unless a test closes it.
 */
class GatedSpeechEngine implements SpeechEngine {
  readonly provider: SpeechEngine['provider'];
  #gate: Promise<void> | null = null;
  #firstChunkOut: () => void = () => undefined;

  constructor(private readonly inner: LocalSpeechEngine) {
    this.provider = inner.provider;
  }

  /** The next stream stops after its first chunk until `release` is called; `firstChunk` settles when it is out. */
  holdAfterFirstChunk(): { firstChunk: Promise<void>; release: () => void } {
    let release: () => void = () => undefined;
    this.#gate = new Promise((resolve) => (release = resolve));
    const firstChunk = new Promise<void>((resolve) => (this.#firstChunkOut = resolve));
    return { firstChunk, release };
  }

  speak(request: SpeechRequest, options?: SpeakOptions) {
    return this.inner.speak(request, options);
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    // Called eagerly like the real engine, so a bad request still fails at the call.
    const chunks = this.inner.speakStream(request, options);
    const gate = this.#gate;
    this.#gate = null;
    return gate ? this.#gated(chunks, gate, this.#firstChunkOut) : chunks;
  }

  async *#gated(chunks: AsyncIterable<SpeechChunk>, gate: Promise<void>, firstChunkOut: () => void): AsyncGenerator<SpeechChunk> {
    let index = 0;
    for await (const chunk of chunks) {
      if (index === 1) await gate;
      yield chunk;
      if (index === 0) firstChunkOut();
      index += 1;
    }
  }

  warmUp() {
    return this.inner.warmUp();
  }

  close() {
    return this.inner.close();
  }
}

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let gated: GatedSpeechEngine;
let t: TestApp;
let baseUrl: string;
let user: RegisteredUser;
let client: OpenAI;
let keyId: string;

const SENTENCES = 'The lighthouse keeper climbed the stairs. She could see the boats coming home.';

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  gated = new GatedSpeechEngine(engine);
  t = await TestApp.start({ database, speechEngine: gated });
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

/** The raw reply of the SDK's speech call, body unread (the SDK hands binary replies over as a fetch Response). */
async function speechResponse(body: Partial<OpenAI.Audio.SpeechCreateParams>): Promise<{ response: Response }> {
  t.clock.advanceSeconds(1);
  return { response: await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: SENTENCES, ...body }) };
}

interface SseEvent {
  type: string;
  audio?: string;
  usage?: Record<string, number>;
}

/** Server-sent events of a reply, each yielded as soon as its block has arrived. */
async function* sseEvents(response: Response): AsyncGenerator<SseEvent> {
  if (!response.body) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of response.body) {
    buffered += decoder.decode(bytes, { stream: true });
    for (let end = buffered.indexOf('\n\n'); end !== -1; end = buffered.indexOf('\n\n')) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (block.startsWith('data: ')) yield JSON.parse(block.slice('data: '.length)) as SseEvent;
    }
  }
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
    expect(latest).toMatchObject({ text: SENTENCES, source: 'api', apiKeyName: 'SDK test', apiKeyId: keyId, voiceId: 'en-us-madison' });
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
    for (const delta of deltas) expect(delta.audio).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const done = events.at(-1);
    expect(events.filter((event) => event.type === 'speech.audio.done')).toHaveLength(1);
    expect(done?.type).toBe('speech.audio.done');
    // OpenAI's usage object (tokens: characters in, no audio tokens out), plus what the call was billed.
    expect(done?.usage).toMatchObject({ input_tokens: SENTENCES.length, output_tokens: 0, total_tokens: SENTENCES.length, characters: SENTENCES.length });
    const [latest] = (await history()).items;
    expect(latest?.mood).toBe('happy');
    expect(done?.usage?.credits).toBe(latest?.credits);
  });

  it('sends speech.audio.delta events as the audio is made: the first arrives while the rest is not rendered yet', async () => {
    const held = gated.holdAfterFirstChunk();
    // Should the server wait for the whole audio, the test releases the engine itself after a while and fails.
    let releasedByTimeout = false;
    const timeout = setTimeout(() => {
      releasedByTimeout = true;
      held.release();
    }, 15_000);
    const { response } = await speechResponse({ stream_format: 'sse', response_format: 'mp3' });
    const events = sseEvents(response);
    const first = await events.next();
    // The engine has given out its first chunk only and waits: this delta cannot have come from a finished render.
    expect(releasedByTimeout).toBe(false);
    expect(first.value).toMatchObject({ type: 'speech.audio.delta', audio: expect.any(String) });
    await held.firstChunk;
    clearTimeout(timeout);
    held.release();
    const rest: SseEvent[] = [];
    for (let event = await events.next(); !event.done; event = await events.next()) rest.push(event.value);
    expect(rest.at(-1)?.type).toBe('speech.audio.done');
    const deltas = [first.value, ...rest].filter((event) => event?.type === 'speech.audio.delta');
    const audio = Buffer.concat(deltas.map((event) => Buffer.from(event?.audio ?? '', 'base64')));
    expect(parseMp3Frames(audio).durationSeconds).toBeGreaterThan(3);
    expect(rest.at(-1)?.usage).toMatchObject({ input_tokens: SENTENCES.length, output_tokens: 0, total_tokens: SENTENCES.length });
  });

  it('sends nothing and charges nothing when the credits cannot be held', async () => {
    const poor = await t.register();
    const poorId = poor.session.user.id;
    await t.db.update(users).set({ planName: 'starter' }).where(eq(users.id, poorId));
    const { key } = dataOf<CreatedApiKey>(
      await t.request({ method: 'POST', url: '/api/api-keys', token: poor.session.accessToken, body: { name: 'Poor' } }),
    );
    const balance = (await balanceAndLedger(t.db, poorId)).balance;
    await t.app.credits.reserve(poorId, balance - 5, 'Something else', 'elsewhere');
    const before = await balanceAndLedger(t.db, poorId);
    const poorClient = new OpenAI({ apiKey: key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    const call = poorClient.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: SENTENCES, stream_format: 'sse' });
    await expect(call).rejects.toMatchObject({ status: 402, type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(await balanceAndLedger(t.db, poorId)).toEqual(before);
    const poorHistory = dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: poor.session.accessToken }));
    expect(poorHistory.items).toHaveLength(0);
  });

  it('accepts our own model ids and library voice ids, and maps speed to our range', async () => {
    const { bytes } = await speech({ model: 'speech-2.5-hd-preview', voice: 'en-gb-oliver', speed: 4, response_format: 'wav' });
    const [latest] = (await history()).items;
    expect(latest).toMatchObject({ voiceId: 'en-gb-oliver', settings: { speed: 2, model: 'speech-2.5-hd-preview' } });
    expect(decodeWav(bytes).samples.length).toBeGreaterThan(0);
  });

  it("speaks with the key owner's custom voice, and never with another user's", async () => {
    const designVoice = async (owner: RegisteredUser, name: string) => {
      const previews = dataOf<VoiceDesignPreviewsReply>(
        await t.request({
          method: 'POST',
          url: '/api/voice-design/previews',
          token: owner.session.accessToken,
          body: { description: 'A calm, low narrator with a slow pace', previewText: 'Hello.' },
        }),
      );
      const previewId = previews.previews[0]?.previewId;
      const saved = await t.request({ method: 'POST', url: '/api/voice-design/voices', token: owner.session.accessToken, body: { previewId, name } });
      return dataOf<CustomVoiceReply>(saved).voice._id;
    };
    const ownVoiceId = await designVoice(user, 'Night narrator');
    const { bytes } = await speech({ voice: ownVoiceId, response_format: 'wav' });
    expect(decodeWav(bytes).samples.length).toBeGreaterThan(0);
    const [latest] = (await history()).items;
    expect(latest).toMatchObject({ voiceId: ownVoiceId, apiKeyName: 'SDK test' });

    const stranger = await t.register();
    await t.db.update(users).set({ planName: 'starter' }).where(eq(users.id, stranger.session.user.id));
    const strangersVoiceId = await designVoice(stranger, 'Not yours');
    const before = await balanceAndLedger(t.db, user.session.user.id);
    const refused = await client.audio.speech.create({ model: 'tts-1', voice: strangersVoiceId, input: SENTENCES }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBeGreaterThanOrEqual(400);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBeLessThan(500);
    expect(await balanceAndLedger(t.db, user.session.user.id)).toEqual(before);
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
    await expect(call).rejects.toThrow(/API access is not included in your plan/);
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
