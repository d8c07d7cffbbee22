#!/usr/bin/env node
// The one test command (`npm test`): static checks, unit and API integration tests on the embedded database,
// the same server suite on PostgreSQL when TEST_DATABASE_URL is set, then end-to-end tests in Chromium.
// Ends with one "N passed, N failed" line that totals every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const reportDir = join(process.cwd(), '.tmp', 'reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function addVitestCounts(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function addPlaywrightCounts(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

function vitest(name, reportName, args, env) {
  const outputFile = join(reportDir, `${reportName}.json`);
  step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], env);
  addVitestCounts(outputFile);
}

step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npm', ['run', 'lint']);

// Embedded mode: PGlite, in-process queue, local files.
vitest('unit + integration (embedded database)', 'vitest-embedded', [], { TEST_DATABASE_URL: '' });

// PostgreSQL mode: the server suite again, each file on a fresh database of that server.
if (process.env.TEST_DATABASE_URL) {
  vitest('server integration (PostgreSQL)', 'vitest-postgres', ['--project', 'server'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else {
  console.log('\n=== server integration (PostgreSQL): skipped, TEST_DATABASE_URL is not set');
}

const e2eReport = join(reportDir, 'e2e.json');
step('end-to-end (Chromium)', 'node', ['scripts/e2e.mjs'], { E2E_JSON_REPORT: e2eReport });
addPlaywrightCounts(e2eReport);

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
