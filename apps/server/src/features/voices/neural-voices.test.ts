import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMp3Frames } from '@sound-studio/audio';
import { writeTinyKokoroModel, writeTinyPiperVoice } from '@sound-studio/audio/testing';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey, DocumentReply, Plan, SpeechTimings, TtsJob, TtsReply, Voice, VoiceListResponse } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { dataOf, errorOf, openTestDatabase, TEST_ADMIN_TOKEN, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import { multipart } from '../../../test/multipart.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { englishProse } from '../../../test/speech.ts';

let database: DatabaseHandle;
let t: TestApp;
let modelsDir: string;
let baseUrl: string;
let user: RegisteredUser;

const PIPER_ID = 'neural-en-us-tiny-x-low';
const KOKORO_HEART = 'neural-kokoro-af-heart';

beforeAll(async () => {
  database = await openTestDatabase();
  modelsDir = mkdtempSync(path.join(tmpdir(), 'neural-models-'));
  t = await TestApp.start({ database, env: { MODELS_DIR: modelsDir } });
  baseUrl = await t.listen();
  user = await t.register();
});

afterAll(async () => {
  await t?.close();
  await database?.close();
  rmSync(modelsDir, { recursive: true, force: true });
});

async function libraryVoices(): Promise<Voice[]> {
  const reply = await t.request({ url: '/api/voices/list-grouped' });
  return (reply.body as VoiceListResponse).voices;
}

/** Installs like the models command does: files written in a staging folder, then renamed into place. */
async function install(name: string, write: (folder: string) => Promise<unknown>): Promise<void> {
  const staging = path.join(modelsDir, `.staging-${name}`);
  await write(staging);
  renameSync(staging, path.join(modelsDir, name));
}

function generate(voiceId: string, text: string) {
  return t.request({ method: 'POST', url: '/api/voices/generate-tts', token: user.session.accessToken, body: { text, voiceId } });
}

describe('neural voices in MODELS_DIR', () => {
  it('lists an installed Piper voice within seconds, with the Neural badge, and speaks it at the neural rate', async () => {
    expect((await libraryVoices()).some((voice) => voice.neural)).toBe(false);
    await install('en_US-tiny-x_low', (folder) => writeTinyPiperVoice(folder, 'en_US-tiny-x_low'));
    const voice = await waitFor(async () => (await libraryVoices()).find((candidate) => candidate._id === PIPER_ID), 8_000, 100);
    expect(voice).toMatchObject({ name: 'Tiny', language: 'en', locale: 'en-US', accent: 'american', category: 'library' });
    expect(voice.neural).toEqual({ family: 'piper', model: 'en_US-tiny-x_low', licence: null, quality: 'x_low' });

    const preview = await t.request({ url: voice.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect(parseMp3Frames(preview.bytes).durationSeconds).toBeGreaterThan(1);

    const text = 'Hello there. This is a neural voice.';
    const before = await balanceAndLedger(database.db, user.session.user.id);
    const reply = dataOf<TtsReply>(await generate(PIPER_ID, text));
    // The default plans charge 2 credits a character for neural voices (1 for eSpeak NG voices).
    expect(before.balance - reply.credits).toBe(text.length * 2);
    expect(reply.generation).toMatchObject({ voiceId: PIPER_ID, voiceName: 'Tiny', characters: text.length, credits: text.length * 2 });
    // The operator edits the neural rate like any other plan rate.
    const patched = await t.request({
      method: 'PATCH',
      url: '/api/admin/plans/free',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      body: { rates: { ttsNeuralPerCharacter: 3 } },
    });
    expect(patched.statusCode).toBe(200);
    const again = dataOf<TtsReply>(await generate(PIPER_ID, text));
    expect(reply.credits - again.credits).toBe(text.length * 3);
    // Captions come from the model's timing: every word of the text, in order, inside the audio.
    const timings = dataOf<SpeechTimings>(await t.request({ url: `/api/tts/history/${reply.generation.id}/timings`, token: user.session.accessToken }));
    expect(timings.words.map((word) => word.text)).toEqual(text.split(' '));
    const starts = timings.words.map((word) => word.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(timings.words.at(-1)?.end ?? 99).toBeLessThanOrEqual(reply.generation.durationSeconds + 0.05);
    const srt = await t.request({ url: `/api/tts/history/${reply.generation.id}/captions.srt`, token: user.session.accessToken });
    expect(srt.text).toContain('Hello there.');
    const audio = await t.request({ url: reply.generation.audioUrl });
    const frames = parseMp3Frames(audio.bytes);
    expect(frames.sampleRate).toBe(22_050);
    expect(frames.durationSeconds).toBeGreaterThan(1);
  });

  it('streams a Kokoro voice and serves it through the OpenAI- and ElevenLabs-compatible /v1 API', async () => {
    await install('kokoro', (folder) => writeTinyKokoroModel(folder));
    const voice = await waitFor(async () => (await libraryVoices()).find((candidate) => candidate._id === KOKORO_HEART), 8_000, 100);
    expect(voice).toMatchObject({ name: 'Heart', gender: 'female', locale: 'en-US' });
    expect(voice.neural).toMatchObject({ family: 'kokoro', licence: 'Apache-2.0' });

    const response = await fetch(`${baseUrl}/api/voices/generate-tts/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.session.accessToken}`, 'x-csrf-token': t.csrfToken(), 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'First sentence here. And a second one.', voiceId: KOKORO_HEART }),
    });
    expect(response.status).toBe(200);
    expect(parseMp3Frames(new Uint8Array(await response.arrayBuffer())).sampleRate).toBe(24_000);

    await t.db.update(users).set({ planName: 'starter' }).where(eq(users.id, user.session.user.id));
    const created = dataOf<CreatedApiKey>(await t.request({ method: 'POST', url: '/api/api-keys', token: user.session.accessToken, body: { name: 'neural' } }));
    const client = new OpenAI({ apiKey: created.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'neural-kokoro-bm-george', input: 'Good evening.', response_format: 'wav' });
    const wav = new Uint8Array(await speech.arrayBuffer());
    // A WAV at Kokoro's 24 kHz: the sample rate sits at byte 24 of the header.
    expect(new DataView(wav.buffer, wav.byteOffset).getUint32(24, true)).toBe(24_000);

    // ElevenLabs' shape, with character timings from the model's durations.
    const eleven = await fetch(`${baseUrl}/v1/text-to-speech/${KOKORO_HEART}/with-timestamps`, {
      method: 'POST',
      headers: { 'xi-api-key': created.key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Good evening, friends.' }),
    });
    expect(eleven.status).toBe(200);
    const timed = (await eleven.json()) as { audio_base64: string; alignment: { characters: string[]; character_start_times_seconds: number[] } };
    expect(timed.alignment.characters.join('')).toBe('Good evening, friends.');
    const starts = timed.alignment.character_start_times_seconds;
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The tiny model speaks about 12 ms a phoneme: the last character starts well past the first ones.
    expect(starts.at(-1) ?? 0).toBeGreaterThan(0.25);
  });

  it('drops a removed model from the library within seconds; generating with it is refused without a charge', async () => {
    rmSync(path.join(modelsDir, 'en_US-tiny-x_low'), { recursive: true, force: true });
    await waitFor(async () => !(await libraryVoices()).some((candidate) => candidate._id === PIPER_ID), 8_000, 100);
    const before = await balanceAndLedger(database.db, user.session.user.id);
    const reply = await generate(PIPER_ID, 'Are you still there?');
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Voice not found' });
    expect(await balanceAndLedger(database.db, user.session.user.id)).toEqual(before);
  });

  it('renders a long document with a neural voice as a job, charged at the neural rate', async () => {
    const plans = dataOf<Plan[]>(await t.request({ url: '/api/auth/plans' }));
    const rate = plans.find((plan) => plan.name === 'free')?.credits.rates.tts.neuralPerCharacter ?? Number.NaN;
    expect(rate).toBe(3); // as the operator set it in the first test
    const owner = await t.register();
    await t.db.update(users).set({ credits: 20_000 }).where(eq(users.id, owner.session.user.id));
    const text = englishProse(5100);
    const form = multipart([{ name: 'voiceId', value: KOKORO_HEART }, { name: 'file', value: text, fileName: 'story.txt' }]);
    const reply = dataOf<DocumentReply>(
      await t.request({ method: 'POST', url: '/api/tts/documents', token: owner.session.accessToken, headers: { 'content-type': form.contentType }, body: form.body }),
    );
    if (reply.kind !== 'job') throw new Error('expected a job');
    const done = await waitFor(async () => {
      const job = dataOf<TtsJob>(await t.request({ url: `/api/tts/jobs/${reply.job.id}`, token: owner.session.accessToken }));
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    }, 60_000, 100);
    expect(done).toMatchObject({ status: 'completed', error: null });
    const frames = parseMp3Frames((await t.request({ url: done.audioUrl ?? '' })).bytes);
    expect(frames.sampleRate).toBe(24_000);
    expect(frames.durationSeconds).toBeGreaterThan(30);
    const [row] = await t.db.select({ credits: users.credits }).from(users).where(eq(users.id, owner.session.user.id));
    expect(row?.credits).toBe(20_000 - text.length * rate);
  });

  it('a long document job with a voice removed while it runs finishes or fails cleanly, charging only finished work', async () => {
    await install('en_US-job-x_low', (folder) => writeTinyPiperVoice(folder, 'en_US-job-x_low'));
    await waitFor(async () => (await libraryVoices()).some((candidate) => candidate._id === 'neural-en-us-job-x-low'), 8_000, 100);
    const owner = await t.register();
    const rate = 1;
    const patched = await t.request({ method: 'PATCH', url: '/api/admin/plans/free', headers: { 'x-admin-token': TEST_ADMIN_TOKEN }, body: { rates: { ttsNeuralPerCharacter: rate } } });
    expect(patched.statusCode).toBe(200);
    const text = englishProse(5100);
    const form = multipart([{ name: 'voiceId', value: 'neural-en-us-job-x-low' }, { name: 'file', value: text, fileName: 'story.txt' }]);
    const reply = dataOf<DocumentReply>(
      await t.request({ method: 'POST', url: '/api/tts/documents', token: owner.session.accessToken, headers: { 'content-type': form.contentType }, body: form.body }),
    );
    if (reply.kind !== 'job') throw new Error('expected a job');
    expect((await balanceAndLedger(database.db, owner.session.user.id)).balance).toBe(10_000 - text.length * rate);
    const jobOf = async () => dataOf<TtsJob>(await t.request({ url: `/api/tts/jobs/${reply.job.id}`, token: owner.session.accessToken }));
    await waitFor(async () => (await jobOf()).status !== 'queued', 30_000, 20);
    rmSync(path.join(modelsDir, 'en_US-job-x_low'), { recursive: true, force: true });
    const done = await waitFor(async () => {
      const job = await jobOf();
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    }, 60_000, 100);
    const after = await balanceAndLedger(database.db, owner.session.user.id);
    expect(after.balance).toBe(after.ledgerSum);
    // Either outcome is clean: a failed job gives every credit back and leaves no file; a finished one is charged.
    expect(['failed', 'completed']).toContain(done.status);
    expect(after.balance).toBe(done.status === 'failed' ? 10_000 : 10_000 - text.length * rate);
    expect(done.audioUrl === null).toBe(done.status === 'failed');
  });

  it('skips a folder whose Piper model has no .onnx.json', async () => {
    await install('broken', async (folder) => {
      const files = await writeTinyPiperVoice(folder, 'en_GB-broken-low');
      rmSync(files.configPath);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await libraryVoices()).some((candidate) => candidate.neural?.model === 'broken')).toBe(false);
  });
});
