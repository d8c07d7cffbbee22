import { randomBytes } from 'node:crypto';
import { decodeWav, LocalSpeechEngine, rms, toDecibels } from '@sound-studio/audio';
import { FILE_FAILURE_MESSAGES, matchFileFailureTemplate, type IsolatorJob, type IsolatorJobList } from '@sound-studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, type RegisteredUser } from '../../../test/harness.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import {
  abortUploadMidway,
  filesInUploadDir,
  FIXTURE_RATE,
  heldReservations,
  PNG_BYTES,
  postForm,
  speechOf,
  truncatedMultipart,
  wavOf,
  whiteNoise,
  type FormPart,
} from '../../../test/voice-lab.ts';

/** These tests synthesise, decode and isolate real audio; a busy machine needs more than the default 30 s. */
const SLOW_TEST_MS = 120_000;

let database: DatabaseHandle;
let engine: LocalSpeechEngine;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  // The music feature's featured catalogue would fill the job slots on first start.
  t = await TestApp.start({ database, speechEngine: engine, env: { FEATURED_CATALOGUE: 'off' } });
  await t.app.ready();
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

const NOISE_ONLY_SECONDS = 2;

/** 10 s: two seconds of noise alone, then speech in the same noise. */
async function noisyRecording(): Promise<Float32Array> {
  const speech = await speechOf(engine, 8);
  const mix = whiteNoise(FIXTURE_RATE * 10, 0.02);
  speech.forEach((value, index) => {
    const at = NOISE_ONLY_SECONDS * FIXTURE_RATE + index;
    mix[at] = (mix[at] as number) + value;
  });
  return mix;
}

function upload(user: RegisteredUser, fileName: string, value: Buffer | string) {
  return postForm(t, user, '/api/voice-isolator/jobs', [{ name: 'file', value, fileName }]);
}

const getJob = (user: RegisteredUser, id: string) => t.request({ url: `/api/voice-isolator/jobs/${id}`, token: user.session.accessToken });

/** A WAV header announcing 10 s of MP3 data followed by noise: it probes fine and fails to decode. */
function undecodableWav(): Buffer {
  const dataBytes = 160_000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(0x55, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(16_000, 28);
  header.writeUInt16LE(1, 32);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, randomBytes(dataBytes)]);
}

describe('voice isolator', () => {
  it('isolates with progress, charges 100 credits per started minute and keeps the original for A/B', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const before = await t.app.credits.balance(userId);
    const progress: number[] = [];
    t.app.jobs.onUpdate((job) => {
      if (job.userId === userId) progress.push(job.progress);
    });
    const noisy = await noisyRecording();
    const reply = await upload(user, 'interview.wav', wavOf(noisy));
    expect(reply.statusCode).toBe(201);
    const created = dataOf<IsolatorJob>(reply);
    expect(created).toMatchObject({ fileName: 'interview.wav', credits: 100, resultUrl: null });
    expect(created.durationSeconds).toBeCloseTo(10, 1);

    const done = await waitFor(async () => {
      const job = dataOf<IsolatorJob>(await getJob(user, created.id));
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    }, 60_000, 200);
    expect(done).toMatchObject({ status: 'completed', progress: 1, credits: 100, error: null });
    expect(progress.some((value) => value > 0 && value < 1)).toBe(true);
    expect(await t.app.credits.balance(userId)).toBe(before - 100);

    const wav = await t.request({ url: done.resultWavUrl ?? '' });
    const mp3 = await t.request({ url: done.resultUrl ?? '' });
    const original = await t.request({ url: done.originalUrl ?? '' });
    expect([wav.statusCode, mp3.statusCode, original.statusCode]).toEqual([200, 200, 200]);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    const clean = decodeWav(new Uint8Array(wav.bytes));
    expect(clean.sampleRate).toBe(48_000);
    const noiseStretch = (samples: Float32Array) => samples.subarray(Math.round(0.3 * FIXTURE_RATE), Math.round(1.7 * FIXTURE_RATE));
    const reductionDb = toDecibels(rms(noiseStretch(noisy))) - toDecibels(rms(noiseStretch(clean.samples)));
    expect(reductionDb).toBeGreaterThan(15);
    // Speech survives: the speech stretch keeps most of its level.
    const speechStretch = (samples: Float32Array) => samples.subarray(3 * FIXTURE_RATE, 9 * FIXTURE_RATE);
    expect(toDecibels(rms(speechStretch(noisy))) - toDecibels(rms(speechStretch(clean.samples)))).toBeLessThan(6);

    const history = dataOf<IsolatorJobList>(await t.request({ url: '/api/voice-isolator/jobs', token: user.session.accessToken }));
    expect(history.items.map((item) => item.id)).toEqual([created.id]);
    const stranger = await t.register();
    expect((await getJob(stranger, created.id)).statusCode).toBe(404);
    expect(dataOf<IsolatorJobList>(await t.request({ url: '/api/voice-isolator/jobs', token: stranger.session.accessToken })).items).toEqual([]);
    expect((await getJob(user, 'not-a-uuid')).statusCode).toBe(404);
  }, SLOW_TEST_MS);

  it('checks uploads by content and length before any credit is held', async () => {
    const user = await t.register();
    const before = await t.app.credits.balance(user.session.user.id);
    const image = await upload(user, 'voice.wav', PNG_BYTES);
    expect(image.statusCode).toBe(415);
    // One fixed sentence the web app translates; what was found travels in the details.
    expect(errorOf(image)).toMatchObject({ error: FILE_FAILURE_MESSAGES.mediaUnsupported, details: { detected: 'a PNG image' } });
    const text = await upload(user, 'song.mp3', 'definitely not audio\n'.repeat(100));
    expect(text.statusCode).toBe(415);
    const tooLong = await upload(user, 'lecture.wav', wavOf(new Float32Array(8000 * 301), 8000));
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).error).toBe('The recording is 301.0 s long; the limit is 300 s (5 minutes)');
    // The web app translates it through this template.
    expect(matchFileFailureTemplate(errorOf(tooLong).error)?.key).toBe('recordingTooLong');
    const empty = await upload(user, 'empty.wav', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const noFile = await postForm(t, user, '/api/voice-isolator/jobs', [{ name: 'note', value: 'hi' }]);
    expect(errorOf(noFile).error).toBe('Please choose an audio or video file');
    expect((await t.request({ method: 'POST', url: '/api/voice-isolator/jobs', body: {} })).statusCode).toBe(401);
    expect(await t.app.credits.balance(user.session.user.id)).toBe(before);
    expect(dataOf<IsolatorJobList>(await t.request({ url: '/api/voice-isolator/jobs', token: user.session.accessToken })).items).toEqual([]);
    expect(await filesInUploadDir(t)).toEqual([]);
  }, SLOW_TEST_MS);

  it('fails a job whose audio does not decode and gives the credits back', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const before = await t.app.credits.balance(userId);
    const reply = await upload(user, 'broken.wav', undecodableWav());
    expect(reply.statusCode).toBe(201);
    const created = dataOf<IsolatorJob>(reply);
    const done = await waitFor(async () => {
      const job = dataOf<IsolatorJob>(await getJob(user, created.id));
      return job.status === 'failed' || job.status === 'completed' ? job : null;
    }, 30_000, 100);
    expect(done).toMatchObject({ status: 'failed', credits: 0, resultUrl: null });
    expect(done.error).toContain('could not be decoded');
    await waitFor(async () => (await t.app.credits.balance(userId)) === before);
    const ledger = await balanceAndLedger(t.db, userId);
    expect(ledger.balance).toBe(ledger.ledgerSum);
  }, SLOW_TEST_MS);
});

describe('voice isolator uploads that never finish', () => {
  const history = async (user: RegisteredUser) =>
    dataOf<IsolatorJobList>(await t.request({ url: '/api/voice-isolator/jobs', token: user.session.accessToken })).items;
  const recordingPart = (): FormPart => ({ name: 'file', value: wavOf(whiteNoise(FIXTURE_RATE * 60, 0.1)), fileName: 'minute.wav', contentType: 'audio/wav' });

  it('removes what a client that went away mid-upload had sent, and holds no credits', async () => {
    const baseUrl = await t.listen();
    const user = await t.register();
    const userId = user.session.user.id;
    const before = await t.app.credits.balance(userId);
    const request = { path: '/api/voice-isolator/jobs', token: user.session.accessToken, csrfToken: t.csrfToken(), parts: [recordingPart()] };
    // The upload has reached the disk before the client goes away.
    await abortUploadMidway(baseUrl, request, () => waitFor(async () => (await filesInUploadDir(t)).length > 0));
    await waitFor(async () => (await filesInUploadDir(t)).length === 0);
    expect(await filesInUploadDir(t)).toEqual([]);
    expect(await heldReservations(t, userId)).toEqual([]);
    expect(await t.app.credits.balance(userId)).toBe(before);
    expect(await history(user)).toEqual([]);
  }, SLOW_TEST_MS);

  it('refuses a multipart body cut off in the middle of the file and leaves nothing behind', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const before = await t.app.credits.balance(userId);
    const cut = truncatedMultipart([recordingPart()]);
    const reply = await t.request({
      method: 'POST', url: '/api/voice-isolator/jobs', token: user.session.accessToken, headers: { 'content-type': cut.contentType }, body: cut.body,
    });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).error).toBe('The upload could not be read');
    expect(await filesInUploadDir(t)).toEqual([]);
    expect(await heldReservations(t, userId)).toEqual([]);
    expect(await t.app.credits.balance(userId)).toBe(before);
    expect(await history(user)).toEqual([]);
  }, SLOW_TEST_MS);
});
