/**
 * Runs `run` when the browser is next idle (within `timeoutMs` at the latest, when given); where the browser has no
 * idle callbacks, in a task of its own.
 */
export function whenIdle(run: () => void, timeoutMs?: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  else setTimeout(run, 1);
}
