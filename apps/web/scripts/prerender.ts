import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

/**
 * Where the server looks for the pages built ahead of time: `prerendered/login.<language>.html` and
 * `prerendered/text-to-speech.<language>.html`.
 */
export const PRERENDERED_DIR = 'prerendered';
const LANGUAGES = ['en', 'tr'] as const;
type Drawn = Promise<{ html: string; title: string }>;

interface PrerenderModule {
  renderLoginPage(language: (typeof LANGUAGES)[number]): Drawn;
  renderTextToSpeechFrame(language: (typeof LANGUAGES)[number]): Drawn;
}

function isPrerenderModule(value: unknown): value is PrerenderModule {
  if (typeof value !== 'object' || value === null) return false;
  return ['renderLoginPage', 'renderTextToSpeechFrame'].every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}

/**
 * The built index.html with the page drawn into #root, marked with its language (the app drops it at once for a
 * visitor who needs another page or language, and otherwise takes over what was typed into it). Without the app a
 * form would send itself by GET, the password in the address: its submit buttons are disabled, and its fields carry
 * their names as `data-field`, so even a submission would send nothing. Its other controls (the language and theme
 * switches, the checkboxes, showing the password) act only through the app: they are disabled too, so a click before
 * the app has loaded is refused in sight rather than lost.
 */
export function withPrerenderedRoot(indexHtml: string, pageHtml: string, language: string, title: string): string {
  const marked = pageHtml
    .replace(/^<(\w+)/, `<$1 data-prerendered="${language}"`)
    .replaceAll('<button type="submit"', '<button type="submit" disabled=""')
    .replaceAll('<button type="button"', '<button type="button" disabled=""')
    .replaceAll('<input type="checkbox"', '<input type="checkbox" disabled=""')
    .replaceAll(' name="', ' data-field="');
  if (/<form[^>]*>/.test(marked) && !marked.includes('<button type="submit" disabled=""')) {
    throw new Error('prerender: a form was drawn without the submit button this step disables');
  }
  return inLanguage(indexHtml.replace('<div id="root"></div>', `<div id="root">${marked}</div>`), language, title);
}

/** The page's language and title, set on a copy of index.html. */
function inLanguage(html: string, language: string, title: string): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
}

/**
 * The frame page's own style: the frame shows only in a browser with a session; it is a still picture (its loading
 * placeholders do not pulse); and while it covers #root (`data-beneath-frame`, set by the app), the app's loading
 * animations there are paused. A running animation makes the browser paint every frame, on the cores the app loads on.
 */
const FRAME_STYLE =
  '<style>html:not([data-session]) [data-prerendered-layer]{display:none}[data-prerendered-layer] *{animation:none}' +
  '[data-beneath-frame] .animate-spin,[data-beneath-frame] .animate-pulse{animation-play-state:paused}</style>';

/**
 * The built index.html with the studio's text-to-speech frame drawn on a layer over the (empty) #root, which the app
 * renders into beneath it; the app removes the layer once its own page is drawn (`prerendered-page.ts`), so the frame
 * is never moved or restyled. The frame is a picture of the page while the app loads: `inert` and hidden from assistive
 * technology, its fields read-only, and without test ids, which belong to the app's own page (its ids come first in
 * the document). It shows only in a browser that holds a session, which the theme boot script marks on <html> before
 * the first paint (`theme-boot.ts`): a signed-out visitor, whom the app sends to the sign-in page, never sees it.
 */
export function withPrerenderedFrame(indexHtml: string, frameHtml: string, language: string, page: string, title: string): string {
  if (!frameHtml.startsWith('<div>')) throw new Error('prerender: a frame must be drawn inside one <div>');
  const frame = frameHtml
    .replaceAll(/ data-testid="[^"]*"/g, '')
    .replaceAll(/<(textarea|input)\b/g, '<$1 readonly=""')
    .replace(/^<div>/, `<div data-prerendered="${language}" data-prerendered-page="${page}" inert="" aria-hidden="true">`);
  const layer = `<div data-prerendered-layer="" style="position:fixed;inset:0;z-index:100;overflow:hidden;background:var(--background)">${frame}</div>`;
  const html = indexHtml.replace('</head>', `${FRAME_STYLE}</head>`).replace('<div id="root"></div>', `<div id="root"></div>${layer}`);
  return inLanguage(html, language, title);
}

/**
 * After the build, draws the sign-in page and the studio's text-to-speech frame in each language with React on Node
 * (Vite loads the app's modules for server rendering) and writes each into a copy of index.html. Runs before the
 * precompression plugin, which compresses these pages too.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'sound-studio-prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
        });
        try {
          const loaded: unknown = await server.ssrLoadModule('/src/app/prerender.tsx');
          if (!isPrerenderModule(loaded)) throw new Error('src/app/prerender.tsx must export renderLoginPage and renderTextToSpeechFrame');
          const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
          await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
          for (const language of LANGUAGES) {
            const { html, title } = await loaded.renderLoginPage(language);
            await writeFile(join(outDir, PRERENDERED_DIR, `login.${language}.html`), withPrerenderedRoot(indexHtml, html, language, title));
          }
          for (const language of LANGUAGES) {
            const { html, title } = await loaded.renderTextToSpeechFrame(language);
            const page = withPrerenderedFrame(indexHtml, html, language, 'text-to-speech', title);
            await writeFile(join(outDir, PRERENDERED_DIR, `text-to-speech.${language}.html`), page);
          }
          this.info(`prerendered the sign-in page and the text-to-speech frame in ${LANGUAGES.join(' and ')}`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
