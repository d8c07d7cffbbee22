import type { Language } from '@sound-studio/shared';
import { readStoredAuth } from '../lib/auth-storage.ts';
import { whenIdle } from '../lib/idle.ts';
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

let frameLayer: HTMLElement | null = null;
let frameCover: HTMLElement | null = null;

/**
 * Marks #root while the frame covers it. The app draws there unseen, and the frame page's style pauses its loading
 * animations (`prerender.ts`): the browser then paints no frames for a spinner nobody sees.
 */
const BENEATH_FRAME = 'data-beneath-frame';

export function keepPrerenderedPage(container: HTMLElement, language: Language): KeptPrerenderedPage {
  const signedIn = readStoredAuth() !== null;
  const layer = document.querySelector<HTMLElement>('[data-prerendered-layer]');
  if (layer) {
    if (signedIn && layer.firstElementChild?.getAttribute('data-prerendered') === language) {
      frameLayer = layer;
      frameCover = container;
      container.setAttribute(BENEATH_FRAME, '');
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
 * Hides the studio frame drawn at build time, if it is still there: when the app has drawn its page (in the same
 * commit, so nothing flashes between them), or when it will draw another (signed out, offline). Its nodes leave the
 * document afterwards, while the browser is idle (`removeWhenIdle`).
 */
export function releasePrerenderedFrame(): void {
  const layer = frameLayer;
  frameLayer = null;
  frameCover?.removeAttribute(BENEATH_FRAME);
  frameCover = null;
  if (!layer) return;
  layer.hidden = true;
  removeWhenIdle(layer);
}

/** Time one idle slice may spend removing nodes. */
const REMOVAL_SLICE_MS = 4;

/**
 * Takes a hidden element out of the document a few nodes at a time, each slice in an idle period. Removing the
 * frame's ~500 nodes at once takes 1-5 ms in a browser, but 100-300 ms with DevTools' style invalidation tracking on
 * (as in a Lighthouse run), in the task that shows the app's page.
 */
function removeWhenIdle(element: Element): void {
  const slice = () => {
    const started = performance.now();
    while (element.lastChild) {
      let leaf: ChildNode = element.lastChild;
      while (leaf.lastChild) leaf = leaf.lastChild;
      leaf.remove();
      if (performance.now() - started > REMOVAL_SLICE_MS) {
        whenIdle(slice);
        return;
      }
    }
    element.remove();
  };
  whenIdle(slice);
}
