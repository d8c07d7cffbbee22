import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { LocalSpeechEngine } from '../../speech/local/local-engine.ts';
import { createSpeechEngine } from '../../speech/create-engine.ts';
import { encodeSpeechResult } from '../../speech/encode-result.ts';
import { SpeechError, type SpeechRequest } from '../../speech/types.ts';
import { startFakeMiniMaxServer, validateSpeechRequest, type FakeMiniMaxServer } from '../../testing/fake-minimax-speech.ts';
import { MiniMaxSpeechEngine } from './minimax-engine.ts';
import type { MiniMaxSpeechRequestBody } from './wire.ts';

let fake: FakeMiniMaxServer;
let engine: MiniMaxSpeechEngine;
/** Waits the engine asked for between retries; nothing really waits in these tests. */
const waits: number[] = [];
const retry = { baseDelayMs: 100, random: () => 1, sleep: async (ms: number) => void waits.push(ms) };

beforeAll(async () => {
  fake = await startFakeMiniMaxServer();
  engine = new MiniMaxSpeechEngine({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, retry });
});

afterAll(() => fake.close());

const request = (overrides: Partial<SpeechRequest> = {}): SpeechRequest => ({
  text: 'Hello from the cloud. This is a test.',
  voice: 'en-us-radiant-girl',
  speed: 1,
  pitch: 0,
  volume: 1,
  ...overrides,
});

function lastBody(): MiniMaxSpeechRequestBody {
  return fake.requests.at(-1)?.body as MiniMaxSpeechRequestBody;
}

async function failure(promise: Promise<unknown>): Promise<SpeechError> {
  const error: unknown = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof SpeechError)) throw new Error(`expected a SpeechError, got ${String(error)}`);
  return error;
}

describe('MiniMaxSpeechEngine against the fake MiniMax server', () => {
  it('posts the documented request and returns the MP3 it gets back', async () => {
    const result = await engine.speak(request());
    const received = fake.requests.at(-1);
    expect(received).toMatchObject({ method: 'POST', path: '/v1/t2a_v2' });
    expect(received?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(received?.headers['content-type']).toBe('application/json');
    expect(lastBody()).toEqual({
      model: 'speech-2.8-hd',
      text: 'Hello from the cloud. This is a test.',
      stream: false,
      voice_setting: { voice_id: 'English_radiant_girl', speed: 1, vol: 1, pitch: 0, emotion: 'happy' },
      audio_setting: { sample_rate: 32000, bitrate: 128000, format: 'mp3', channel: 1 },
    });
    expect(result.format).toBe('mp3');
    if (result.format !== 'mp3') throw new Error('expected MP3');
    expect(result).toMatchObject({ provider: 'minimax', model: 'speech-2.5-hd-preview', sampleRate: 32000 });
    const frames = parseMp3Frames(result.bytes);
    expect(frames).toMatchObject({ sampleRate: 32000, channelMode: 'mono' });
    expect(frames.durationSeconds).toBeCloseTo(result.durationSeconds, 0);
    expect(result.sentences).toEqual([{ text: request().text, startSample: 0, endSample: Math.round(result.durationSeconds * 32000) }]);
  });

  it('maps our model ids, pitch, volume, speed, mood and language to MiniMax’s', async () => {
    await engine.speak(request({ model: 'speech-1.5-hd-preview', pitch: 0.5, volume: 0.5, speed: 1.5, mood: 'excited', language: 'tr' }));
    expect(lastBody()).toMatchObject({
      model: 'speech-02-hd',
      voice_setting: { speed: 1.5, vol: 0.5, pitch: 6, emotion: 'surprised' },
      language_boost: 'Turkish',
    });
    await engine.speak(request({ pitch: -1, volume: 0 }));
    expect(lastBody().voice_setting).toMatchObject({ pitch: -12, vol: 0.01 });
    await engine.speak(request({ pitch: 1, mood: 'calm' }));
    expect(lastBody().voice_setting).toMatchObject({ pitch: 12, emotion: 'calm' });
    // MiniMax documents no "neutral": a neutral mood leaves the emotion out.
    await engine.speak(request({ mood: 'neutral' }));
    expect(lastBody().voice_setting).not.toHaveProperty('emotion');
  });

  it('speaks with the MiniMax model configuration names', async () => {
    const configured = new MiniMaxSpeechEngine({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, models: { 'speech-2.5-hd-preview': 'speech-2.6-turbo' } });
    const result = await configured.speak(request());
    expect(lastBody().model).toBe('speech-2.6-turbo');
    expect(result.model).toBe('speech-2.5-hd-preview');
    await configured.speak(request({ model: 'speech-1.5-hd-preview' }));
    expect(lastBody().model).toBe('speech-02-hd');
    const unknown = new MiniMaxSpeechEngine({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, models: { 'speech-2.5-hd-preview': 'speech-2.5-hd-preview' } });
    const refused = await failure(unknown.speak(request()));
    expect(refused).toMatchObject({ code: 'PROVIDER_INVALID_REQUEST', details: { statusCode: 2013 } });
    expect(refused.message).toContain('model must be one of');
  });

  it('maps voices: catalogue mapping, gender fallback, configured ids and raw MiniMax ids', async () => {
    await engine.speak(request({ voice: 'en-us-deep-voice-man' }));
    expect(lastBody().voice_setting.voice_id).toBe('Deep_Voice_Man');
    expect(lastBody().voice_setting.emotion).toBeUndefined(); // not a group: MiniMax chooses ("Auto")
    await engine.speak(request({ voice: 'tr-emre' }));
    expect(lastBody().voice_setting.voice_id).toBe('English_Insightful_Speaker');
    await engine.speak(request({ voice: 'Japanese_IntellectualSenior' }));
    expect(lastBody().voice_setting.voice_id).toBe('Japanese_IntellectualSenior');
    const mapped = new MiniMaxSpeechEngine({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, voiceIds: { 'tr-emre': 'Turkish_Man' }, groupId: 'g-42' });
    await mapped.speak(request({ voice: 'tr-emre' }));
    expect(lastBody().voice_setting.voice_id).toBe('Turkish_Man');
    expect(fake.requests.at(-1)?.query).toEqual({ GroupId: 'g-42' });
  });

  it('turns base_resp errors and HTTP failures into clear SpeechErrors', async () => {
    const statusCases = [
      [{ statusCode: 1004, statusMsg: 'authentication failed' }, 'PROVIDER_AUTH'],
      [{ statusCode: 1008, statusMsg: 'insufficient balance' }, 'PROVIDER_QUOTA'],
      [{ statusCode: 1026, statusMsg: 'input new_sensitive' }, 'PROVIDER_REJECTED'],
      [{ statusCode: 1027, statusMsg: 'output new_sensitive' }, 'PROVIDER_REJECTED'],
      [{ statusCode: 1042, statusMsg: 'invalid characters' }, 'TEXT_UNREADABLE'],
      [{ statusCode: 2013, statusMsg: 'invalid params' }, 'PROVIDER_INVALID_REQUEST'],
      [{ statusCode: 2054, statusMsg: 'voice id not exist' }, 'PROVIDER_VOICE_UNAVAILABLE'],
      [{ statusCode: 2056, statusMsg: 'usage limit exceeded' }, 'PROVIDER_USAGE_LIMIT'],
      [{ statusCode: 1000, statusMsg: 'unknown error' }, 'PROVIDER_ERROR'],
    ] as const;
    for (const [fakeFailure, code] of statusCases) {
      fake.failNext(fakeFailure);
      const before = fake.requests.length;
      const error = await failure(engine.speak(request()));
      expect(error.code).toBe(code);
      expect(error.message).toContain(fakeFailure.statusMsg);
      expect(fake.requests.length - before).toBe(1); // only rate limits are retried
    }
    fake.failNext({ httpStatus: 502 });
    expect((await failure(engine.speak(request()))).code).toBe('PROVIDER_ERROR');
    const wrongKey = new MiniMaxSpeechEngine({ apiKey: 'wrong', baseUrl: fake.baseUrl });
    expect((await failure(wrongKey.speak(request()))).code).toBe('PROVIDER_AUTH');
    const unreachable = new MiniMaxSpeechEngine({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    expect((await failure(unreachable.speak(request()))).code).toBe('PROVIDER_ERROR');
  });

  it('retries rate limits (1002, 1039) with growing waits, and gives up after the last attempt', async () => {
    waits.length = 0;
    fake.failNext({ statusCode: 1002, statusMsg: 'rate limit' });
    fake.failNext({ statusCode: 1039, statusMsg: 'token limit' });
    const before = fake.requests.length;
    expect((await engine.speak(request())).format).toBe('mp3');
    expect(fake.requests.length - before).toBe(3);
    expect(waits).toEqual([100, 200]);

    waits.length = 0;
    for (let attempt = 0; attempt < 4; attempt++) fake.failNext({ statusCode: 1002, statusMsg: 'rate limit' });
    const exhausted = await failure(engine.speak(request()));
    expect(exhausted).toMatchObject({ code: 'PROVIDER_RATE_LIMIT', details: { statusCode: 1002 } });
    expect(waits).toEqual([100, 200, 400]);

    const once = new MiniMaxSpeechEngine({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, retry: { ...retry, attempts: 1 } });
    fake.failNext({ statusCode: 1002, statusMsg: 'rate limit' });
    expect((await failure(once.speak(request()))).code).toBe('PROVIDER_RATE_LIMIT');
  });

  it('validates requests locally before calling out', async () => {
    const before = fake.requests.length;
    expect((await failure(engine.speak(request({ text: '' })))).code).toBe('TEXT_EMPTY');
    expect((await failure(engine.speak(request({ speed: 3 })))).code).toBe('INVALID_SETTING');
    expect(fake.requests.length).toBe(before);
    expect(() => new MiniMaxSpeechEngine({ apiKey: '' })).toThrow(SpeechError);
  });

  it('streams with MiniMax’s stream mode: whole MP3 frames as they arrive, timed exactly', async () => {
    const chunks = [];
    for await (const chunk of engine.speakStream(request())) chunks.push(chunk);
    expect(lastBody()).toMatchObject({ stream: true, stream_options: { exclude_aggregated_audio: true }, model: 'speech-2.8-hd' });
    // The fake cuts its audio mid-frame into three events; each chunk carries only whole frames.
    expect(chunks.length).toBeGreaterThan(1);
    const bytes = Buffer.concat(chunks.map((chunk) => (chunk.format === 'mp3' ? chunk.bytes : new Uint8Array(0))));
    const frames = parseMp3Frames(bytes);
    for (const chunk of chunks) {
      if (chunk.format !== 'mp3') throw new Error('expected MP3');
      expect(parseMp3Frames(chunk.bytes).durationSeconds).toBeCloseTo(chunk.durationSeconds, 6);
    }
    expect(chunks.reduce((sum, chunk) => sum + chunk.durationSeconds, 0)).toBeCloseTo(frames.durationSeconds, 6);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
    expect(chunks[0]?.text).toBe(request().text);
    expect(chunks[1]?.startSample).toBe(chunks[0]?.speechSamples);

    waits.length = 0;
    fake.failNext({ statusCode: 1002, statusMsg: 'rate limit' });
    const retried = [];
    for await (const chunk of engine.speakStream(request())) retried.push(chunk);
    expect(retried.length).toBeGreaterThan(1);
    expect(waits).toEqual([100]);

    fake.failNext({ statusCode: 1008, statusMsg: 'insufficient balance' });
    const refused = await failure((async () => {
      for await (const chunk of engine.speakStream(request())) void chunk;
    })());
    expect(refused.code).toBe('PROVIDER_QUOTA');
  });

  it('passes MP3 through the file encoder', async () => {
    const result = await engine.speak(request());
    const file = await encodeSpeechResult(result, 'mp3');
    expect(result.format === 'mp3' && file.bytes).toBe(result.format === 'mp3' && result.bytes);
    expect((await failure(encodeSpeechResult(result, 'wav'))).code).toBe('UNSUPPORTED_FORMAT');
  });
});

describe('the fake MiniMax server', () => {
  it('enforces the documented request shape', () => {
    const valid = {
      model: 'speech-02-hd',
      text: 'hi',
      stream: false,
      voice_setting: { voice_id: 'v', speed: 1, vol: 1, pitch: 0 },
      audio_setting: { sample_rate: 32000, bitrate: 128000, format: 'mp3', channel: 1 },
    };
    expect(validateSpeechRequest(valid)).toEqual([]);
    expect(validateSpeechRequest({ ...valid, model: 'speech-1.5-hd-preview' })).toHaveLength(1);
    // Not (or no longer) in MiniMax's documented lists.
    expect(validateSpeechRequest({ ...valid, model: 'speech-2.5-hd-preview' })).toEqual([expect.stringContaining('model must be one of')]);
    expect(validateSpeechRequest({ ...valid, voice_setting: { ...valid.voice_setting, emotion: 'neutral' } })).toEqual([expect.stringContaining('emotion must be one of')]);
    expect(validateSpeechRequest({ ...valid, voice_setting: { ...valid.voice_setting, emotion: 'calm' } })).toEqual([]);
    expect(validateSpeechRequest({ ...valid, voice_setting: { ...valid.voice_setting, pitch: 0.5, vol: 0 } })).toHaveLength(2);
    expect(validateSpeechRequest({ ...valid, audio_setting: { ...valid.audio_setting, sample_rate: 12345 } })).toHaveLength(1);
    expect(validateSpeechRequest('nope')).toEqual(['body must be a JSON object']);
  });
});

describe('createSpeechEngine', () => {
  it('chooses the provider from configuration', async () => {
    const cloud = createSpeechEngine({ provider: 'minimax', apiKey: 'k', baseUrl: fake.baseUrl });
    expect(cloud).toBeInstanceOf(MiniMaxSpeechEngine);
    const local = createSpeechEngine({ provider: 'local', workers: 1 });
    expect(local).toBeInstanceOf(LocalSpeechEngine);
    expect(local.provider).toBe('local');
    await local.close(); // never started: closing is instant
  });
});
