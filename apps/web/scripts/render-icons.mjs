// Renders the PWA's PNG icons from the SVG sources with Debian's Chromium. Run once after changing the logo:
//   node apps/web/scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(join(webRoot, 'public/favicon.svg'), 'utf8');
const maskable = readFileSync(join(webRoot, 'scripts/icon-maskable.svg'), 'utf8');

const targets = [
  // The tab's icon as a PNG: an SVG icon is drawn as a document of its own on the page's main thread, at every load.
  { svg: logo, size: 48, file: 'public/icons/favicon-48.png' },
  { svg: logo, size: 192, file: 'public/icons/icon-192.png' },
  { svg: logo, size: 512, file: 'public/icons/icon-512.png' },
  { svg: maskable, size: 512, file: 'public/icons/icon-maskable-512.png' },
  { svg: maskable, size: 180, file: 'public/apple-touch-icon.png' },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
for (const { svg, size, file } of targets) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.screenshot({ path: join(webRoot, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`wrote ${file}`);
}
await browser.close();
