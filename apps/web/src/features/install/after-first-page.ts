import { afterFirstPageDrawn } from '../../lib/first-page.ts';
import { whenIdle } from '../../lib/idle.ts';

/** Quiet time after the first page: its data and late chunks are still arriving then. */
const SETTLE_MS = 5_000;
/** Runs anyway this long after `load`, should no page ever be drawn (a chunk that fails to load). */
const FALLBACK_MS = 30_000;

/**
 * Runs `run` once, for work that makes the app installable rather than showing the page: SETTLE_MS after the first
 * page is drawn, when the browser is next idle, or FALLBACK_MS after `load` should no page ever be drawn.
 */
export function onceFirstPageSettled(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    run();
  };
  afterFirstPageDrawn(() => setTimeout(() => whenIdle(start, SETTLE_MS), SETTLE_MS));
  const fallback = () => setTimeout(start, FALLBACK_MS);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
}
