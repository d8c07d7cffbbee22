import { existsSync, readdirSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../../test/harness.ts';
import { parseRangeHeader } from './byte-ranges.ts';
import { InvalidFileKeyError, isValidFileKey } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function store(): LocalFileStore {
  const { folder, remove } = temporaryFolder('sound-studio-files-');
  cleanups.push(remove);
  return new LocalFileStore(folder);
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

describe('LocalFileStore', () => {
  it('stores, stats, reads whole or by range, and deletes', async () => {
    const files = store();
    const info = await files.put('tts/user/one.mp3', bytes('0123456789'));
    expect(info.size).toBe(10);
    expect((await files.stat('tts/user/one.mp3'))?.size).toBe(10);
    expect(await text(files.read('tts/user/one.mp3'))).toBe('0123456789');
    expect(await text(files.read('tts/user/one.mp3', { start: 2, end: 4 }))).toBe('234');
    await files.delete('tts/user/one.mp3');
    expect(await files.stat('tts/user/one.mp3')).toBeNull();
    await files.delete('tts/user/one.mp3'); // deleting twice is fine
  });

  it('shows a streamed file only once it is committed, and leaves nothing behind when aborted', async () => {
    const files = store();
    const writer = await files.openWriter('a/b.mp3');
    await writer.write(bytes('abc'));
    expect(await files.stat('a/b.mp3')).toBeNull();
    await writer.write(bytes('def'));
    expect((await writer.commit()).size).toBe(6);
    expect(await text(files.read('a/b.mp3'))).toBe('abcdef');

    const aborted = await files.openWriter('a/c.mp3');
    await aborted.write(bytes('xyz'));
    await aborted.abort();
    expect(await files.stat('a/c.mp3')).toBeNull();
    expect(readdirSync(`${files.root}/a`)).toEqual(['b.mp3']);
  });

  it('refuses keys that could leave the store', async () => {
    const files = store();
    for (const key of ['../escape.mp3', 'a/../../b', '/abs/path', 'a//b', '', 'a/./b', 'a\\b']) {
      expect(isValidFileKey(key)).toBe(false);
      await expect(files.put(key, bytes('x'))).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
    expect(existsSync(`${files.root}/../escape.mp3`)).toBe(false);
    expect(isValidFileKey('previews/local/v1/en-us-radiant-girl-happy.mp3')).toBe(true);
  });
});
