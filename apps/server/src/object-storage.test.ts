import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalSpeechEngine, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '@sound-studio/audio';
import type { TtsReply } from '@sound-studio/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf, openTestDatabase, temporaryFolder, TestApp, testConfig, TestClock, type RegisteredUser } from '../test/harness.ts';
import { balanceAndLedger } from '../test/ledger.ts';
import { TEST_BUCKET, TestS3Server } from '../test/s3-server.ts';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/client.ts';
import { pendingFileDeletions, ttsGenerations } from './db/schema.ts';
import { DELETE_BACKOFF } from './lib/file-store/file-deletions.ts';
import { S3FileStore } from './lib/file-store/s3-file-store.ts';
import { S3Client } from '@aws-sdk/client-s3';

/** The real engine, except that a test can hold one stream after its first chunk (to stop the store mid-upload). */
class GatedSpeechEngine implements SpeechEngine {
  #gate: { reached: () => void; opened: Promise<void> } | null = null;

  constructor(private readonly inner: SpeechEngine) {}

  get provider() {
    return this.inner.provider;
  }

  /** The next stream waits after its first chunk until `open()`; `reached` resolves when it is waiting. */
  holdNextStream(): { reached: Promise<void>; open: () => void } {
    let reached = () => {};
    let open = () => {};
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.#gate = { reached, opened };
    return { reached: reachedPromise, open };
  }

  speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    return this.inner.speak(request, options);
  }

  async *speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    const gate = this.#gate;
    this.#gate = null;
    for await (const chunk of this.inner.speakStream(request, options)) {
      yield chunk;
      if (gate) {
        gate.reached();
        await gate.opened;
      }
    }
  }

  warmUp(): Promise<void> {
    return this.inner.warmUp();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

let database: DatabaseHandle;
let engine: GatedSpeechEngine;
let s3: TestS3Server;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  engine = new GatedSpeechEngine(new LocalSpeechEngine({ workers: 1 }));
  s3 = await TestS3Server.start();
  t = await TestApp.start({ database, speechEngine: engine, env: s3.env() });
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  await s3?.close();
  await database?.close();
});

const TEXT = 'The lighthouse keeper climbed the stairs. She watched the boats come home.';

function generate(user: RegisteredUser) {
  return t.request({ method: 'POST', url: '/api/voices/generate-tts', token: user.session.accessToken, body: { text: TEXT, voiceId: 'en-us-radiant-girl' } });
}

/** Every file on this node's disk under DATA_DIR, besides the generated secrets (the test database is in memory). */
function filesOnDisk(): string[] {
  const root = t.config.dataDir;
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((name) => !['jwt-secret', 'admin-token'].includes(name));
}

function objectsOf(userId: string): string[] {
  return s3.objectKeys().filter((key) => key.includes(userId));
}

/** The user's files waiting in pending_file_deletions (reserved for a write, or due for deletion). */
async function pendingFilesOf(userId: string) {
  return database.db
    .select({ key: pendingFileDeletions.key, reason: pendingFileDeletions.reason })
    .from(pendingFileDeletions)
    .where(like(pendingFileDeletions.key, `%${userId}%`))
    .orderBy(pendingFileDeletions.key);
}

function recordOf(generationId: string) {
  return database.db.select().from(ttsGenerations).where(eq(ttsGenerations.id, generationId));
}

describe('FILE_STORE=s3 through the API', () => {
  it('keeps speech in the bucket, plays it back by byte range, deletes it with its record, and keeps nothing on disk', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const reply = await generate(user);
    expect(reply.statusCode).toBe(200);
    const { generation } = dataOf<TtsReply>(reply);
    expect(objectsOf(userId)).toEqual([
      `sound-studio/tts/${userId}/${generation.id}.mp3`,
      `sound-studio/tts/${userId}/${generation.id}.timings.json`,
    ]);

    const whole = await t.request({ url: generation.audioUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.bytes.length).toBeGreaterThan(1000);
    const part = await t.request({ url: generation.audioUrl, headers: { range: 'bytes=100-599' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-599/${whole.bytes.length}`);
    expect(part.bytes.equals(whole.bytes.subarray(100, 600))).toBe(true);
    const outside = await t.request({ url: generation.audioUrl, headers: { range: `bytes=${whole.bytes.length}-` } });
    expect(outside.statusCode).toBe(416);

    expect(existsSync(t.mediaRoot)).toBe(false);
    expect(filesOnDisk()).toEqual([]);

    expect(await pendingFilesOf(userId)).toEqual([]);
  });

  it('deletes the record while the store is down, and the sweeper deletes its objects once the store is back', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const { generation } = dataOf<TtsReply>(await generate(user));
    const keys = [`tts/${userId}/${generation.id}.mp3`, `tts/${userId}/${generation.id}.timings.json`];
    const before = await balanceAndLedger(database.db, userId);

    await s3.stop();
    let deleted;
    try {
      deleted = await t.request({ method: 'DELETE', url: `/api/tts/history/${generation.id}`, token: user.session.accessToken });
    } finally {
      await s3.resume();
    }
    expect(deleted.statusCode).toBe(200);
    expect(dataOf<{ deleted: number }>(deleted).deleted).toBe(1);
    expect(await recordOf(generation.id)).toEqual([]);
    expect(objectsOf(userId)).toHaveLength(2);
    expect(await pendingFilesOf(userId)).toEqual(keys.map((key) => ({ key, reason: 'record-deleted' })));
    expect(await balanceAndLedger(database.db, userId)).toEqual(before);

    // Back, and the retry is due: the sweep (every node runs it each minute) deletes both objects and their rows.
    t.clock.advanceSeconds(DELETE_BACKOFF.firstSeconds);
    await t.app.fileDeletions.sweep();
    expect(objectsOf(userId)).toEqual([]);
    expect(await pendingFilesOf(userId)).toEqual([]);
    expect((await t.request({ url: generation.audioUrl })).statusCode).toBe(404);
    expect(await balanceAndLedger(database.db, userId)).toEqual(before);
  });

  it('reserves the file before writing it, and leaves no object when the record cannot be saved', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const { generation: earlier } = dataOf<TtsReply>(await generate(user));
    const before = await balanceAndLedger(database.db, userId);
    const gate = engine.holdNextStream();
    const pending = generate(user);
    await gate.reached;
    // Mid-write, the file is already registered as due for deletion unless its record takes it.
    const [reservation] = (await pendingFilesOf(userId)).filter((row) => row.reason === 'write');
    expect(reservation?.key).toMatch(new RegExp(`^tts/${userId}/[0-9a-f-]{36}[.]mp3$`));
    const generationId = reservation?.key.split('/').at(-1)?.replace('.mp3', '') ?? '';
    // Another user's generation takes the id first, so saving this record fails.
    const [earlierRow] = await recordOf(earlier.id);
    if (!earlierRow) throw new Error('The earlier generation has no record');
    const other = await t.register();
    await database.db.insert(ttsGenerations).values({ ...earlierRow, id: generationId, userId: other.session.user.id });
    gate.open();
    const reply = await pending;

    expect(reply.statusCode).toBe(503);
    expect(errorOf(reply).code).toBe('SERVICE_UNAVAILABLE');
    expect(await balanceAndLedger(database.db, userId)).toEqual(before);
    await t.app.fileDeletions.sweep();
    expect(objectsOf(userId).filter((key) => key.includes(generationId))).toEqual([]);
    expect(await pendingFilesOf(userId)).toEqual([]);
  });

  it('answers 503 STORAGE_UNAVAILABLE when the store goes away mid-generation, charges and keeps nothing, and works once it is back', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const before = await balanceAndLedger(database.db, userId);
    const gate = engine.holdNextStream();
    const pending = generate(user);
    await gate.reached;
    await s3.stop();
    let reply;
    let streamed;
    try {
      gate.open();
      reply = await pending;
      // The streaming endpoint learns it before sending any audio, so it can still answer JSON.
      streamed = await t.request({
        method: 'POST',
        url: '/api/voices/generate-tts/stream',
        token: user.session.accessToken,
        body: { text: TEXT, voiceId: 'en-us-radiant-girl' },
      });
    } finally {
      await s3.resume();
    }
    expect(reply.statusCode).toBe(503);
    expect(errorOf(reply)).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
    expect(errorOf(reply).error).toMatch(/storage cannot be reached/i);
    expect(streamed.statusCode).toBe(503);
    expect(errorOf(streamed).code).toBe('STORAGE_UNAVAILABLE');
    const after = await balanceAndLedger(database.db, userId);
    expect(after).toEqual(before);
    expect(after.balance).toBe(after.ledgerSum);
    expect(await database.db.select().from(ttsGenerations).where(eq(ttsGenerations.userId, userId))).toEqual([]);
    expect(objectsOf(userId)).toEqual([]);
    expect(s3.pendingUploads().filter((upload) => upload.key.includes(userId))).toEqual([]);
    // The reservation of the file that was never written is gone too (its delete of nothing counts as done, or is retried).
    expect((await pendingFilesOf(userId)).filter((row) => row.reason === 'write')).toEqual([]);

    const again = await generate(user);
    expect(again.statusCode).toBe(200);
    const { generation } = dataOf<TtsReply>(again);
    const played = await t.request({ url: generation.audioUrl, headers: { range: 'bytes=0-99' } });
    expect(played.statusCode).toBe(206);
    expect(played.bytes.length).toBe(100);
    expect(filesOnDisk()).toEqual([]);
  });
});

describe('start-up', () => {
  /** Begins a multipart upload under `prefix` and leaves it, as a process killed mid-upload would. */
  async function abandonUpload(prefix: string, key: string): Promise<void> {
    const client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const files = new S3FileStore({ client, bucket: TEST_BUCKET, prefix, partSizeBytes: 4 });
    const writer = await files.openWriter(key);
    await writer.write(new Uint8Array(10));
    client.destroy();
  }

  it('aborts the unfinished multipart uploads under our prefix, and leaves other prefixes alone', async () => {
    await abandonUpload('sound-studio/', 'tts/killed/one.mp3');
    await abandonUpload('other-deployment/', 'tts/busy/two.mp3');
    expect(s3.pendingUploads().map((upload) => upload.key).sort()).toEqual(['other-deployment/tts/busy/two.mp3', 'sound-studio/tts/killed/one.mp3']);
    const restarted = await TestApp.start({ database, speechEngine: engine, env: s3.env() });
    await restarted.close();
    expect(s3.pendingUploads().map((upload) => upload.key)).toEqual(['other-deployment/tts/busy/two.mp3']);
  });

  it('removes the .partial files a killed process left in DATA_DIR/media, and keeps finished files', async () => {
    const { folder, remove } = temporaryFolder();
    try {
      const config = testConfig(folder);
      const media = path.join(folder, 'media', 'tts', 'someone');
      mkdirSync(media, { recursive: true });
      writeFileSync(path.join(media, 'done.mp3'), 'finished');
      const partial = path.join(media, 'cut.mp3.partial-0123456789ab');
      writeFileSync(partial, 'half');
      const minuteAgo = new Date(Date.now() - 60_000);
      utimesSync(partial, minuteAgo, minuteAgo);
      const app = await buildApp(config, { database, speechEngine: engine, clock: new TestClock() });
      await app.close();
      expect(readdirSync(media)).toEqual(['done.mp3']);
    } finally {
      remove();
    }
  });
});
