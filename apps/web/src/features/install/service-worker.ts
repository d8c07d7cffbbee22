import { afterFirstPageDrawn } from '../../lib/first-page.ts';
import { whenIdle } from '../../lib/idle.ts';

/** Quiet time after the first page before the install starts: its data and late chunks are still arriving then. */
const SETTLE_MS = 5_000;
/** Registers anyway this long after `load`, should no page ever be drawn (a chunk that fails to load). */
const FALLBACK_MS = 30_000;

/**
 * Registers the service worker (built by vite-plugin-pwa) once the first page is drawn and has settled. Its install
 * precaches the whole app, about 200 files. Registered at `load`, as the plugin's own script does, it fetched and stored
 * them while the studio was still loading and drawing its page: on a phone that is bandwidth and CPU the page needed
 * (Lighthouse's mobile run on /text-to-speech: blocking-time median 2,264 -> 1,511 ms, 4 interleaved runs).
 */
export function registerServiceWorkerAfterFirstPage(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  let started = false;
  const register = () => {
    if (started) return;
    started = true;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  afterFirstPageDrawn(() => setTimeout(() => whenIdle(register, SETTLE_MS), SETTLE_MS));
  const fallback = () => setTimeout(register, FALLBACK_MS);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
}
