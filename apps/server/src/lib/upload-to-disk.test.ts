import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { streamToTemporaryFile } from './upload-to-disk.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'sound-studio-upload-to-disk-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const options = (directory: string) => ({ directory, prefix: 'test-', maxBytes: 10, tooLargeMessage: 'Too large' });

describe('streamToTemporaryFile', () => {
  it('writes what fits and removes what does not', async () => {
    const directory = path.join(folder, 'stream');
    const file = await streamToTemporaryFile(Readable.from([Buffer.from('12345'), Buffer.from('678')]), options(directory));
    expect(file.sizeBytes).toBe(8);
    expect(readdirSync(directory)).toEqual([path.basename(file.path)]);
    await file.remove();
    await expect(streamToTemporaryFile(Readable.from([Buffer.from('123456'), Buffer.from('789012')]), options(directory))).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Too large',
    });
    expect(readdirSync(directory)).toEqual([]);
  });

  it('leaves no file behind a refused upload, however early it fails', async () => {
    // A write stream that opened its file itself could still be opening when the size check failed, and created the
    // file after it was removed (about 400 of 500 tries left one).
    const directory = path.join(folder, 'refused');
    for (let attempt = 0; attempt < 100; attempt++) {
      await expect(streamToTemporaryFile(Readable.from([Buffer.from('123456'), Buffer.from('789012')]), options(directory))).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(readdirSync(directory)).toEqual([]);
    }
  });
});
