/**
 * Runs `run` when the browser is next idle (within `timeoutMs` at the latest, when given); where the browser has no
 * idle callbacks, in a task of its own.
 */
export function whenIdle(run: () => void, timeoutMs?: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  else setTimeout(run, 1);
}

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a task of its own (`scheduler.yield`, else a zero timeout): what follows no longer lengthens the task
 * that awaits it. A task that runs long holds the page's input and is what a blocking-time audit counts.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
