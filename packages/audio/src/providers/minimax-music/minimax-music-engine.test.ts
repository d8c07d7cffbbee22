import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { createMusicEngine } from '../../music/create-engine.ts';
import { LocalMusicEngine } from '../../music/engine.ts';
import { MusicError } from '../../music/errors.ts';
import { startFakeMiniMaxMusicServer, type FakeMiniMaxMusicServer } from '../../testing/fake-minimax-music.ts';
import { MiniMaxMusicEngine } from './minimax-music-engine.ts';
import { MINIMAX_MUSIC_STATUS } from './wire.ts';

let fake: FakeMiniMaxMusicServer;
/** Waits asked for between retries; nothing really waits here. */
const waits: number[] = [];
const retry = { baseDelayMs: 50, random: () => 0, sleep: async (ms: number) => void waits.push(ms) };

beforeAll(async () => {
  fake = await startFakeMiniMaxMusicServer({ songSeconds: 2 });
});

afterAll(async () => {
  await fake.close();
});

function engine(options: Partial<ConstructorParameters<typeof MiniMaxMusicEngine>[0]> = {}): MiniMaxMusicEngine {
  return new MiniMaxMusicEngine({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, retry, ...options });
}

async function musicError(promise: Promise<unknown>, code: string): Promise<MusicError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(MusicError);
  expect((error as MusicError).code).toBe(code);
  return error as MusicError;
}

describe('MiniMax music adapter', () => {
  it('sends the documented request and decodes hex audio', async () => {
    const before = fake.requests.length;
    const result = await engine().generate({ prompt: 'Jazzy, male, smooth, expressive, soulful', durationSeconds: 60, lyrics: '[Verse]\nSmooth night', seed: 5 });
    const request = fake.requests[before];
    expect(request?.path).toBe('/v1/music_generation');
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toEqual({
      model: 'music-2.6',
      prompt: 'Jazzy, male, smooth, expressive, soulful',
      lyrics: '[Verse]\nSmooth night',
      audio_setting: { sample_rate: 44100, bitrate: 256000, format: 'mp3' },
      output_format: 'hex',
    });
    expect(result.provider).toBe('minimax');
    expect(parseMp3Frames(result.mp3).durationSeconds).toBeGreaterThan(1.9);
    expect(result.durationSeconds).toBe(2);
    expect(result.plan.genre).toBe('jazz');
    expect(result.artworkSvg.startsWith('<svg')).toBe(true);
    expect(result.seed).toBe(5);
  });

  it('downloads the audio when MiniMax answers with a URL', async () => {
    const before = fake.requests.length;
    const result = await engine({ outputFormat: 'url', model: 'music-2.6' }).generate({ prompt: 'upbeat pop', durationSeconds: 30 });
    const [generation, download] = fake.requests.slice(before);
    expect(generation?.body).toMatchObject({ output_format: 'url', model: 'music-2.6', is_instrumental: true });
    expect(download?.method).toBe('GET');
    expect(download?.path).toMatch(/^\/files\//);
    expect(parseMp3Frames(result.mp3).frames).toBeGreaterThan(10);
    expect(parseMp3Frames(result.mp3).channelMode).not.toBe('mono');
  });

  it('asks for an instrumental only where MiniMax documents it (music-2.6), and needs lyrics elsewhere', async () => {
    const before = fake.requests.length;
    await engine().generate({ prompt: 'ambient pads', durationSeconds: 30 });
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: 'music-2.6', is_instrumental: true });
    const sent = fake.requests.length;
    for (const model of ['music-1.5', 'music-2.0', 'music-2.5']) {
      const error = await musicError(engine({ model }).generate({ prompt: 'ambient pads', durationSeconds: 30 }), 'INVALID_REQUEST');
      expect(error.message).toMatch(/needs lyrics.*MINIMAX_MUSIC_MODEL/);
    }
    expect(fake.requests.length).toBe(sent);
    await engine({ model: 'music-1.5' }).generate({ prompt: 'folk', durationSeconds: 30, lyrics: '[Verse]\nOne line' });
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: 'music-1.5', lyrics: '[Verse]\nOne line' });
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('is_instrumental');
    expect(fake.requests.length - before).toBe(2);
  });

  it('retries rate limits with backoff, and only those', async () => {
    waits.length = 0;
    fake.failNext({ statusCode: MINIMAX_MUSIC_STATUS.tokenRateLimited, statusMsg: 'token limit' });
    fake.failNext({ statusCode: MINIMAX_MUSIC_STATUS.rateLimited, statusMsg: 'rate limit' });
    const before = fake.requests.length;
    expect((await engine().generate({ prompt: 'pop', durationSeconds: 30 })).mp3.length).toBeGreaterThan(1000);
    expect(fake.requests.length - before).toBe(3);
    expect(waits).toEqual([25, 50]);
  });

  it.each([
    [MINIMAX_MUSIC_STATUS.usageLimitExceeded, 'PROVIDER_USAGE_LIMIT'],
    [MINIMAX_MUSIC_STATUS.invalidCharacters, 'INVALID_REQUEST'],
    [MINIMAX_MUSIC_STATUS.authenticationFailed, 'PROVIDER_AUTH'],
    [MINIMAX_MUSIC_STATUS.invalidApiKey, 'PROVIDER_AUTH'],
    [MINIMAX_MUSIC_STATUS.insufficientBalance, 'PROVIDER_BALANCE'],
    [MINIMAX_MUSIC_STATUS.invalidParameters, 'INVALID_REQUEST'],
    [1000, 'PROVIDER_ERROR'],
  ] as const)('maps status code %i to %s', async (statusCode, code) => {
    fake.failNext({ statusCode, statusMsg: 'fake failure' });
    const before = fake.requests.length;
    expect((await musicError(engine().generate({ prompt: 'pop', durationSeconds: 30 }), code)).message).toMatch(new RegExp(`${statusCode}`));
    expect(fake.requests.length - before).toBe(1);
  });

  it('reports a rate limit that outlasts the retries', async () => {
    for (let attempt = 0; attempt < 2; attempt++) fake.failNext({ statusCode: MINIMAX_MUSIC_STATUS.rateLimited, statusMsg: 'rate limit' });
    await musicError(engine({ retry: { ...retry, attempts: 2 } }).generate({ prompt: 'pop', durationSeconds: 30 }), 'PROVIDER_RATE_LIMIT');
  });

  it('says a rejected prompt in the words the UI shows', async () => {
    fake.failNext({ statusCode: MINIMAX_MUSIC_STATUS.sensitiveInput, statusMsg: 'input sensitive' });
    expect((await musicError(engine().generate({ prompt: 'pop', durationSeconds: 30 }), 'PROVIDER_REJECTED')).message).toMatch(/Prompt was rejected/);
  });

  it('reports HTTP failures, failed downloads and a wrong key', async () => {
    fake.failNext({ httpStatus: 502 });
    expect((await musicError(engine().generate({ prompt: 'pop', durationSeconds: 30 }), 'PROVIDER_ERROR')).message).toMatch(/HTTP 502/);
    fake.failNext({ downloadStatus: 404 });
    expect((await musicError(engine({ outputFormat: 'url' }).generate({ prompt: 'pop', durationSeconds: 30 }), 'PROVIDER_ERROR')).message).toMatch(/404/);
    await musicError(new MiniMaxMusicEngine({ apiKey: 'wrong', baseUrl: fake.baseUrl }).generate({ prompt: 'pop', durationSeconds: 30 }), 'PROVIDER_AUTH');
  });

  it('validates before calling out', async () => {
    const before = fake.requests.length;
    expect((await musicError(engine().generate({ prompt: '   ', durationSeconds: 30 }), 'INVALID_REQUEST')).message).toMatch(/Please enter a music prompt/);
    await musicError(engine().generate({ prompt: 'pop', durationSeconds: 2 }), 'INVALID_REQUEST');
    expect(fake.requests.length).toBe(before);
    expect(() => new MiniMaxMusicEngine({ apiKey: '' })).toThrow(MusicError);
  });

  it('honours an abort signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await musicError(engine().generate({ prompt: 'pop', durationSeconds: 30, signal: controller.signal }), 'ABORTED');
  });
});

describe('createMusicEngine', () => {
  it('builds the engine the configuration names', async () => {
    const local = createMusicEngine({ provider: 'local' });
    expect(local).toBeInstanceOf(LocalMusicEngine);
    await local.close();
    const cloud = createMusicEngine({ provider: 'minimax', apiKey: fake.apiKey, baseUrl: fake.baseUrl });
    expect(cloud.provider).toBe('minimax');
    expect((await cloud.generate({ prompt: 'calm ambient', durationSeconds: 30 })).mp3.length).toBeGreaterThan(1000);
  });
});
