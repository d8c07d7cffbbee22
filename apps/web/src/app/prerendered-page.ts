import type { Language } from '@sound-studio/shared';
import { readStoredAuth } from '../lib/auth-storage.ts';
import { holdPrerenderedPage } from '../lib/prerendered-input.ts';

/**
 * The sign-in page drawn at build time (served for /login and /tr/login on a first visit) suits a visitor who is signed
 * out and reads its language. Otherwise it goes at once, before the app starts: a signed-in visitor is sent on, and a
 * reader of the other language gets the page in theirs. Returns whether it stays until the app draws its own (which
 * then takes over what was typed into it: `takePrerenderedInput`).
 */
export function keepPrerenderedPage(container: HTMLElement, language: Language): boolean {
  const page = container.firstElementChild;
  if (!page?.hasAttribute('data-prerendered')) return false;
  if (page.getAttribute('data-prerendered') === language && !readStoredAuth()) {
    holdPrerenderedPage(page);
    return true;
  }
  container.replaceChildren();
  return false;
}
