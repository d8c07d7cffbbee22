import { defineConfig } from 'vitest/config';

// One run covers every workspace: shared unit tests, server unit + API integration, web component tests.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/audio', 'apps/server', 'apps/server/vitest.isolated.config.ts', 'apps/web'],
  },
});
