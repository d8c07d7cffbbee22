import type { Language } from '@sound-studio/shared';
import { readStoredAuth } from '../lib/auth-storage.ts';
import { holdPrerenderedPage } from '../lib/prerendered-input.ts';

/**
 * What a page drawn at build time (`scripts/prerender.ts`) does once the app starts:
 * - `form`: the sign-in page (drawn into #root), kept for a signed-out visitor who reads its language until the app
 *   draws the same form in its place (taking over what was typed: `takePrerenderedInput`);
 * - `frame`: the studio's text-to-speech frame (drawn on a layer over #root), kept for a signed-in visitor who reads
 *   its language while the app renders beneath it, until the app has drawn its own page (`releasePrerenderedFrame`);
 * - null: no page was drawn, or it does not suit this visitor and went at once (a signed-in visitor of the sign-in
 *   page is sent on, a signed-out visitor of the studio to the sign-in page, a reader of the other language gets the
 *   page in theirs).
 */
export type KeptPrerenderedPage = 'form' | 'frame' | null;

let frameLayer: Element | null = null;

export function keepPrerenderedPage(container: HTMLElement, language: Language): KeptPrerenderedPage {
  const signedIn = readStoredAuth() !== null;
  const layer = document.querySelector('[data-prerendered-layer]');
  if (layer) {
    if (signedIn && layer.firstElementChild?.getAttribute('data-prerendered') === language) {
      frameLayer = layer;
      return 'frame';
    }
    layer.remove();
    return null;
  }
  const page = container.firstElementChild;
  if (!page?.hasAttribute('data-prerendered')) return null;
  if (page.getAttribute('data-prerendered') !== language || signedIn) {
    container.replaceChildren();
    return null;
  }
  holdPrerenderedPage(page);
  return 'form';
}

/**
 * Removes the studio frame drawn at build time, if it is still there: when the app has drawn its page (in the same
 * commit, so nothing flashes between them), or when it will draw another (signed out, offline).
 */
export function releasePrerenderedFrame(): void {
  frameLayer?.remove();
  frameLayer = null;
}
