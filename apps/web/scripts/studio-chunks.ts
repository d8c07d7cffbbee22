import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Fewer, larger chunks. Left to itself the bundler makes one chunk per set of lazy pages that share a module: about
 * 120 scripts in all, 90 of them for /text-to-speech, most under 2 KB. Over HTTP/1.1 a browser fetches six at a time
 * from one server, so on a slow link a page waits on round trips, not bytes. Two groups (what the entry imports
 * statically keeps the bundler's own chunks: a group of it would also take every module a lazy page uses that the
 * entry reaches through an index file, such as lucide's icons and zod, which /login must not load):
 * - `sign-in`: what the sign-in form adds at boot (its fields, buttons, form hook), one chunk beside the entry;
 * - `studio`: every other module two or more chunks share (the studio's components and libraries).
 * Each lazy page keeps the modules only it uses, and each language's texts stay alone. Lucide's icons are the exception
 * to the first rule: the entry reaches all of them through lucide's index, but uses a few; the others go with the
 * studio's modules, as the bundler's own chunks would otherwise hold one icon each.
 */
export function studioChunks({ bootModules }: { bootModules: readonly string[] }) {
  const entryModules = new Set<string>();
  const bootOnlyModules = new Set<string>();
  const bootIcons = new Set<string>();
  let root = '';

  /** Every module reached from `starts` by static imports, skipping those in `known`. */
  function staticallyReached(context: Rollup.PluginContext, starts: readonly string[], known: ReadonlySet<string>): Set<string> {
    const reached = new Set<string>();
    const pending = [...starts];
    while (pending.length > 0) {
      const id = pending.pop();
      if (id === undefined || reached.has(id) || known.has(id)) continue;
      reached.add(id);
      pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
    }
    return reached;
  }

  const plugin: Plugin = {
    name: 'sound-studio-studio-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // The module graph is complete here, before chunks are made.
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry === true);
      for (const id of staticallyReached(this, entries, new Set())) entryModules.add(id);
      const boot = ids.filter((id) => bootModules.some((module) => id === resolve(root, module)));
      for (const id of staticallyReached(this, boot, entryModules)) bootOnlyModules.add(id);
      const lucideIndex = ids.find((id) => LUCIDE_INDEX.test(id));
      if (lucideIndex) {
        const ourFirstPageFiles = [...entryModules, ...bootOnlyModules].filter((id) => /\.tsx?$/.test(id) && !id.includes('node_modules'));
        for (const icon of iconsImportedBy(ourFirstPageFiles, lucideIndex)) bootIcons.add(icon);
      }
    },
  };

  const isMovableIcon = (id: string) => LUCIDE_ICON.test(id) && !bootIcons.has(id);
  const isLocale = (id: string) => /[\\/]locales[\\/]/.test(id);
  // Until the graph is known (the dev server never asks) no module matches. A captured module's imports are not
  // pulled in after it (the default), or the first page's would follow the studio's into its chunk.
  const groups = [
    { name: 'sign-in', test: (id: string) => bootOnlyModules.has(id) && !isLocale(id), includeDependenciesRecursively: false },
    {
      name: 'studio',
      test: (id: string) =>
        entryModules.size > 0 && (!entryModules.has(id) || isMovableIcon(id)) && !bootOnlyModules.has(id) && !isLocale(id),
      minShareCount: 2,
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
}

const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;
const LUCIDE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g;

/** The icon files (module ids) behind the names these source files import from lucide's index. */
function iconsImportedBy(files: readonly string[], lucideIndex: string): Set<string> {
  const fileByName = new Map<string, string>();
  for (const [, names = '', file = ''] of readFileSync(lucideIndex, 'utf8').matchAll(LUCIDE_EXPORT)) {
    for (const name of names.split(',')) fileByName.set(name.trim().replace(/^default as /, ''), resolve(dirname(lucideIndex), file));
  }
  const icons = new Set<string>();
  for (const file of files) {
    for (const [, names = ''] of readFileSync(file, 'utf8').matchAll(LUCIDE_IMPORT)) {
      for (const name of names.split(',')) {
        const icon = fileByName.get(name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '');
        if (icon) icons.add(icon);
      }
    }
  }
  return icons;
}
