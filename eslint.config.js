import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import featureBoundaries from './apps/web/eslint-rules/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'test-results/**', 'playwright-report/**', 'artifacts/**', '**/migrations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Every expectation runs: none behind an if, a ternary, a && or a catch (narrow types with a throwing guard).
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/*-contract.ts', '**/test/**/*.ts', '**/test-support/**/*.ts', 'packages/audio/src/testing/**/*.ts', 'apps/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...['IfStatement', 'ConditionalExpression', 'LogicalExpression', 'CatchClause', 'SwitchCase'].map((node) => ({
        selector: `${node} CallExpression[callee.name='expect']`,
        message: `No conditional expectations (expect inside ${node}): assert unconditionally.`,
      }))],
    },
  },
  {
    // Server SQL lives in repositories (features/<name>/repository.ts, lib/*-repository.ts, jobs/job-store.ts, which is
    // the jobs table's repository): services decide transactions and pass the handle in, but build no queries.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*repository.ts', 'apps/server/src/db/**', 'apps/server/src/jobs/job-store.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'drizzle-orm', message: 'Queries and sql templates belong in a repository module (repository.ts, *-repository.ts).' }],
        patterns: [{ group: ['drizzle-orm/*'], message: 'Queries belong in a repository module (repository.ts, *-repository.ts).' }],
      }],
      'no-restricted-syntax': ['error', ...[
        ['from', '/^select(Distinct)?$/'],
        ['values', "'insert'"],
        ['set', "'update'"],
        ['where', "'delete'"],
      ].map(([step, start]) => ({
        selector: `CallExpression[callee.property.name='${step}'][callee.object.callee.property.name=${start}]`,
        message: 'Query builder calls belong in a repository module (repository.ts, *-repository.ts).',
      }))],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Web layers, one way: shared code (lib/, components/, locales/) -> features/<name>/ -> app/. A feature's public face
    // is its index.ts (music adds public.ts, a light entry for pages without sign-in); nothing imports its inner files.
    // Features do not use each other, except the cross-cutting ones listed here, which every feature may use through
    // their index.ts: this list is the one place that says what is shared. Pages that combine features (home) live in app/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'web/feature-boundaries': ['error', {
        root: fileURLToPath(new URL('./apps/web/src', import.meta.url)),
        crossCuttingFeatures: ['auth', 'billing', 'credits', 'language', 'legal', 'player', 'preferences', 'theme', 'voices'],
        entries: ['index.ts', 'public.ts'],
      }],
    },
  },
);
