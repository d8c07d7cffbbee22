/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks API), so two tabs never do it at
 * the same time. Browsers without `navigator.locks` (old ones, insecure origins) run it at once: the server's grace
 * window for a just-rotated refresh token then covers two tabs refreshing together.
 */
export function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks: LockManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return locks.request(name, { mode: 'exclusive' }, task);
}
