import type { Plugin } from 'vite';
import { MANIFEST_HREF } from '../src/features/install/manifest-link.ts';

/**
 * Takes the web app manifest's link (written by vite-plugin-pwa) out of index.html, and so out of every page built from
 * it: the app links the manifest itself once its first page has settled (`linkManifestAfterFirstPage`). Fails the build
 * when the link is not where the app will put it, so the two cannot drift apart.
 */
export function manifestLinkFromApp(): Plugin {
  return {
    name: 'sound-studio-manifest-link',
    apply: 'build',
    // vite-plugin-pwa writes the link from a plugin enforced 'post'; this one must come after it.
    enforce: 'post',
    transformIndexHtml: { order: 'post', handler: withoutManifestLink },
  };
}

const MANIFEST_LINK = /<link rel="manifest" href="([^"]*)"[^>]*>\s*/g;

export function withoutManifestLink(html: string): string {
  const hrefs = [...html.matchAll(MANIFEST_LINK)].map((match) => match[1]);
  if (hrefs.length !== 1 || hrefs[0] !== MANIFEST_HREF) {
    throw new Error(`manifest-link: index.html should link ${MANIFEST_HREF} once, it links ${JSON.stringify(hrefs)}`);
  }
  return html.replace(MANIFEST_LINK, '');
}
