// @ts-check
import path from 'node:path';

/**
 * The web app's layers, checked on every relative import (static, re-export or dynamic) under `root` (apps/web/src):
 *   shared code (lib/, components/, locales/) -> features/<name>/ -> app/ (and main.tsx)
 * - Shared code imports only shared code.
 * - A feature never imports app/ or main.tsx.
 * - A feature imports another feature only if that one is listed as cross-cutting, and only through its entry file.
 * - app/ imports a feature only through its entry files.
 * src/test/ is the test harness: it stands in for providers, so it may reach a feature's internals.
 */

/** @typedef {{ layer: string, feature: string | undefined, inner: string }} Place */

const TOP_LAYERS = new Set(['app', 'main.tsx']);
const HARNESS = 'test';

/**
 * Where a file sits in the layers, or undefined outside `root`.
 * @param {string} root
 * @param {string} file
 * @returns {Place | undefined}
 */
function placeOf(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [layer = '', ...rest] = relative.split(path.sep);
  if (layer !== 'features') return { layer, feature: undefined, inner: rest.join('/') };
  const [feature, ...inner] = rest;
  return { layer, feature, inner: inner.join('/') };
}

/**
 * @typedef {{ crossCuttingFeatures: string[], entries: string[] }} Options
 * @typedef {{ messageId: 'sharedImportsUp' | 'featureImportsApp' | 'notCrossCutting' | 'deepImport', data: Record<string, string> }} Problem
 */

/**
 * @param {Place} from
 * @param {Place} to
 * @param {Options} options
 * @returns {Problem | undefined}
 */
function problemOf(from, to, { crossCuttingFeatures, entries }) {
  if (from.layer === HARNESS || to.layer === HARNESS) return undefined;
  const fromShared = from.layer !== 'features' && !TOP_LAYERS.has(from.layer);
  const toShared = to.layer !== 'features' && !TOP_LAYERS.has(to.layer);
  if (fromShared && !toShared) return { messageId: 'sharedImportsUp', data: { from: from.layer, to: to.layer } };
  if (toShared) return undefined;
  if (from.layer === 'features' && TOP_LAYERS.has(to.layer)) return { messageId: 'featureImportsApp', data: { feature: String(from.feature), to: to.layer } };
  if (to.layer !== 'features' || from.feature === to.feature) return undefined;
  const target = String(to.feature);
  if (from.layer === 'features' && !crossCuttingFeatures.includes(target)) {
    return { messageId: 'notCrossCutting', data: { feature: String(from.feature), target } };
  }
  if (!entries.includes(to.inner)) return { messageId: 'deepImport', data: { target, inner: to.inner, entries: entries.join(' or ') } };
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the web layers one-way: shared -> features -> app, features meeting only through entry files.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          crossCuttingFeatures: { type: 'array', items: { type: 'string' } },
          entries: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
        required: ['root', 'crossCuttingFeatures', 'entries'],
        additionalProperties: false,
      },
    ],
    messages: {
      sharedImportsUp: '{{from}}/ is shared code: it may not import from {{to}} (imports flow shared -> features -> app).',
      featureImportsApp: 'features/{{feature}} may not import from {{to}}: the app composes features, not the other way round.',
      notCrossCutting:
        'features/{{feature}} may not use features/{{target}}: only cross-cutting features are shared. Compose the two in app/, or move what both need into shared code.',
      deepImport: "Import features/{{target}} through its public face ({{entries}}), not its internal file '{{inner}}'.",
    },
  },
  create(context) {
    const { root, ...options } = /** @type {Options & { root: string }} */ (context.options[0]);
    const from = placeOf(root, context.filename);
    if (!from) return {};
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = placeOf(root, path.resolve(path.dirname(context.filename), source.value));
      const problem = to && problemOf(from, to, options);
      if (problem) context.report({ node: source, ...problem });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default featureBoundaries;
