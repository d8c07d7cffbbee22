import { encodeMp3, LocalSpeechEngine, parseMp3Frames } from '@sound-studio/audio';
import { startFakeMiniMaxCloneServer, type FakeMiniMaxCloneServer } from '@sound-studio/audio/testing';
import { FILE_FAILURE_MESSAGES, matchFileFailureTemplate, VOICE_TIMBRE_CHARACTERS, voiceListResponseSchema, type CustomVoiceReply, type IsolatorJob, type MyVoicesReply, type VoiceCloneJob, type VoiceDesignPreviewsReply } from '@sound-studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/client.ts';
import { waitFor } from '../../../test/queue-contract.ts';
import { dataOf, errorOf, openTestDatabase, TestApp, type RegisteredUser, type TestReply } from '../../../test/harness.ts';
import { balanceAndLedger, ledgerRowsFor, reservationFor } from '../../../test/ledger.ts';
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
let sampleWav: Buffer;
let sampleMp3: Buffer;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new LocalSpeechEngine({ workers: 1 });
  // One shared job slot: a clone must still never wait behind an isolation.
  t = await TestApp.start({ database, speechEngine: engine, env: { FEATURED_CATALOGUE: 'off', JOB_CONCURRENCY: '1' } });
  await t.app.ready();
  const speech = await speechOf(engine, 11);
  sampleWav = wavOf(speech);
  sampleMp3 = Buffer.from(await encodeMp3(await speechOf(engine, 10.5, 'en-us-radiant-girl', 1.1), { sampleRate: FIXTURE_RATE }));
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await database?.close();
});

const userIdOf = (user: RegisteredUser) => user.session.user.id;

function cloneForm(samples: FormPart[], fields: Record<string, string> = {}): FormPart[] {
  const defaults = { name: 'My clone', consent: 'true', previewLanguage: 'en', previewText: 'This is how my matched voice sounds.' };
  return [...Object.entries({ ...defaults, ...fields }).map(([name, value]) => ({ name, value })), ...samples];
}

const wavSample = (fileName = 'take-1.wav', value: Buffer = sampleWav): FormPart => ({ name: 'samples', value, fileName, contentType: 'audio/wav' });

function clone(app: TestApp, user: RegisteredUser, samples: FormPart[], fields: Record<string, string> = {}): Promise<TestReply> {
  return postForm(app, user, '/api/voice-clone/voices', cloneForm(samples, fields));
}

const getCloneJob = (app: TestApp, user: RegisteredUser, id: string) => app.request({ url: `/api/voice-clone/jobs/${id}`, token: user.session.accessToken });

/** Submits a clone (201, a queued job) and waits until the job has completed or failed. */
async function cloneToEnd(app: TestApp, user: RegisteredUser, samples: FormPart[], fields: Record<string, string> = {}): Promise<VoiceCloneJob> {
  const reply = await clone(app, user, samples, fields);
  expect(reply.statusCode).toBe(201);
  const created = dataOf<VoiceCloneJob>(reply);
  expect(created).toMatchObject({ status: 'queued', progress: 0, result: null, error: null });
  return waitFor(async () => {
    const job = dataOf<VoiceCloneJob>(await getCloneJob(app, user, created.id));
    return job.status === 'completed' || job.status === 'failed' ? job : null;
  }, SLOW_TEST_MS - 10_000, 200);
}

/** Stored samples of clone jobs still in the media folder. */
async function storedCloneSamples(app: TestApp, user: RegisteredUser): Promise<string[]> {
  return readdir(path.join(app.mediaRoot, 'clone', userIdOf(user))).catch(() => []);
}

async function designPreviews(user: RegisteredUser, description = 'A warm, low-voiced older man, slow and calm'): Promise<VoiceDesignPreviewsReply> {
  const reply = await t.request({
    method: 'POST',
    url: '/api/voice-design/previews',
    token: user.session.accessToken,
    body: { description, previewText: 'Every voice tells a story.' },
  });
  return dataOf<VoiceDesignPreviewsReply>(reply);
}

function saveDesigned(user: RegisteredUser, previewId: string, name = 'Narrator'): Promise<TestReply> {
  return t.request({ method: 'POST', url: '/api/voice-design/voices', token: user.session.accessToken, body: { previewId, name } });
}

async function designVoice(user: RegisteredUser, name: string): Promise<CustomVoiceReply> {
  const { previews } = await designPreviews(user);
  const reply = await saveDesigned(user, previews[0]?.previewId ?? '', name);
  expect(reply.statusCode).toBe(201);
  return dataOf<CustomVoiceReply>(reply);
}

const myVoices = async (user: RegisteredUser) =>
  dataOf<MyVoicesReply>(await t.request({ url: '/api/voices/mine', token: user.session.accessToken }));

describe('voice design', () => {
  it('makes three distinct, playable previews and understands Turkish', async () => {
    const user = await t.register();
    const { previews } = await designPreviews(user);
    expect(previews).toHaveLength(3);
    expect(new Set(previews.map((preview) => preview.previewId)).size).toBe(3);
    expect(previews[0]?.params).toMatchObject({ gender: 'male', age: 'senior', language: 'en-US' });
    // Each candidate names its timbre's character, so the three can say how they differ.
    for (const preview of previews) expect(VOICE_TIMBRE_CHARACTERS).toContain(preview.params.timbre);
    const audio = await t.request({ url: previews[1]?.audioUrl ?? '' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.bytes.length).toBeGreaterThan(1000);

    const turkish = await designPreviews(user, 'Sıcak, kalın sesli, yaşlı bir adam; yavaş ve sakin');
    expect(turkish.previews[0]?.params).toMatchObject({ gender: 'male', language: 'tr' });
  }, SLOW_TEST_MS);

  it('validates the request and keeps previews to their creator', async () => {
    const user = await t.register();
    const empty = await t.request({ method: 'POST', url: '/api/voice-design/previews', token: user.session.accessToken, body: { description: ' ', previewText: 'Hi' } });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).error).toBe('Please describe the voice');
    const unauthenticated = await t.request({ method: 'POST', url: '/api/voice-design/previews', body: { description: 'deep', previewText: 'Hi' } });
    expect(unauthenticated.statusCode).toBe(401);

    const { previews } = await designPreviews(user);
    const stranger = await t.register();
    expect((await saveDesigned(stranger, previews[0]?.previewId ?? '')).statusCode).toBe(404);
    expect((await saveDesigned(user, 'not-a-preview')).statusCode).toBe(404);
    const saved = await saveDesigned(user, previews[0]?.previewId ?? '', 'Narrator');
    expect(saved.statusCode).toBe(201);
    expect(dataOf<CustomVoiceReply>(saved)).toMatchObject({ voice: { name: 'Narrator', category: 'custom', isGroup: false, moods: [] }, slots: { used: 1, total: 3 }, match: null });
    // A candidate is kept once.
    expect((await saveDesigned(user, previews[0]?.previewId ?? '')).statusCode).toBe(404);
    const nameless = await saveDesigned(user, previews[1]?.previewId ?? '', '  ');
    expect(errorOf(nameless).error).toBe('Please enter a voice name');
  }, SLOW_TEST_MS);
});

describe('custom voices', () => {
  it('are listed and usable for their owner only, renamed and deleted by them', async () => {
    const owner = await t.register();
    const stranger = await t.register();
    const { voice } = await designVoice(owner, 'Grandpa');

    const ownerList = voiceListResponseSchema.parse((await t.request({ url: '/api/voices/list-grouped', token: owner.session.accessToken })).body);
    expect(ownerList.voices.at(-1)).toMatchObject({ _id: voice._id, category: 'custom' });
    const strangerList = voiceListResponseSchema.parse((await t.request({ url: '/api/voices/list-grouped', token: stranger.session.accessToken })).body);
    expect(strangerList.voices.some((item) => item._id === voice._id)).toBe(false);
    const publicList = voiceListResponseSchema.parse((await t.request({ url: '/api/voices/list-grouped' })).body);
    expect(publicList.voices.some((item) => item.category === 'custom')).toBe(false);

    const tts = (user: RegisteredUser) =>
      t.request({ method: 'POST', url: '/api/voices/generate-tts', token: user.session.accessToken, body: { text: 'Hello from my own voice.', voiceId: voice._id } });
    const spoken = await tts(owner);
    expect(spoken.statusCode).toBe(200);
    expect(dataOf<{ generation: { voiceName: string } }>(spoken).generation.voiceName).toBe('Grandpa');
    const refused = await tts(stranger);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error).toBe('Voice not found');

    const rename = (user: RegisteredUser, name: string) =>
      t.request({ method: 'PATCH', url: `/api/voices/${voice._id}`, token: user.session.accessToken, body: { name } });
    expect((await rename(stranger, 'Mine now')).statusCode).toBe(404);
    expect(dataOf<{ name: string }>(await rename(owner, 'Grandad')).name).toBe('Grandad');
    expect((await myVoices(owner)).voices.map((item) => item.name)).toEqual(['Grandad']);

    const remove = (user: RegisteredUser) => t.request({ method: 'DELETE', url: `/api/voices/${voice._id}`, token: user.session.accessToken });
    expect((await remove(stranger)).statusCode).toBe(404);
    expect(dataOf<{ slots: { used: number } }>(await remove(owner)).slots.used).toBe(0);
    expect((await remove(owner)).statusCode).toBe(404);
    expect((await tts(owner)).statusCode).toBe(400);
  }, SLOW_TEST_MS);

  it("limits voices to the plan's slots; deleting frees one", async () => {
    const user = await t.register();
    expect((await myVoices(user)).slots).toEqual({ used: 0, total: 3 });
    const first = await designVoice(user, 'One');
    await designVoice(user, 'Two');
    await designVoice(user, 'Three');
    const { previews } = await designPreviews(user);
    const full = await saveDesigned(user, previews[0]?.previewId ?? '', 'Four');
    expect(full.statusCode).toBe(409);
    expect(errorOf(full)).toMatchObject({ code: 'CONFLICT', error: 'No voice slots left. Delete a voice or upgrade your plan.', details: { used: 3, total: 3 } });

    const before = await t.app.credits.balance(userIdOf(user));
    const cloneWhenFull = await clone(t, user, [wavSample()]);
    expect(cloneWhenFull.statusCode).toBe(409);
    expect(await t.app.credits.balance(userIdOf(user))).toBe(before);

    await t.request({ method: 'DELETE', url: `/api/voices/${first.voice._id}`, token: user.session.accessToken });
    expect((await saveDesigned(user, previews[0]?.previewId ?? '', 'Four')).statusCode).toBe(201);
    expect((await myVoices(user)).slots).toEqual({ used: 3, total: 3 });
  }, SLOW_TEST_MS);
});

describe('voice clone (local match)', () => {
  it('runs as a job with progress, matches pitch and rate within 10%, charges 2000 credits once and lands in My Voices', async () => {
    const user = await t.register();
    const before = await t.app.credits.balance(userIdOf(user));
    const progress: number[] = [];
    t.app.jobs.onUpdate((job) => {
      if (job.userId === userIdOf(user)) progress.push(job.progress);
    });
    const done = await cloneToEnd(t, user, [wavSample('take-1.wav'), { name: 'samples[]', value: sampleMp3, fileName: 'take-2.mp3', contentType: 'audio/mpeg' }], { optimizeAccent: 'true' });
    expect(done).toMatchObject({ status: 'completed', progress: 1, name: 'My clone', sampleCount: 2, credits: 2000, error: null });
    expect(progress.some((value) => value > 0 && value < 1)).toBe(true);
    if (!done.result) throw new Error('a completed clone carries its voice');
    const { voice, slots, match } = done.result;
    expect(voice._id).toBe(done.id);
    expect(voice).toMatchObject({ name: 'My clone', category: 'custom', language: 'en' });
    expect(voice.description).toContain('Local match');
    expect(slots).toEqual({ used: 1, total: 3 });
    expect(match?.provider).toBe('local');
    const pitchError = Math.abs((match?.matchedPitchHz ?? 0) / (match?.samplePitchHz ?? 1) - 1);
    const rateError = Math.abs((match?.matchedRate ?? 0) / (match?.sampleRate ?? 1) - 1);
    expect(pitchError).toBeLessThan(0.1);
    expect(rateError).toBeLessThan(0.1);
    expect(await t.app.credits.balance(userIdOf(user))).toBe(before - 2000);
    const rows = await ledgerRowsFor(t.db, `clone:${voice._id}`);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(-2000);
    expect((await reservationFor(t.db, `clone:${voice._id}`))?.status).toBe('settled');
    const ledger = await balanceAndLedger(t.db, userIdOf(user));
    expect(ledger.balance).toBe(ledger.ledgerSum);
    const preview = await t.request({ url: voice.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect((await myVoices(user)).voices[0]?._id).toBe(voice._id);
    expect(await storedCloneSamples(t, user)).toEqual([]);
    expect(await filesInUploadDir(t)).toEqual([]);

    // The job is its owner's alone.
    expect(dataOf<VoiceCloneJob>(await getCloneJob(t, user, done.id)).result?.voice._id).toBe(voice._id);
    const stranger = await t.register();
    expect((await getCloneJob(t, stranger, done.id)).statusCode).toBe(404);
    expect((await getCloneJob(t, user, 'not-a-uuid')).statusCode).toBe(404);
    expect((await t.request({ url: `/api/voice-clone/jobs/${done.id}` })).statusCode).toBe(401);
    // An isolator job id is not a clone job.
    expect((await t.request({ url: `/api/voice-isolator/jobs/${done.id}`, token: user.session.accessToken })).statusCode).toBe(404);
  }, SLOW_TEST_MS);

  it('refuses bad uploads with clear messages and charges nothing', async () => {
    const user = await t.register();
    const before = await t.app.credits.balance(userIdOf(user));
    const noConsent = await clone(t, user, [wavSample()], { consent: 'false' });
    expect(errorOf(noConsent).error).toBe('Please confirm you have the right to use this voice');
    const image = await clone(t, user, [wavSample(), wavSample('photo.wav', PNG_BYTES)]);
    expect(image.statusCode).toBe(415);
    expect(errorOf(image).error).toBe(`"photo.wav": ${FILE_FAILURE_MESSAGES.mediaUnsupported}`);
    const text = await clone(t, user, [{ name: 'samples', value: 'just some words, not audio at all\n'.repeat(50), fileName: 'notes.mp3' }]);
    expect(text.statusCode).toBe(415);
    expect(errorOf(text).error).toContain('"notes.mp3"');
    const short = await clone(t, user, [wavSample('short.wav', wavOf((await speechOf(engine, 4))))]);
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).error).toContain('"short.wav"');
    const long = await clone(t, user, [wavSample('long.wav', wavOf(new Float32Array(FIXTURE_RATE * 61).map((_, index) => Math.sin(index / 20) * 0.3)))]);
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).error).toContain('"long.wav"');
    const tooMany = await clone(t, user, Array.from({ length: 11 }, (_, index) => wavSample(`take-${index}.wav`)));
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).error).toBe('At most 10 samples can be used');
    expect(matchFileFailureTemplate(errorOf(tooMany).error)?.key).toBe('cloneTooManySamples');
    const huge = await clone(t, user, [wavSample('huge.wav', Buffer.concat([sampleWav, Buffer.alloc(20 * 1024 * 1024)]))]);
    expect(huge.statusCode).toBe(413);
    const none = await clone(t, user, []);
    expect(errorOf(none).error).toBe('Add at least one voice sample');
    expect(await t.app.credits.balance(userIdOf(user))).toBe(before);
    expect((await myVoices(user)).slots.used).toBe(0);
    expect(await filesInUploadDir(t)).toEqual([]);
    expect(await storedCloneSamples(t, user)).toEqual([]);
    expect(await heldReservations(t, userIdOf(user))).toEqual([]);
  }, SLOW_TEST_MS);

  it('gives the credits back when the clone itself fails (no speech in the samples)', async () => {
    const user = await t.register();
    const before = await t.app.credits.balance(userIdOf(user));
    const silence = wavSample('room-tone.wav', wavOf(whiteNoise(FIXTURE_RATE * 11, 0.0005)));
    const done = await cloneToEnd(t, user, [silence]);
    expect(done).toMatchObject({ status: 'failed', credits: 0, result: null });
    expect(done.error).toBe('No voiced speech was found in the samples');
    expect(await t.app.credits.balance(userIdOf(user))).toBe(before);
    expect((await reservationFor(t.db, `clone:${done.id}`))?.status).toBe('released');
    expect(await storedCloneSamples(t, user)).toEqual([]);
    const ledger = await balanceAndLedger(t.db, userIdOf(user));
    expect(ledger.balance).toBe(ledger.ledgerSum);
    expect((await myVoices(user)).voices).toEqual([]);
  }, SLOW_TEST_MS);
});

describe('voice clone (MiniMax)', () => {
  let fake: FakeMiniMaxCloneServer;
  let cloud: TestApp;
  let cloudDatabase: DatabaseHandle;

  beforeAll(async () => {
    fake = await startFakeMiniMaxCloneServer();
    cloudDatabase = await openTestDatabase();
    cloud = await TestApp.start({
      database: cloudDatabase,
      speechEngine: engine,
      env: { FEATURED_CATALOGUE: 'off', VOICE_CLONE_PROVIDER: 'minimax', MINIMAX_API_KEY: fake.apiKey, MINIMAX_BASE_URL: fake.baseUrl },
    });
  });

  afterAll(async () => {
    await cloud?.close();
    await cloudDatabase?.close();
    await fake?.close();
  }, SLOW_TEST_MS);

  it('clones at MiniMax under a voice id it accepts, and releases the credits when MiniMax fails', async () => {
    const user = await cloud.register();
    const before = await cloud.app.credits.balance(userIdOf(user));
    fake.failNext({ statusCode: 1001, statusMsg: 'internal error' });
    const failed = await cloneToEnd(cloud, user, [wavSample()], { removeNoise: 'true' });
    expect(failed).toMatchObject({ status: 'failed', error: 'Voice cloning failed', credits: 0 });
    expect(await cloud.app.credits.balance(userIdOf(user))).toBe(before);

    const done = await cloneToEnd(cloud, user, [wavSample()]);
    expect(done.status).toBe('completed');
    if (!done.result) throw new Error('a completed clone carries its voice');
    const { voice, match } = done.result;
    expect(match).toMatchObject({ provider: 'minimax', matchedPitchHz: null });
    const minimaxId = `soundstudio-${voice._id}`;
    expect(fake.voices.has(minimaxId)).toBe(true);
    // The preview is MiniMax speaking with the new voice, once (the app's own engine here is the local one): that
    // first use is what keeps the voice past MiniMax's seven days, and voice_clone was asked for no paid demo.
    const spokenByMiniMax = fake.requests.filter((received) => received.path === '/v1/t2a_v2');
    expect(spokenByMiniMax.map((received) => (received.body as { voice_setting: { voice_id: string } }).voice_setting.voice_id)).toEqual([minimaxId]);
    expect(fake.keptVoices.has(minimaxId)).toBe(true);
    expect(fake.requests.find((received) => received.path === '/v1/voice_clone' && (received.body as { voice_id: string }).voice_id === minimaxId)?.body)
      .not.toHaveProperty('text');
    const preview = await cloud.request({ url: voice.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(parseMp3Frames(preview.bytes).sampleRate).toBe(32000); // the fake MiniMax's MP3, not a local rendering
    expect(await cloud.app.credits.balance(userIdOf(user))).toBe(before - 2000);
    const spoken = await cloud.request({
      method: 'POST', url: '/api/voices/generate-tts', token: user.session.accessToken, body: { text: 'Cloned hello.', voiceId: voice._id },
    });
    expect(spoken.statusCode).toBe(200);
  }, SLOW_TEST_MS);
});

describe('voice clone uploads that never finish', () => {
  const sixSamples = () => Array.from({ length: 6 }, (_, index) => wavSample(`take-${index}.wav`));

  it('removes what a client that went away mid-upload had sent, and holds no credits', async () => {
    const baseUrl = await t.listen();
    const user = await t.register();
    const before = await t.app.credits.balance(userIdOf(user));
    const request = { path: '/api/voice-clone/voices', token: user.session.accessToken, csrfToken: t.csrfToken(), parts: cloneForm(sixSamples()) };
    // Some samples have reached the disk before the client goes away.
    await abortUploadMidway(baseUrl, request, () => waitFor(async () => (await filesInUploadDir(t)).length > 0));
    await waitFor(async () => (await filesInUploadDir(t)).length === 0);
    expect(await filesInUploadDir(t)).toEqual([]);
    expect(await heldReservations(t, userIdOf(user))).toEqual([]);
    expect(await t.app.credits.balance(userIdOf(user))).toBe(before);
    expect(await storedCloneSamples(t, user)).toEqual([]);
  }, SLOW_TEST_MS);

  it('refuses a multipart body cut off in the middle of the samples and leaves nothing behind', async () => {
    const user = await t.register();
    const before = await t.app.credits.balance(userIdOf(user));
    const cut = truncatedMultipart(cloneForm(sixSamples()));
    const reply = await t.request({
      method: 'POST', url: '/api/voice-clone/voices', token: user.session.accessToken, headers: { 'content-type': cut.contentType }, body: cut.body,
    });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).error).toBe('The upload could not be read');
    expect(await filesInUploadDir(t)).toEqual([]);
    expect(await heldReservations(t, userIdOf(user))).toEqual([]);
    expect(await t.app.credits.balance(userIdOf(user))).toBe(before);
    expect(await storedCloneSamples(t, user)).toEqual([]);
  }, SLOW_TEST_MS);
});

// Last in the file: the isolation it starts is still running when the test ends.
describe('voice clone beside the voice isolator', () => {
  it('completes while a long isolation is still running: clones have a job slot and a worker of their own', async () => {
    const user = await t.register();
    const token = user.session.accessToken;
    const fiveMinutes = wavOf(whiteNoise(FIXTURE_RATE * 300, 0.05));
    const isolation = await postForm(t, user, '/api/voice-isolator/jobs', [{ name: 'file', value: fiveMinutes, fileName: 'five-minutes.wav', contentType: 'audio/wav' }]);
    expect(isolation.statusCode).toBe(201);
    const isolationId = dataOf<IsolatorJob>(isolation).id;
    const isolationJob = async () => dataOf<IsolatorJob>(await t.request({ url: `/api/voice-isolator/jobs/${isolationId}`, token }));
    await waitFor(async () => (await isolationJob()).status === 'processing', 30_000, 50);

    const done = await cloneToEnd(t, user, [wavSample()]);
    expect(done.status).toBe('completed');
    // The isolation started first and is still at work (the app's shutdown puts it back in the queue).
    expect((await isolationJob()).status).toBe('processing');
  }, SLOW_TEST_MS);
});
