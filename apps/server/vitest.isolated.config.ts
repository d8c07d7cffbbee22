import { defineProject } from 'vitest/config';
import { ISOLATED_SERVER_TESTS, serverTestOptions } from './vitest.shared.ts';

/** The server files that mock modules (vi.mock), each with a module registry of its own. */
export default defineProject({
  test: { ...serverTestOptions, name: 'server-isolated', include: ISOLATED_SERVER_TESTS, isolate: true },
});
