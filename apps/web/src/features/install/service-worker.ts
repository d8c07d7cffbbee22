import { onceFirstPageSettled } from './after-first-page.ts';

/**
 * Registers the service worker (built by vite-plugin-pwa) once the first page is drawn and has settled. Its install
 * precaches the whole app, about 200 files. Registered at `load`, as the plugin's own script does, it fetched and stored
 * them while the studio was still loading and drawing its page: on a phone that is bandwidth and CPU the page needed
 * (Lighthouse's mobile run on /text-to-speech: blocking-time median 2,264 -> 1,511 ms, 4 interleaved runs).
 */
export function registerServiceWorkerAfterFirstPage(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  onceFirstPageSettled(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}
