import type { TestProjectInlineConfiguration } from 'vitest/config';

/** Files that mock modules (vi.mock) need a module registry of their own: they run in the `server-isolated` project. */
export const ISOLATED_SERVER_TESTS = ['src/worker-bootstrap.test.ts'];

/** What both server projects share. */
export const serverTestOptions = {
  environment: 'node',
  // Each API test file opens its own database (PGlite: ~0.5 s from a template and a few hundred MB; PostgreSQL: a
  // fresh database). Two files at a time keeps both cores busy without piling up PGlite instances.
  maxWorkers: 2,
  // Vitest runs projects with different worker counts in separate groups: the server's come after the others.
  sequence: { groupOrder: 1 },
  // Limits catch hangs, not slowness: speed is measured by `npm run bench`, and a loaded 2-core CI machine is slow.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['test/fast-passwords.ts'],
} satisfies TestProjectInlineConfiguration['test'];
