import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMiniMaxCloneServer, type FakeMiniMaxCloneServer } from './fake-minimax-clone.ts';
import { startFakeMiniMaxMusicServer, type FakeMiniMaxMusicServer } from './fake-minimax-music.ts';
import { startFakeMiniMaxServer, validateSpeechRequest, type FakeMiniMaxServer } from './fake-minimax-speech.ts';
import { fillReply, minimaxStatus, MUSIC_FIXTURE, T2A_FIXTURE, validateAgainst, VOICE_CLONE_FIXTURE, type JsonValue } from './minimax-fixtures.ts';

/** Every dotted key path of a JSON value, so two replies can be compared by shape. */
function keyPaths(value: JsonValue | undefined, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}${key}`, ...keyPaths(child, `${prefix}${key}.`)]).sort();
}

async function post(url: string, apiKey: string, body: unknown): Promise<{ [key: string]: JsonValue }> {
  const response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { [key: string]: JsonValue };
}

describe('MiniMax fixtures', () => {
  it('accept their own documented request examples', () => {
    expect(validateAgainst(T2A_FIXTURE.request.fields, T2A_FIXTURE.request.example)).toEqual([]);
    expect(validateAgainst(MUSIC_FIXTURE.request.fields, MUSIC_FIXTURE.request.example)).toEqual([]);
    expect(validateAgainst(VOICE_CLONE_FIXTURE.clone.fields, VOICE_CLONE_FIXTURE.clone.example)).toEqual([]);
  });

  it('reject a misspelt field, at any depth, and a missing required one', () => {
    const { audio_setting: audio, voice_setting: voice, ...rest } = T2A_FIXTURE.request.example;
    expect(validateSpeechRequest({ ...rest, voice_setting: voice, audio_setting: { ...(audio as object), sample_rates: 32000 } }))
      .toEqual(['audio_setting.sample_rates is not a documented field']);
    expect(validateSpeechRequest({ ...rest, audio_setting: audio, voice_setting: { ...(voice as object), volume: 1 } }))
      .toEqual(['voice_setting.volume is not a documented field']);
    expect(validateSpeechRequest({ ...rest, audio_setting: audio })).toEqual(['voice_setting is required']);
    const { lyrics: _lyrics, ...withoutLyrics } = MUSIC_FIXTURE.request.example;
    expect(validateAgainst(MUSIC_FIXTURE.request.fields, withoutLyrics)).toEqual(['lyrics is required']);
    expect(validateAgainst(MUSIC_FIXTURE.request.fields, { ...withoutLyrics, is_instrumental: true })).toEqual([]);
    const { model: _model, ...previewWithoutModel } = VOICE_CLONE_FIXTURE.clone.example;
    expect(validateAgainst(VOICE_CLONE_FIXTURE.clone.fields, previewWithoutModel)).toEqual(['model is required']);
  });

  it('reject what the reference rejects: retired or unlisted models, "neutral", is_instrumental off music-2.6, music-1.5 without lyrics', () => {
    const speech = T2A_FIXTURE.request.example;
    expect(validateSpeechRequest({ ...speech, model: 'speech-2.5-hd-preview' })).toEqual([expect.stringContaining('model must be one of')]);
    expect(validateSpeechRequest({ ...speech, voice_setting: { ...(speech.voice_setting as object), emotion: 'neutral' } }))
      .toEqual([expect.stringContaining('voice_setting.emotion must be one of')]);
    const { lyrics: _lyrics, ...promptOnly } = MUSIC_FIXTURE.request.example;
    const music = (body: object) => validateAgainst(MUSIC_FIXTURE.request.fields, body);
    expect(music({ ...promptOnly, model: 'music-2.6', is_instrumental: true })).toEqual([]);
    expect(music({ ...promptOnly, model: 'music-2.5', is_instrumental: true })).toEqual(['is_instrumental is only accepted with model music-2.6']);
    expect(music({ ...promptOnly, model: 'music-1.5', is_instrumental: true })).toEqual([
      'lyrics is required with model music-1.5',
      'is_instrumental is only accepted with model music-2.6',
    ]);
    expect(music({ ...promptOnly, model: 'music-1.5', lyrics_optimizer: true })).toEqual(['lyrics is required with model music-1.5']);
    expect(music({ ...MUSIC_FIXTURE.request.example, model: 'music-1.5' })).toEqual([]);
    const clone = VOICE_CLONE_FIXTURE.clone;
    expect(validateAgainst(clone.fields, { ...clone.example, model: 'speech-2.5-hd-preview' })).toEqual([expect.stringContaining('model must be one of')]);
  });

  it('shape replies only with documented fields', () => {
    expect(fillReply(T2A_FIXTURE.reply.example, { 'extra_info.audio_length': 1 })).toMatchObject({ extra_info: { audio_length: 1 } });
    expect(() => fillReply(T2A_FIXTURE.reply.example, { 'extra_info.duration': 1 })).toThrow('not in MiniMax');
    expect(() => minimaxStatus('no_such_status')).toThrow('documents no status');
  });

  it('drive fakes that import nothing from the adapters', () => {
    const folder = new URL('./', import.meta.url);
    const sources = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(sources).toEqual(expect.arrayContaining(['fake-minimax-speech.ts', 'fake-minimax-music.ts', 'fake-minimax-clone.ts']));
    const adapterImports = sources.flatMap((name) => [...readFileSync(new URL(name, folder), 'utf8').matchAll(/from '([^']+)'/g)]
      .map((match) => match[1] ?? '')
      .filter((specifier) => /providers\/|voice-clone\/|wire/.test(specifier))
      .map((specifier) => `${name}: ${specifier}`));
    expect(adapterImports).toEqual([]);
  });
});

describe('the fakes answer the documented example requests with the documented replies', () => {
  let speech: FakeMiniMaxServer;
  let music: FakeMiniMaxMusicServer;
  let clone: FakeMiniMaxCloneServer;

  beforeAll(async () => {
    [speech, music, clone] = await Promise.all([startFakeMiniMaxServer(), startFakeMiniMaxMusicServer({ songSeconds: 1 }), startFakeMiniMaxCloneServer()]);
  });

  afterAll(async () => {
    await Promise.all([speech.close(), music.close(), clone.close()]);
  });

  it('t2a_v2', async () => {
    const reply = await post(`${speech.baseUrl}/v1/t2a_v2`, speech.apiKey, T2A_FIXTURE.request.example);
    expect(keyPaths(reply)).toEqual(keyPaths(T2A_FIXTURE.reply.example));
    expect(reply.base_resp).toEqual({ status_code: 0, status_msg: 'success' });
  });

  it('t2a_v2 in stream mode: pieces with status 1, then the final event with extra_info', async () => {
    const response = await fetch(`${speech.baseUrl}/v1/t2a_v2`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${speech.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...T2A_FIXTURE.request.example, stream: true }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean).map((event) => JSON.parse(event.replace(/^data: /, '')) as { [key: string]: JsonValue });
    const stream = T2A_FIXTURE.streamReply;
    if (!stream) throw new Error('t2a_v2.json documents a stream reply');
    const last = events.pop();
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(keyPaths(event)).toEqual(keyPaths(stream.chunkExample));
      expect(event.data).toMatchObject({ status: 1, audio: expect.stringMatching(/^[0-9a-f]+$/) });
    }
    expect(keyPaths(last)).toEqual(keyPaths(stream.finalExample));
    // Without exclude_aggregated_audio the last event repeats the whole audio, as MiniMax documents.
    const pieces = events.map((event) => (event.data as { audio: string }).audio).join('');
    expect((last?.data as { audio: string; status: number })).toEqual({ audio: pieces, status: 2 });
  });

  it('music_generation', async () => {
    const reply = await post(`${music.baseUrl}/v1/music_generation`, music.apiKey, MUSIC_FIXTURE.request.example);
    expect(keyPaths(reply)).toEqual(keyPaths(MUSIC_FIXTURE.reply.example));
    expect(reply.base_resp).toEqual({ status_code: 0, status_msg: 'success' });
  });

  it('voice_clone, with its documented error for an unknown file', async () => {
    const reply = await post(`${clone.baseUrl}/v1/voice_clone`, clone.apiKey, VOICE_CLONE_FIXTURE.clone.example);
    expect(reply.base_resp).toEqual({ status_code: minimaxStatus('invalid_samples_or_voice_id').code, status_msg: expect.stringContaining('unknown file_id') });
  });

  it('a wrong key the documented way: HTTP 200 with status 1004', async () => {
    const reply = await post(`${speech.baseUrl}/v1/t2a_v2`, 'wrong-key', T2A_FIXTURE.request.example);
    expect(reply.base_resp).toMatchObject({ status_code: 1004 });
  });
});
