import { describe, expect, it } from 'vitest';
import { MANIFEST_HREF } from '../src/features/install/manifest-link.ts';
import { withoutManifestLink } from './manifest-link.ts';

const html = (links: string) => `<!doctype html>
<html lang="en">
  <head>
    <title>Sound Studio</title>
    ${links}<link rel="stylesheet" href="/assets/index.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the manifest link taken out of index.html', () => {
  it('removes the link the PWA plugin writes and leaves the rest', () => {
    const out = withoutManifestLink(html(`<link rel="manifest" href="${MANIFEST_HREF}">\n    `));
    expect(out).not.toContain('rel="manifest"');
    expect(out).toBe(html(''));
  });

  it('fails the build when the link is missing or points elsewhere than the app will link', () => {
    expect(() => withoutManifestLink(html(''))).toThrow(/should link \/manifest\.webmanifest once/);
    expect(() => withoutManifestLink(html('<link rel="manifest" href="/app.webmanifest">'))).toThrow(/"\/app\.webmanifest"/);
  });
});
