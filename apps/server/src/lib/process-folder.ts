import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** Which process owns a folder: host, pid and a token for this start (a restarted container can reuse its pid). */
interface FolderOwner {
  pid: number;
  boot: string;
  host: string;
}

const OWN: FolderOwner = { pid: process.pid, boot: randomUUID().slice(0, 8), host: hostname().replace(/[^\w.-]/g, '_') || 'host' };
const OWNER_PATTERN = /^proc-(\d+)-([0-9a-f]{8})-(.+)$/;

function folderName(owner: FolderOwner): string {
  return `proc-${owner.pid}-${owner.boot}-${owner.host}`;
}

function ownerOf(name: string): FolderOwner | null {
  const match = OWNER_PATTERN.exec(name);
  return match ? { pid: Number(match[1]), boot: match[2] as string, host: match[3] as string } : null;
}

/** Whether the process that made a folder on this host is gone: its pid is free, or the pid is ours from an earlier start. */
function isGone(owner: FolderOwner): boolean {
  if (owner.pid === OWN.pid) return owner.boot !== OWN.boot;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the pid runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/** Removes `target` if it is a file last written more than `staleMs` ago. */
async function removeIfStale(target: string, staleMs: number, now: number): Promise<void> {
  const info = await stat(target).catch(() => null);
  if (info?.isFile() && now - info.mtimeMs > staleMs) await rm(target, { force: true });
}

/** Removes the files (not folders) in `directory` last written more than `staleMs` ago. */
async function removeStaleFiles(directory: string, staleMs: number, now: number): Promise<void> {
  for (const name of await readdir(directory).catch(() => [])) await removeIfStale(path.join(directory, name), staleMs, now);
}

/**
 * This process's own scratch folder inside `parent` (created), for files that live only while a request or a job
 * runs. A process killed mid-upload or mid-decode never removes its files, so every start sweeps `parent`:
 * - folders of this host's processes that are gone are removed whole, however recent (a pid check, no guessing),
 *   and those of its running processes are left alone, however old;
 * - folders of other hosts (a DATA_DIR shared over the network) and loose files lose only files older than
 *   `staleMs`: their process may still be reading them, and only age can say it is not.
 */
export async function processScratchFolder(parent: string, staleMs: number, now = Date.now()): Promise<string> {
  await mkdir(parent, { recursive: true });
  // Several features share a parent (the voice lab's uploads, the clone and isolator jobs): one sweep per start.
  let sweep = sweeps.get(parent);
  if (!sweep) {
    sweep = sweepParent(parent, staleMs, now);
    sweeps.set(parent, sweep);
    sweep.catch(() => sweeps.delete(parent));
  }
  await sweep;
  const own = path.join(parent, folderName(OWN));
  await mkdir(own, { recursive: true });
  return own;
}

/** The sweep of each parent this process has started, so a second caller waits for it rather than sweeping again. */
const sweeps = new Map<string, Promise<void>>();

async function sweepParent(parent: string, staleMs: number, now: number): Promise<void> {
  const ownName = folderName(OWN);
  for (const entry of await readdir(parent, { withFileTypes: true })) {
    if (entry.name === ownName) continue;
    const target = path.join(parent, entry.name);
    const owner = entry.isDirectory() ? ownerOf(entry.name) : null;
    if (owner?.host === OWN.host) {
      if (isGone(owner)) await rm(target, { recursive: true, force: true });
    } else if (entry.isDirectory()) await removeStaleFiles(target, staleMs, now);
    else await removeIfStale(target, staleMs, now);
  }
}
