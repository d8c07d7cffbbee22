import { onceFirstPageSettled } from './after-first-page.ts';

/** Where vite-plugin-pwa writes the web app manifest; the build takes its link out of the HTML (scripts/manifest-link.ts). */
export const MANIFEST_HREF = '/manifest.webmanifest';

/**
 * Links the web app manifest once the first page is drawn and has settled, not from the HTML. With the link in the page,
 * Chromium fetched the manifest and its icon and checked installability while the page loaded, and then animated its
 * own install button for about a second: the browser's main thread and compositor took CPU the loading page needed
 * (Lighthouse's mobile run on /text-to-speech on this 2-core machine: the browser's main thread 340 -> 180-200 ms of CPU
 * in the load's first 1.5 s, screenshots of the page 42-50 -> 17-21). The install offer (`beforeinstallprompt`) comes
 * once the link is there. A page that already links a manifest (the dev server's) keeps it.
 */
export function linkManifestAfterFirstPage(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  onceFirstPageSettled(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_HREF;
    document.head.append(link);
  });
}
