import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../test/harness.ts';
import { DataFolderLockedError, lockDataFolder } from './data-folder-lock.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function dbFolder(): string {
  const { folder, remove } = temporaryFolder('sound-studio-lock-');
  cleanups.push(remove);
  return path.join(folder, 'db');
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('lockDataFolder', () => {
  it('writes our pid next to the folder and removes it on release', () => {
    const folder = dbFolder();
    const release = lockDataFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses a second owner with a clear message', () => {
    const folder = dbFolder();
    const release = lockDataFolder(folder);
    cleanups.push(release);
    expect(() => lockDataFolder(folder)).toThrow(DataFolderLockedError);
    expect(() => lockDataFolder(folder)).toThrow(
      `Another Sound Studio server (pid ${process.pid}) is using ${folder}. Stop it or set DATA_DIR to another folder.`,
    );
  });

  it('refuses while another live process holds the lock', () => {
    const folder = dbFolder();
    writeFileSync(`${folder}.lock`, `${process.ppid}\n`);
    expect(() => lockDataFolder(folder)).toThrow(`(pid ${process.ppid})`);
  });

  it('takes over the lock of a process that is gone', () => {
    const folder = dbFolder();
    writeFileSync(`${folder}.lock`, `${deadPid()}\n`);
    const release = lockDataFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('takes over a lock with our own pid that this process does not hold (a restarted container)', () => {
    const folder = dbFolder();
    writeFileSync(`${folder}.lock`, `${process.pid}\n`);
    lockDataFolder(folder)();
  });
});
