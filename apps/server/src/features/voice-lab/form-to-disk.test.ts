import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareUploadDir } from './form-to-disk.ts';

const HOUR_MS = 60 * 60_000;
let root: string | null = null;

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = null;
});

describe('the voice-lab upload folder', () => {
  it('is created, and what a killed process left there long ago is removed while recent uploads stay', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sound-studio-upload-dir-test-'));
    const directory = path.join(root, 'uploads', 'voice-lab');
    await prepareUploadDir(directory, HOUR_MS);
    expect(await readdir(directory)).toEqual([]);

    const now = Date.now();
    await writeFile(path.join(directory, 'upload-old'), 'left by a crash');
    await utimes(path.join(directory, 'upload-old'), new Date(now - 2 * HOUR_MS), new Date(now - 2 * HOUR_MS));
    await writeFile(path.join(directory, 'upload-in-flight'), 'another node is still receiving this');
    await prepareUploadDir(directory, HOUR_MS, now);
    expect(await readdir(directory)).toEqual(['upload-in-flight']);
  });
});
