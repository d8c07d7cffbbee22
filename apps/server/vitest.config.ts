import { defineProject } from 'vitest/config';
import { ISOLATED_SERVER_TESTS, serverTestOptions } from './vitest.shared.ts';

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    // test/: the test support's own checks (the Stripe fake against its documented fixtures).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ISOLATED_SERVER_TESTS,
    // A test worker keeps its modules from one file to the next: the server's module graph (Fastify, drizzle, the
    // audio package, PGlite's WebAssembly) loads once per worker instead of once per file, which about halves the CPU
    // time of the server suite. Every file builds its own app and database and no module keeps state between files;
    // the files that mock modules run in vitest.isolated.config.ts.
    isolate: false,
  },
});
