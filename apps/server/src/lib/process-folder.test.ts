import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processScratchFolder } from './process-folder.ts';

const HOUR_MS = 60 * 60_000;
const HOST = hostname().replace(/[^\w.-]/g, '_');
let root: string | null = null;

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = null;
});

async function parentFolder(): Promise<string> {
  root = await mkdtemp(path.join(tmpdir(), 'sound-studio-process-folder-test-'));
  return path.join(root, 'uploads');
}

/** A pid no process holds now: a child that has already exited. */
function pidOfAnEndedProcess(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

async function leave(folder: string, file: string, ageMs = 0): Promise<string> {
  await mkdir(folder, { recursive: true });
  const target = path.join(folder, file);
  await writeFile(target, 'left behind');
  const when = new Date(Date.now() - ageMs);
  await utimes(target, when, when);
  return target;
}

describe('a process scratch folder', () => {
  it('is made for this process inside the parent, and the same one is returned on the next call', async () => {
    const parent = await parentFolder();
    const own = await processScratchFolder(parent, HOUR_MS);
    expect(path.dirname(own)).toBe(parent);
    expect(path.basename(own)).toMatch(new RegExp(`^proc-${process.pid}-[0-9a-f]{8}-`));
    await leave(own, 'upload-in-flight');
    expect(await processScratchFolder(parent, HOUR_MS)).toBe(own);
    expect(await readdir(own)).toEqual(['upload-in-flight']);
  });

  it('sweeps a parent once per start, however many features ask for their folder there', async () => {
    const parent = await parentFolder();
    await processScratchFolder(parent, HOUR_MS);
    const killedSince = path.join(parent, `proc-${pidOfAnEndedProcess()}-0123abcd-${HOST}`);
    await leave(killedSince, 'isolate-just-now');
    await processScratchFolder(parent, HOUR_MS);
    expect(existsSync(killedSince)).toBe(true);
  });

  it('removes, however recent, what a killed process of this host left, and what an earlier start with our pid left', async () => {
    const parent = await parentFolder();
    const killed = path.join(parent, `proc-${pidOfAnEndedProcess()}-0123abcd-${HOST}`);
    const earlierStart = path.join(parent, `proc-${process.pid}-89abcdef-${HOST}`);
    await leave(killed, 'isolate-just-now');
    await leave(earlierStart, 'upload-just-now');
    await processScratchFolder(parent, HOUR_MS);
    expect(existsSync(killed)).toBe(false);
    expect(existsSync(earlierStart)).toBe(false);
  });

  it('keeps the folder of a process that still runs, and another host\'s recent files', async () => {
    const parent = await parentFolder();
    const running = path.join(parent, `proc-${process.ppid}-0123abcd-${HOST}`);
    const otherHost = path.join(parent, `proc-${pidOfAnEndedProcess()}-0123abcd-another-machine.example`);
    const inFlight = await leave(running, 'upload-in-flight', 2 * HOUR_MS);
    const recent = await leave(otherHost, 'upload-recent');
    const old = await leave(otherHost, 'upload-old', 2 * HOUR_MS);
    await processScratchFolder(parent, HOUR_MS);
    expect(existsSync(inFlight)).toBe(true);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(otherHost)).toBe(true);
  });

  it('removes loose files (from before folders per process) only once they are old', async () => {
    const parent = await parentFolder();
    const old = await leave(parent, 'upload-old', 2 * HOUR_MS);
    const recent = await leave(parent, 'upload-recent');
    await processScratchFolder(parent, HOUR_MS);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});
