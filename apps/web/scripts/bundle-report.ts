import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The budget (issue 22) for the JavaScript a first visit to /login downloads, the page's own lazy chunks included. */
const INITIAL_JS_BUDGET_GZIP_BYTES = 130 * 1024;

interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

interface EmittedFile {
  type: 'chunk' | 'asset';
  fileName: string;
  code?: string;
  source?: string | Uint8Array;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
  moduleIds?: string[];
}

function measure(file: string, content: string | Uint8Array): FileSize {
  const buffer = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  return { file, bytes: buffer.length, gzipBytes: gzipSync(buffer, { level: 9 }).length };
}

function sum(files: FileSize[]) {
  return {
    bytes: files.reduce((total, file) => total + file.bytes, 0),
    gzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0),
  };
}

/**
 * The entry chunk plus everything it imports statically, plus the chunks holding the modules the page loads at boot
 * (its lazy route and its language's texts) with their static imports: what the browser loads to draw /login.
 */
function initialChunks(bundle: Record<string, EmittedFile>, bootModules: readonly string[]): EmittedFile[] {
  const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
  if (!entry) return [];
  const bootChunks = Object.values(bundle).filter(
    (file) => file.type === 'chunk' && (file.moduleIds ?? []).some((id) => bootModules.some((module) => id.endsWith(module))),
  );
  const seen = new Map<string, EmittedFile>();
  const visit = (file: EmittedFile) => {
    if (seen.has(file.fileName)) return;
    seen.set(file.fileName, file);
    for (const name of file.imports ?? []) {
      const imported = bundle[name];
      if (imported) visit(imported);
    }
  };
  visit(entry);
  bootChunks.forEach(visit);
  return [...seen.values()];
}

/** Writes dist/bundle-report.json: the gzipped JavaScript (entry, imports, boot chunks) and CSS of the entry page. */
export function bundleReport({ entryPage, bootModules }: { entryPage: string; bootModules: readonly string[] }): Plugin {
  let outDir = 'dist';
  return {
    name: 'sound-studio-bundle-report',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, rawBundle) {
      const bundle = rawBundle as unknown as Record<string, EmittedFile>;
      const chunks = initialChunks(bundle, bootModules);
      const js = chunks.map((chunk) => measure(chunk.fileName, chunk.code ?? ''));
      const cssNames = new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
      const css = [...cssNames].flatMap((name) => {
        const asset = bundle[name];
        return asset?.source ? [measure(name, asset.source)] : [];
      });
      const jsTotal = sum(js);
      const lazyChunks = Object.values(bundle).filter((file) => file.type === 'chunk' && !chunks.includes(file));
      const report = {
        page: entryPage,
        bootModules,
        generatedAt: new Date().toISOString(),
        initialJs: { ...jsTotal, files: js },
        initialCss: { ...sum(css), files: css },
        budgetGzipBytes: INITIAL_JS_BUDGET_GZIP_BYTES,
        withinBudget: jsTotal.gzipBytes <= INITIAL_JS_BUDGET_GZIP_BYTES,
        lazyChunkCount: lazyChunks.length,
        lazyJsGzipBytes: sum(lazyChunks.map((chunk) => measure(chunk.fileName, chunk.code ?? ''))).gzipBytes,
      };
      writeFileSync(join(outDir, 'bundle-report.json'), `${JSON.stringify(report, null, 2)}\n`);
      const kb = (jsTotal.gzipBytes / 1024).toFixed(1);
      this.info(`initial JS for ${entryPage}: ${kb} KB gzipped (budget ${INITIAL_JS_BUDGET_GZIP_BYTES / 1024} KB)`);
    },
  };
}
