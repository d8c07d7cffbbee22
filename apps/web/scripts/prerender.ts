import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

/** Where the server looks for the pages built ahead of time: `prerendered/login.<language>.html`. */
export const PRERENDERED_DIR = 'prerendered';
const LANGUAGES = ['en', 'tr'] as const;

interface PrerenderModule {
  renderLoginPage(language: (typeof LANGUAGES)[number]): Promise<{ html: string; title: string }>;
}

function isPrerenderModule(value: unknown): value is PrerenderModule {
  return typeof value === 'object' && value !== null && 'renderLoginPage' in value && typeof value.renderLoginPage === 'function';
}

/**
 * The built index.html with the page drawn into #root, marked with its language (the app drops it at once for a
 * visitor who needs another page or language, and otherwise takes over what was typed into it). Without the app a
 * form would send itself by GET, the password in the address: its submit buttons are disabled, and its fields carry
 * their names as `data-field`, so even a submission would send nothing.
 */
export function withPrerenderedRoot(indexHtml: string, pageHtml: string, language: string, title: string): string {
  const marked = pageHtml
    .replace(/^<(\w+)/, `<$1 data-prerendered="${language}"`)
    .replaceAll('<button type="submit"', '<button type="submit" disabled=""')
    .replaceAll(' name="', ' data-field="');
  if (/<form[^>]*>/.test(marked) && !marked.includes('<button type="submit" disabled=""')) {
    throw new Error('prerender: a form was drawn without the submit button this step disables');
  }
  return indexHtml
    .replace('<div id="root"></div>', `<div id="root">${marked}</div>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
}

/**
 * After the build, draws the sign-in page in each language with React on Node (Vite loads the app's modules for
 * server rendering) and writes it into a copy of index.html. Runs before the precompression plugin, which compresses
 * these pages too.
 */
export function prerenderLoginPage(): Plugin {
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
          if (!isPrerenderModule(loaded)) throw new Error('src/app/prerender.tsx must export renderLoginPage');
          const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
          await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
          for (const language of LANGUAGES) {
            const { html, title } = await loaded.renderLoginPage(language);
            await writeFile(join(outDir, PRERENDERED_DIR, `login.${language}.html`), withPrerenderedRoot(indexHtml, html, language, title));
          }
          this.info(`prerendered the sign-in page in ${LANGUAGES.join(' and ')}`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
