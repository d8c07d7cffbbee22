import { S3Client } from '@aws-sdk/client-s3';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, temporaryFolder, TestClock } from '../../../test/harness.ts';
import { TEST_BUCKET, TestS3Server } from '../../../test/s3-server.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { pendingFileDeletions } from '../../db/schema.ts';
import { DELETE_BACKOFF, FileDeletions, FileReservationLostError, WRITE_GRACE_MS } from './file-deletions.ts';
import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

let database: DatabaseHandle;
let s3: TestS3Server;
const cleanups: Array<() => void> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await TestS3Server.start();
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await s3?.close();
  await database?.close();
});

const quietLog = { info: () => undefined, warn: () => undefined };
const bytes = (value: string) => new TextEncoder().encode(value);

let prefixCounter = 0;
function s3Store(): S3FileStore {
  prefixCounter += 1;
  const client = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    // One try: the store being down is the point here, not the SDK's retries.
    maxAttempts: 1,
  });
  cleanups.push(() => client.destroy());
  return new S3FileStore({ client, bucket: TEST_BUCKET, prefix: `deletions-${prefixCounter}/` });
}

function localStore(): LocalFileStore {
  const { folder, remove } = temporaryFolder('sound-studio-deletions-');
  cleanups.push(remove);
  return new LocalFileStore(folder);
}

function deletionsOver(files: FileStore, clock = new TestClock()): { deletions: FileDeletions; clock: TestClock } {
  return { deletions: new FileDeletions({ db: database.db, files, clock, log: quietLog }), clock };
}

let keyCounter = 0;
function freshKey(): string {
  keyCounter += 1;
  return `tests/${process.pid}-${keyCounter}.mp3`;
}

async function pendingRows(keys: string[]) {
  return database.db
    .select({ key: pendingFileDeletions.key, reason: pendingFileDeletions.reason, attempts: pendingFileDeletions.attempts })
    .from(pendingFileDeletions)
    .where(inArray(pendingFileDeletions.key, keys));
}

/** Runs `during` with the S3 server gone, and brings it back whatever happens. */
async function withStoreDown<T>(during: () => Promise<T>): Promise<T> {
  await s3.stop();
  try {
    return await during();
  } finally {
    await s3.resume();
  }
}

describe.each([
  ['LocalFileStore', localStore],
  ['S3FileStore', s3Store],
])('FileDeletions over %s', (_name, openStore: () => FileStore) => {
  it('deletes an object whose writer died before its record, once the reservation is past its grace', async () => {
    const files = openStore();
    const { deletions, clock } = deletionsOver(files);
    const key = freshKey();
    await deletions.reserve([key]);
    await files.put(key, bytes('orphan to be'));
    // The process dies here: no record, no confirm, no discard.

    await deletions.sweep();
    expect(await files.stat(key)).not.toBeNull(); // a live writer may still be at work within the grace
    clock.advance(WRITE_GRACE_MS + 1);
    await deletions.sweep();
    expect(await files.stat(key)).toBeNull();
    expect(await pendingRows([key])).toEqual([]);
  });

  it('keeps an object its record confirmed, however long afterwards the sweep runs', async () => {
    const files = openStore();
    const { deletions, clock } = deletionsOver(files);
    const key = freshKey();
    await deletions.reserve([key]);
    await files.put(key, bytes('kept'));
    await database.db.transaction((tx) => deletions.confirm(tx, [key]));
    clock.advance(WRITE_GRACE_MS * 3);
    await deletions.sweep();
    expect((await files.stat(key))?.size).toBe(4);
    expect(await pendingRows([key])).toEqual([]);
  });

  it('counts deleting an object that is already gone as done', async () => {
    const files = openStore();
    const { deletions } = deletionsOver(files);
    const key = freshKey();
    await deletions.discard([key], 'record-deleted');
    expect(await pendingRows([key])).toEqual([]);
  });
});

describe('FileDeletions when the object store is down', () => {
  it('keeps a failed delete pending, retries it with backoff, and deletes the object once the store is back', async () => {
    const files = s3Store();
    const { deletions, clock } = deletionsOver(files);
    const key = freshKey();
    await deletions.reserve([key]);
    await files.put(key, bytes('record failed'));

    await withStoreDown(() => deletions.discard([key]));
    expect(await pendingRows([key])).toEqual([{ key, reason: 'record-failed', attempts: 1 }]);
    const [noted] = await database.db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.key, key));
    expect(noted?.lastError).toMatch(/StorageUnavailable/);
    expect(await files.stat(key)).not.toBeNull();

    // Still down at the next due attempt: one more attempt, the object stays.
    clock.advanceSeconds(DELETE_BACKOFF.firstSeconds);
    expect(await withStoreDown(() => deletions.sweep())).toEqual({ deleted: 0, failed: 1 });
    expect(await pendingRows([key])).toEqual([{ key, reason: 'record-failed', attempts: 2 }]);

    // Back, but the backoff (twice as long now) has not passed: nothing is tried yet.
    clock.advanceSeconds(DELETE_BACKOFF.firstSeconds);
    expect(await deletions.sweep()).toEqual({ deleted: 0, failed: 0 });
    clock.advanceSeconds(DELETE_BACKOFF.firstSeconds);
    expect(await deletions.sweep()).toEqual({ deleted: 1, failed: 0 });
    expect(await files.stat(key)).toBeNull();
    expect(await pendingRows([key])).toEqual([]);
  });

  it('deletes records at once and leaves their objects to the sweeper', async () => {
    const files = s3Store();
    const { deletions, clock } = deletionsOver(files);
    const keys = [freshKey(), freshKey()];
    for (const key of keys) await files.put(key, bytes('with a record'));

    const result = await withStoreDown(() => deletions.deleteWithRecords(async () => ({ result: 'record gone', fileKeys: keys })));
    expect(result).toBe('record gone');
    expect((await pendingRows(keys)).map((row) => [row.reason, row.attempts])).toEqual([
      ['record-deleted', 1],
      ['record-deleted', 1],
    ]);
    clock.advanceSeconds(DELETE_BACKOFF.firstSeconds);
    expect(await deletions.sweep()).toEqual({ deleted: 2, failed: 0 });
    for (const key of keys) expect(await files.stat(key)).toBeNull();
  });
});

describe('FileDeletions and its writers', () => {
  it('refuses to confirm a reservation the sweeper already took, so the record rolls back', async () => {
    const files = localStore();
    const { deletions, clock } = deletionsOver(files);
    const key = freshKey();
    await deletions.reserve([key]);
    await files.put(key, bytes('too slow'));
    clock.advance(WRITE_GRACE_MS + 1);
    await deletions.sweep();

    const confirming = database.db.transaction((tx) => deletions.confirm(tx, [key]));
    await expect(confirming).rejects.toBeInstanceOf(FileReservationLostError);
    expect(await files.stat(key)).toBeNull();
  });

  it('leaves a key a live writer reserved to that writer when its record is deleted meanwhile', async () => {
    const files = localStore();
    const { deletions } = deletionsOver(files);
    const key = freshKey();
    await deletions.reserve([key]);
    await deletions.deleteWithRecords(async () => ({ result: null, fileKeys: [key] }));
    expect(await pendingRows([key])).toEqual([{ key, reason: 'write', attempts: 0 }]);
    // The writer finds its record gone and discards what it wrote.
    await files.put(key, bytes('late'));
    await deletions.discard([key], 'record-deleted');
    expect(await files.stat(key)).toBeNull();
    expect(await pendingRows([key])).toEqual([]);
  });
});

/** A real local store that counts the deletes each key gets (to see that no sweeper repeats another's work). */
class CountingStore extends LocalFileStore {
  readonly deletes = new Map<string, number>();

  override async delete(key: string): Promise<void> {
    this.deletes.set(key, (this.deletes.get(key) ?? 0) + 1);
    await super.delete(key);
  }
}

describe('several sweepers at once (API nodes and workers)', () => {
  it('delete every due object exactly once between them', async () => {
    const { folder, remove } = temporaryFolder('sound-studio-deletions-');
    cleanups.push(remove);
    const files = new CountingStore(folder);
    const clock = new TestClock();
    const keys = Array.from({ length: 240 }, () => freshKey());
    for (const key of keys) await files.put(key, bytes('abandoned'));
    const writer = new FileDeletions({ db: database.db, files, clock, log: quietLog });
    await writer.reserve(keys);
    clock.advance(WRITE_GRACE_MS + 1);

    // Two nodes (their own FileDeletions, the same database and store) sweep at the same moment.
    const nodes = [0, 1, 2].map(() => new FileDeletions({ db: database.db, files, clock, log: quietLog }));
    const outcomes = await Promise.all(nodes.map((node) => node.sweep()));

    expect(outcomes.reduce((sum, outcome) => sum + outcome.deleted, 0)).toBe(keys.length);
    expect(outcomes.every((outcome) => outcome.failed === 0)).toBe(true);
    expect([...files.deletes.values()].every((count) => count === 1)).toBe(true);
    expect(files.deletes.size).toBe(keys.length);
    expect(await pendingRows(keys)).toEqual([]);
  });
});
