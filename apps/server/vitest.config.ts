import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // test/: the test support's own checks (the Stripe fake against its documented fixtures).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each API test file opens its own database (PGlite: ~0.5 s from a template and a few hundred MB; PostgreSQL: a
    // fresh database). Two files at a time keeps both cores busy without piling up PGlite instances.
    maxWorkers: 2,
    // Vitest runs projects with different worker counts in separate groups: the server's comes after the others.
    sequence: { groupOrder: 1 },
    // Limits catch hangs, not slowness: speed is measured by `npm run bench`, and a loaded 2-core CI machine is slow.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
