import { eq } from 'drizzle-orm';
import { decodeToPcm, LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, DocumentReply, SpeechTimings, TtsHistoryReply, TtsReply } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, openTestDatabase, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { documentJob, uploadDocument } from '../../../test/documents.ts';
import { englishProse } from '../../../test/speech.ts';

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;
let baseUrl: string;
let alice: RegisteredUser;
let bob: RegisteredUser;

const TEXT = 'Welcome to the studio. <#0.5#> Every voice tells a story, and $5 buys a coffee.';

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  t = await TestApp.start({ database, speechEngine: engine });
  baseUrl = await t.listen();
  alice = await t.register();
  bob = await t.register();
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

async function generate(user: RegisteredUser, text = TEXT): Promise<TtsReply['generation']> {
  const reply = await t.request({
    method: 'POST',
    url: '/api/voices/generate-tts',
    token: user.session.accessToken,
    body: { text, voiceId: 'en-us-madison' },
  });
  return dataOf<TtsReply>(reply).generation;
}

function captions(user: RegisteredUser | null, id: string, format: 'srt' | 'vtt') {
  return t.request({ url: `/api/tts/history/${id}/captions.${format}`, ...(user ? { token: user.session.accessToken } : {}) });
}

interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Parses SRT or WebVTT cues back into seconds and text. */
function parseCues(body: string): Cue[] {
  const seconds = (stamp: string) => {
    const [hours, minutes, rest] = stamp.split(':');
    return Number(hours) * 3600 + Number(minutes) * 60 + Number(rest?.replace(',', '.'));
  };
  return [...body.matchAll(/(\d\d:\d\d:\d\d[.,]\d{3}) --> (\d\d:\d\d:\d\d[.,]\d{3})\n(.+)\n/g)].map((match) => ({
    start: seconds(match[1] ?? ''),
    end: seconds(match[2] ?? ''),
    text: match[3] ?? '',
  }));
}

const FRAME_SECONDS = 0.005;
/** A 5 ms frame quieter than this (about -50 dBFS) is silence. */
const SILENCE_RMS = 0.003;

/** Where sound resumes after the silence around `silentAt`, measured on the decoded audio by RMS over 5 ms frames. */
function soundResumesAfter(samples: Float32Array, sampleRate: number, silentAt: number): number {
  const frame = Math.round(FRAME_SECONDS * sampleRate);
  const loudness = (start: number) => Math.sqrt(samples.subarray(start, start + frame).reduce((sum, value) => sum + value * value, 0) / frame);
  let start = Math.floor((silentAt * sampleRate) / frame) * frame;
  while (start < samples.length && loudness(start) < SILENCE_RMS) start += frame;
  return start / sampleRate;
}

async function decode(bytes: Uint8Array): Promise<Float32Array> {
  return (await decodeToPcm(bytes, { sampleRate: 22_050, maxSeconds: 120 })).samples;
}

describe('GET /api/tts/history/{id}/captions.srt|.vtt', () => {
  it('captions a generation with cues that read the text as written and span the audio', async () => {
    const generation = await generate(alice);
    const srt = await captions(alice, generation.id, 'srt');
    expect(srt.statusCode).toBe(200);
    expect(srt.headers['content-type']).toMatch(/^application\/x-subrip/);
    expect(srt.headers['content-disposition']).toBe(`attachment; filename="${generation.id}.srt"`);
    expect(srt.text).toMatch(/^1\n00:00:00,\d{3} --> 00:00:\d\d,\d{3}\nWelcome to the studio\.\n\n2\n/);
    const cues = parseCues(srt.text);
    expect(cues.map((cue) => cue.text)).toEqual(['Welcome to the studio.', 'Every voice tells a story, and $5 buys a coffee.']);
    // The pause marker's half second lies between the cues.
    expect((cues[1]?.start ?? 0) - (cues[0]?.end ?? 0)).toBeGreaterThanOrEqual(0.5);
    expect(Math.abs((cues.at(-1)?.end ?? 0) - generation.durationSeconds)).toBeLessThan(0.1);
    // Against the stored MP3 as a player decodes it: the second cue starts where the pause's silence ends.
    const samples = await decode((await t.request({ url: generation.audioUrl })).bytes);
    const pauseMiddle = ((cues[0]?.end ?? 0) + (cues[1]?.start ?? 0)) / 2;
    expect(Math.abs((cues[1]?.start ?? 0) - soundResumesAfter(samples, 22_050, pauseMiddle))).toBeLessThanOrEqual(0.02);

    const vtt = await captions(alice, generation.id, 'vtt');
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.text.startsWith('WEBVTT\n\n')).toBe(true);
    expect(parseCues(vtt.text)).toEqual(cues);
  });

  it('serves the word timings behind the captions as JSON, pointing at the text as written', async () => {
    const generation = await generate(alice);
    const timings = dataOf<SpeechTimings>(await t.request({ url: `/api/tts/history/${generation.id}/timings`, token: alice.session.accessToken }));
    expect(timings.text).toBe(TEXT);
    expect(timings.words.map((word) => TEXT.slice(word.textStart, word.textEnd))).toEqual(timings.words.map((word) => word.text));
    expect(timings.words.map((word) => word.text)).toContain('$5');
    const bobs = await t.request({ url: `/api/tts/history/${generation.id}/timings`, token: bob.session.accessToken });
    expect(bobs.statusCode).toBe(404);
  });

  it('serves captions to the owner only', async () => {
    const generation = await generate(alice, 'Only mine.');
    expect((await captions(bob, generation.id, 'srt')).statusCode).toBe(404);
    expect((await captions(null, generation.id, 'vtt')).statusCode).toBe(401);
    expect((await captions(alice, 'not-a-uuid', 'srt')).statusCode).toBe(404);
  });

  it('drops the captions with the generation', async () => {
    const generation = await generate(alice, 'Soon gone.');
    expect((await captions(alice, generation.id, 'srt')).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/tts/history/${generation.id}`, token: alice.session.accessToken });
    expect((await captions(alice, generation.id, 'srt')).statusCode).toBe(404);
    expect(await t.app.files.stat(`tts/${alice.session.user.id}/${generation.id}.timings.json`)).toBeNull();
  });

  it('captions a streamed generation', async () => {
    const response = await fetch(`${baseUrl}/api/voices/generate-tts/stream`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.session.accessToken}`,
        'x-csrf-token': t.csrfToken(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text: 'Streamed words. Still captioned.', voiceId: 'en-us-madison' }),
    });
    await response.arrayBuffer();
    const id = response.headers.get('x-generation-id') ?? '';
    const cues = parseCues((await captions(alice, id, 'vtt')).text);
    expect(cues.map((cue) => cue.text)).toEqual(['Streamed words.', 'Still captioned.']);
  });

  it('captions a long-form document job across its pieces', async () => {
    const user = await t.register();
    const text = englishProse(5100);
    const reply = dataOf<DocumentReply>(
      await uploadDocument(t, user, 'story.txt', text, { voiceId: 'en-us-madison', speed: '2', model: 'speech-1.5-hd-preview' }),
    );
    if (reply.kind !== 'job') throw new Error('expected a job');
    const done = await waitFor(async () => {
      const job = await documentJob(t, user, reply.job.id);
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    }, 120_000, 200);
    expect(done.status).toBe('completed');
    const srt = await captions(user, reply.job.id, 'srt');
    expect(srt.statusCode).toBe(200);
    const cues = parseCues(srt.text);
    const audio = parseMp3Frames((await t.request({ url: done.audioUrl ?? '' })).bytes);
    // Cues run in order through the whole file, not restarting with each piece the engine was given.
    for (let index = 1; index < cues.length; index++) expect(cues[index]?.start).toBeGreaterThanOrEqual(cues[index - 1]?.end ?? 0);
    expect(Math.abs((cues.at(-1)?.end ?? 0) - audio.durationSeconds)).toBeLessThan(0.2);
    expect(cues.map((cue) => cue.text).join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' ').trim());
  });
});

describe('POST /v1/text-to-speech/{voice_id}/with-timestamps', () => {
  it('returns the audio and a character alignment of the text as sent, and keeps the generation with captions', async () => {
    const developer = await t.register();
    await t.db.update(users).set({ planName: 'creator' }).where(eq(users.id, developer.session.user.id));
    const key = dataOf<CreatedApiKey>(
      await t.request({ method: 'POST', url: '/api/api-keys', token: developer.session.accessToken, body: { name: 'Timing client' } }),
    ).key;
    const text = 'Hello there. <#0.4#> Captions & timings!';
    const response = await fetch(`${baseUrl}/v1/text-to-speech/en-us-madison/with-timestamps?output_format=mp3_44100_128`, {
      method: 'POST',
      headers: { 'xi-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-character-count')).toBe(String(text.length));
    const body = (await response.json()) as {
      audio_base64: string;
      alignment: { characters: string[]; character_start_times_seconds: number[]; character_end_times_seconds: number[] };
      normalized_alignment: unknown;
    };
    const audio = parseMp3Frames(Buffer.from(body.audio_base64, 'base64'));
    const { characters, character_start_times_seconds: starts, character_end_times_seconds: ends } = body.alignment;
    expect(characters.join('')).toBe(text);
    expect(starts).toHaveLength(characters.length);
    expect(ends).toHaveLength(characters.length);
    for (let index = 0; index < characters.length; index++) expect(ends[index]).toBeGreaterThanOrEqual(starts[index] ?? 0);
    for (let index = 1; index < characters.length; index++) expect(starts[index]).toBeGreaterThanOrEqual(starts[index - 1] ?? 0);
    // "C" of "Captions" comes after the 0.4 s pause, which follows "there.".
    const captionsStart = starts[text.indexOf('Captions')] ?? 0;
    const thereEnd = ends[text.indexOf('there.') + 'there.'.length - 1] ?? 0;
    expect(captionsStart - thereEnd).toBeGreaterThanOrEqual(0.4);
    expect(Math.abs((ends.at(-1) ?? 0) - audio.durationSeconds)).toBeLessThan(0.1);
    expect(body.normalized_alignment).toEqual(body.alignment);
    const samples = await decode(Buffer.from(body.audio_base64, 'base64'));
    expect(Math.abs(captionsStart - soundResumesAfter(samples, 22_050, (thereEnd + captionsStart) / 2))).toBeLessThanOrEqual(0.02);

    const pcm = await fetch(`${baseUrl}/v1/text-to-speech/en-us-madison/with-timestamps?output_format=pcm_22050`, {
      method: 'POST',
      headers: { 'xi-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text, model_id: 'eleven_flash_v2_5' }),
    });
    const pcmBody = (await pcm.json()) as { audio_base64: string; alignment: { character_start_times_seconds: number[] } };
    const pcmBytes = Buffer.from(pcmBody.audio_base64, 'base64');
    const pcmSamples = Float32Array.from(new Int16Array(pcmBytes.buffer, pcmBytes.byteOffset, pcmBytes.length / 2), (value) => value / 32768);
    const pcmCaptionsStart = pcmBody.alignment.character_start_times_seconds[text.indexOf('Captions')] ?? 0;
    expect(Math.abs(pcmCaptionsStart - soundResumesAfter(pcmSamples, 22_050, pcmCaptionsStart - 0.2))).toBeLessThanOrEqual(0.02);

    const history = dataOf<TtsHistoryReply>(await t.request({ url: '/api/tts/history', token: developer.session.accessToken }));
    expect(history.items[0]).toMatchObject({ text, source: 'api', apiKeyName: 'Timing client' });
    const srt = await captions(developer, history.items[0]?.id ?? '', 'srt');
    expect(parseCues(srt.text).map((cue) => cue.text)).toEqual(['Hello there.', 'Captions & timings!']);
  });
});
