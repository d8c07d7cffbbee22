import { defineConfig } from 'vitest/config';

// One run covers every workspace: shared unit tests, server unit + API integration, web component tests.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, which ran the audio, shared and
    // web files one after another. Two keep both cores busy (the server project sets its own).
    maxWorkers: 2,
    projects: [
      'packages/shared',
      'packages/audio',
      'apps/server',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
