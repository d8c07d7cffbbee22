/**
 * The script a worker thread runs. From source (tests, `npm run dev`) it is the `.mjs` entry beside the module, which
 * registers tsx for its thread; compiled (`npm start` runs apps/server/dist) the worker is plain JavaScript,
 * `<compiledName>.js` beside the bundle's files, so no thread loads TypeScript.
 */
export function workerScript(moduleUrl: string, sourceEntry: string, compiledName: string): URL {
  // A module a tsx-registered thread loaded carries a query (`?tsx-namespace=…`) after its name.
  return new URL(moduleUrl).pathname.endsWith('.ts') ? new URL(sourceEntry, moduleUrl) : new URL(`./${compiledName}.js`, moduleUrl);
}
