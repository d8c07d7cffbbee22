import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Raised when another live process owns the PGlite data folder. */
export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
}

// Folders this process holds, so a second owner inside the same process is refused too, while a lock left by an
// earlier process that happened to have our pid (containers restart as pid 1) is recognised as stale.
const heldByThisProcess = new Set<string>();

/**
 * PGlite has no lock between processes and two owners corrupt the folder. The lock file holds the owner's pid;
 * a lock whose process is gone is taken over. Returns the function that releases the lock.
 */
export function lockDataFolder(folder: string): () => void {
  const lockPath = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldByThisProcess.add(lockPath);
      return () => releaseLock(lockPath);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    const owner = readOwner(lockPath);
    if (owner !== null && isLiveOwner(owner, lockPath)) {
      throw new DataFolderLockedError(
        `Another Sound Studio server (pid ${owner}) is using ${folder}. Stop it or set DATA_DIR to another folder.`,
      );
    }
    rmSync(lockPath, { force: true });
  }
  throw new DataFolderLockedError(`Could not lock ${folder}: another process keeps taking the lock.`);
}

function releaseLock(lockPath: string): void {
  if (!heldByThisProcess.delete(lockPath)) return;
  if (readOwner(lockPath) === process.pid) rmSync(lockPath, { force: true });
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isLiveOwner(pid: number, lockPath: string): boolean {
  if (pid === process.pid) return heldByThisProcess.has(lockPath);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isAlreadyExists(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EEXIST';
}
