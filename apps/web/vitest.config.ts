import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A test worker keeps its modules and its happy-dom window from one file to the next: React, Radix and the pages
    // load once per worker instead of once per file (half the project's CPU time). Every test cleans up after itself
    // (setup.ts: unmount, storage cleared); the files pass in shuffled orders (--sequence.shuffle).
    isolate: false,
    // Component tests render whole pages; on a loaded 2-core machine some take seconds, which is not a failure.
    testTimeout: 30_000,
  },
});
