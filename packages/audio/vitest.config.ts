import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'audio',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Engine tests start eSpeak worker threads (about a second each to warm up on two cores).
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
