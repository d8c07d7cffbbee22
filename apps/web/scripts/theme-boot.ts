import type { Plugin } from 'vite';
// Relative on purpose: Vite bundles relative imports of its config, while the workspace package (raw .ts) would be
// left to Node, which cannot load it.
import { STORAGE_KEYS } from '../../../packages/shared/src/constants.ts';

/**
 * Puts a tiny inline script in <head> that applies the stored theme before the first paint, so a dark-theme user
 * never sees a white flash while the app's JavaScript loads. The app applies the same rule again once it runs. It also
 * marks a browser that holds a session (`data-session` on <html>): the studio frame drawn at build time shows only
 * there (`prerender.ts`), so a signed-out visitor never sees it on the way to the sign-in page.
 *
 * It makes no `Intl` object: the first of a page loads the browser's locale data (50-130 ms in Chromium on this
 * project's machines), and the app draws its first pages without one (`lib/number-format.ts`).
 */
export function themeBootScript(): Plugin {
  const script = themeBootSource();
  return {
    name: 'sound-studio-theme-boot',
    transformIndexHtml() {
      return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
    },
  };
}

/** The inline script's source. */
export function themeBootSource(): string {
  const key = JSON.stringify(STORAGE_KEYS.theme);
  const session = JSON.stringify(STORAGE_KEYS.accessToken);
  return (
    `try{var t=localStorage.getItem(${key});var d=t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light';` +
    `if(localStorage.getItem(${session})||sessionStorage.getItem(${session}))r.setAttribute('data-session','')}catch(e){}`
  );
}
