import { existsSync, readdirSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../../test/harness.ts';
import { TEST_BUCKET, TestS3Server } from '../../../test/s3-server.ts';
import { parseRangeHeader } from './byte-ranges.ts';
import { InvalidFileKeyError, isValidFileKey, type FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';
import { StorageUnavailableError } from './storage-errors.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await TestS3Server.start();
});
afterAll(async () => {
  await s3?.close();
});

/** A store under test and what it holds besides committed files: half-written files or unfinished uploads. */
interface StoreUnderTest {
  files: FileStore;
  /** Everything the store keeps for this test (files and residue), as names relative to it. */
  contents(): string[];
}

function localStore(): StoreUnderTest {
  const { folder, remove } = temporaryFolder('sound-studio-files-');
  cleanups.push(remove);
  const files = new LocalFileStore(folder);
  return { files, contents: () => (readdirSync(folder, { recursive: true }) as string[]).filter((name) => /\.\w+(?:-[0-9a-f]+)?$/.test(name)).sort() };
}

let prefixCounter = 0;
/** Four-byte parts, so a few bytes already make a multipart upload (s3rver does not enforce S3's 5 MiB minimum). */
function s3Store(partSizeBytes = 4): StoreUnderTest & { prefix: string } {
  prefixCounter += 1;
  const prefix = `contract-${prefixCounter}/`;
  const client = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  cleanups.push(() => client.destroy());
  const files = new S3FileStore({ client, bucket: TEST_BUCKET, prefix, partSizeBytes });
  const ours = (key: string) => key.startsWith(prefix);
  return {
    files,
    prefix,
    contents: () => [
      ...s3.objectKeys().filter(ours).map((key) => key.slice(prefix.length)),
      ...s3.pendingUploads().filter((upload) => ours(upload.key)).map((upload) => `${upload.key.slice(prefix.length)} (unfinished upload)`),
    ].sort(),
  };
}

const bytes = (value: string) => new TextEncoder().encode(value);

describe('parseRangeHeader', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-9', { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=90-', { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=95-500', { kind: 'partial', range: { start: 95, end: 99 } }],
    ['bytes=-10', { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-500', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=9-5', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
  ])('%s of a 100-byte file', (header, expected) => {
    expect(parseRangeHeader(header, 100)).toEqual(expected);
  });

  it('can satisfy no range of an empty file', () => {
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe.each([
  ['LocalFileStore', localStore],
  ['S3FileStore', () => s3Store()],
])('%s (the FileStore contract)', (_name, open: () => StoreUnderTest) => {
  it('stores, stats, reads whole or by range, and deletes', async () => {
    const { files } = open();
    const info = await files.put('tts/user/one.mp3', bytes('0123456789'));
    expect(info.size).toBe(10);
    expect((await files.stat('tts/user/one.mp3'))?.size).toBe(10);
    expect(await text(await files.read('tts/user/one.mp3'))).toBe('0123456789');
    expect(await text(await files.read('tts/user/one.mp3', { start: 2, end: 4 }))).toBe('234');
    await files.delete('tts/user/one.mp3');
    expect(await files.stat('tts/user/one.mp3')).toBeNull();
    await files.delete('tts/user/one.mp3'); // deleting twice is fine
    await expect(files.read('tts/user/one.mp3')).rejects.toThrow();
  });

  it('shows a streamed file only once it is committed, and leaves nothing behind when aborted', async () => {
    const { files, contents } = open();
    const writer = await files.openWriter('a/b.mp3');
    await writer.write(bytes('abc'));
    expect(await files.stat('a/b.mp3')).toBeNull();
    await writer.write(bytes('defghij'));
    expect(await files.stat('a/b.mp3')).toBeNull();
    await writer.write(bytes('k'));
    expect((await writer.commit()).size).toBe(11);
    expect(await text(await files.read('a/b.mp3'))).toBe('abcdefghijk');
    expect(await text(await files.read('a/b.mp3', { start: 3, end: 8 }))).toBe('defghi');

    const aborted = await files.openWriter('a/c.mp3');
    await aborted.write(bytes('xyz'));
    await aborted.write(bytes('0123456789'));
    await aborted.abort();
    expect(await files.stat('a/c.mp3')).toBeNull();
    expect(contents()).toEqual(['a/b.mp3']);
  });

  it('removes at start-up what a killed process left mid-write, and only what was begun before the cut-off', async () => {
    const { files, contents } = open();
    await files.put('kept.mp3', bytes('kept'));
    const abandoned = await files.openWriter('voice/left.mp3');
    await abandoned.write(bytes('0123456789')); // never committed nor aborted: the process "died"
    expect(contents()).not.toEqual(['kept.mp3']);

    expect(await files.removeResidue(new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
    expect(await files.removeResidue(new Date(Date.now() + 60 * 1000))).toBe(1);
    expect(contents()).toEqual(['kept.mp3']);
    expect(await text(await files.read('kept.mp3'))).toBe('kept');
    await abandoned.abort(); // only closes what this test process still holds open
    expect(contents()).toEqual(['kept.mp3']);
  });

  it('refuses keys that could leave the store', async () => {
    const { files } = open();
    for (const key of ['../escape.mp3', 'a/../../b', '/abs/path', 'a//b', '', 'a/./b', 'a\\b']) {
      expect(isValidFileKey(key)).toBe(false);
      await expect(files.put(key, bytes('x'))).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
    expect(isValidFileKey('previews/local/v1/en-us-radiant-girl-happy.mp3')).toBe(true);
  });
});

describe('LocalFileStore', () => {
  it('writes nothing outside its folder', async () => {
    const { folder, remove } = temporaryFolder('sound-studio-files-');
    cleanups.push(remove);
    await expect(new LocalFileStore(folder).put('../escape.mp3', bytes('x'))).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(existsSync(`${folder}/../escape.mp3`)).toBe(false);
  });
});

describe('S3FileStore when the server goes away', () => {
  it('fails mid-upload with StorageUnavailableError, keeps no object, and works again once the server is back', async () => {
    const { files, contents } = s3Store();
    await files.put('before.mp3', bytes('before'));
    const writer = await files.openWriter('cut/off.mp3');
    await writer.write(bytes('0123456789')); // two parts sent: the multipart upload has begun
    await s3.stop();
    try {
      const failed = await writer.write(bytes('abcdefgh')).then(() => writer.commit()).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(StorageUnavailableError);
      expect(failed).toMatchObject({ code: 'STORAGE_UNAVAILABLE', statusCode: 503 });
      await writer.abort(); // cannot reach the server: must not throw
      await expect(files.stat('before.mp3')).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(files.read('before.mp3')).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      await s3.resume();
    }
    expect(await files.stat('cut/off.mp3')).toBeNull();
    expect(contents()).toEqual(['before.mp3', 'cut/off.mp3 (unfinished upload)']);
    expect(await files.removeResidue(new Date(Date.now() + 60 * 1000))).toBe(1);
    expect(contents()).toEqual(['before.mp3']);
    await files.put('after.mp3', bytes('after'));
    expect(await text(await files.read('after.mp3'))).toBe('after');
  });
});
