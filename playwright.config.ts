import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server. `scripts/e2e.mjs` builds the web app, starts the
 * server on a fresh embedded database and sets E2E_BASE_URL; run it through `npm run test:e2e`. Screenshots are not
 * tests: `npm run screenshots` sets E2E_SCREENSHOTS and runs the screenshot spec, which the test run ignores, and the
 * voice lab spec, whose pictures of the lab's result states are taken only then.
 */
const SCREENSHOT_SPEC = '**/screenshots.spec.ts';
const SCREENSHOT_RUN_SPECS = [SCREENSHOT_SPEC, '**/voice-lab.spec.ts'];
const screenshotRun = Boolean(process.env.E2E_SCREENSHOTS);

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'apps/web/e2e',
  ...(screenshotRun ? { testMatch: SCREENSHOT_RUN_SPECS } : { testIgnore: SCREENSHOT_SPEC }),
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on a second try is a flake, and flakes count as failures.
  retries: 0,
  // Limits catch hangs, not slowness: a page reload that signs in again and loads 122 voices can take over 10 s on a
  // loaded 2-core machine. Speed is measured by `npm run bench`.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/e2e-report.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    // A failed test keeps its trace (DOM snapshots, network, console) and a screenshot; the trace's screencast is
    // off: encoding frames through every test cost Chromium more CPU than the rest of the tracing together.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The service worker precaches the whole build (over a hundred files) in every new browser context. Only the specs
    // about the installable app and the content policy need it (they allow it with test.use); elsewhere pages load
    // from the network, the same files the worker would have cached.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
