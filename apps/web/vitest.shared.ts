import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Files that replace modules (vi.mock) need a module registry of their own: they run in the `web-isolated` project.
 * The others share a test worker's modules (see `isolate` below).
 */
export const MOCKING_WEB_TESTS = [
  'src/app/home/HomePage.test.tsx',
  'src/features/music/components/MusicPage.test.tsx',
  'src/features/music/components/FeaturedTab.test.tsx',
  'src/features/voice-isolator/components/VoiceIsolatorPage.test.tsx',
  'src/features/voice-clone/components/VoiceClonePage.test.tsx',
];

/** The web project's Vitest config; `isolated` gives the files that mock modules a registry each. */
export function webTestConfig({ isolated }: { isolated: boolean }) {
  const files = ['src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.ts', 'scripts/**/*.test.ts'];
  return defineConfig({
    // The components as the build ships them: memoized by React Compiler (vite.config.ts).
    plugins: [react(), babel({ presets: [reactCompilerPreset()] })],
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'happy-dom',
      include: isolated ? MOCKING_WEB_TESTS : files,
      exclude: isolated ? [] : MOCKING_WEB_TESTS,
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // Globals a test replaces (fetch, MediaSource, URL) are put back before the next test, in any file.
      unstubGlobals: true,
      // Outside `web-isolated`, a test worker keeps its modules and its happy-dom window from one file to the next:
      // React, Radix and the pages load once per worker instead of once per file (half the project's CPU time). Every
      // test cleans up after itself (setup.ts: unmount, storage cleared) and the files pass in shuffled orders
      // (--sequence.shuffle).
      isolate: isolated,
      // Component tests render whole pages; on a loaded 2-core machine some take seconds, which is not a failure.
      testTimeout: 30_000,
    },
  });
}
