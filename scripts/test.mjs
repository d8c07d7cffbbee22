#!/usr/bin/env node
// The one test command (`npm test`), in two lanes side by side: static checks (typecheck beside lint) then unit and API
// integration tests on the embedded database; and the end-to-end tests in Chromium, then the server files whose SQL or
// concurrency PGlite cannot test, again on PostgreSQL (POSTGRES_SUITE; each file copies a migrated template database,
// all inside a fresh database of this run). Every line of a stage's output is marked with it ([typecheck], [lint],
// [vitest], [e2e], [postgres]). Prints each stage's wall time and the run's, and ends with one "N passed, N failed"
// line that totals every runner.
//
//   --full        `npm run test:full`: also the long checks (SOUND_STUDIO_FULL_TESTS=1 everywhere) and screenshots
//   --full-tier   CI: `npm test` plus the full-tier files of every workspace (*.full.test.ts, SOUND_STUDIO_FULL_TESTS=1)
//   --chaos       CI: also the chaos suite (`npm run test:chaos`: real server processes on PostgreSQL, kill -9, bombs)
//   --cluster     CI: also the cluster test (`npm run test:cluster`: two API nodes and two workers of the compiled
//                 server on PostgreSQL, Redis and S3), after the chaos suite; it always runs when asked for
//   --budget=S    CI: --full-tier runs after `npm test`'s own stages and the chaos suite (which always runs when
//                 asked for) only when its usual length still fits in S seconds since the start; when it does not,
//                 it is skipped with its reason in the table (`.ci/run` gives 30 minutes)
//   --dry-run     print the stages and the database decision without running anything
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const options = new Set(process.argv.slice(2));
const FULL = options.has('--full');
const FULL_TIER = FULL || options.has('--full-tier');
const CHAOS = FULL || options.has('--chaos');
const CLUSTER = FULL || options.has('--cluster');
const DRY_RUN = options.has('--dry-run');
const BUDGET_SECONDS = Number([...options].find((option) => option.startsWith('--budget='))?.slice('--budget='.length) ?? Infinity);
const STARTED_AT = Date.now();
/** How long the optional CI stages usually take on the 2-core machine, for --budget. */
const USUAL_SECONDS = { 'full tier (long checks)': 600, 'chaos suite (PostgreSQL)': 300 };

/** Whether an optional stage still fits in --budget; says so in the table when it does not. */
function fitsBudget(name) {
  const elapsed = (Date.now() - STARTED_AT) / 1000;
  if (elapsed + USUAL_SECONDS[name] <= BUDGET_SECONDS) return true;
  skipStage(name, `does not fit the ${BUDGET_SECONDS} s budget (${elapsed.toFixed(0)} s used, it usually takes ${USUAL_SECONDS[name]} s)`);
  return false;
}
const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false';
/**
 * The server test files `npm test` runs again on PostgreSQL: those whose SQL can behave differently there (row locks,
 * SKIP LOCKED, timestamps, atomic counters, migrations) and the concurrency tests PGlite cannot fail, because it
 * serialises every query. `npm run test:full` runs the whole server suite on PostgreSQL (incl. the music API's
 * PostgreSQL × BullMQ matrix).
 */
export const POSTGRES_SUITE = [
  'apps/server/src/lib/credit-service.test.ts', // "exactly as many concurrent reservations as the balance covers"
  'apps/server/src/features/billing/ledger.property.test.ts', // the ledger's rules under random steps, concurrent webhooks
  'apps/server/src/features/billing/refund-holds.test.ts', // refunds with work on hold (row locks on the holds)
  'apps/server/src/lib/credit-hold-sweeper.test.ts', // hold leases compared in SQL
  'apps/server/src/features/credits/credits.test.ts', // ledger sums by month
  'apps/server/src/features/custom-voices/voice-slots.test.ts', // concurrent voice saves past the plan's slots
  'apps/server/src/features/auth/sessions.test.ts', // concurrent refresh-token rotation
  'apps/server/src/features/api-keys/api-keys.test.ts', // revocation and usage timestamps in SQL
  'apps/server/src/jobs/job-runner.test.ts', // claims held by one run only
  'apps/server/src/jobs/in-process-queue.test.ts', // "two processes" share the jobs table through SKIP LOCKED
  'apps/server/src/jobs/bullmq-queue.test.ts', // the same contract through BullMQ
  'apps/server/src/features/billing/billing.test.ts', // concurrent webhook deliveries and renewals grant once
  'apps/server/src/lib/credit-cycle.test.ts', // oldest-grant-first spending and lapses in SQL
  'apps/server/src/lib/file-store/file-deletions.test.ts', // sweepers on several nodes claim rows through SKIP LOCKED
];

/** Where `npm test` looks for PostgreSQL when TEST_DATABASE_URL is not set (trust auth, as on this machine and CI). */
const POSTGRES_SERVER_URL = process.env.TEST_POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const reportDir = join(process.cwd(), '.tmp', 'reports');
if (!DRY_RUN) {
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** One row per stage, in order: its name, wall time and outcome, for the closing table. */
const stages = [];
const warnings = [];

/** Copies a child's output to ours line by line, each line marked with its stage (for stages that run side by side). */
function pipeLines(stream, prefix) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => process.stdout.write(`${prefix} ${line}\n`));
}

/**
 * Runs one stage's command and records its wall time and outcome. With `prefix` the output is piped and every line
 * marked (stages that run beside another); without it the command has the terminal.
 */
function step(name, command, args, env = {}, { prefix } = {}) {
  console.log(`\n=== ${name}\n$ ${command} ${args.join(' ')}`);
  if (DRY_RUN) {
    stages.push({ name, seconds: 0, outcome: 'dry run' });
    return Promise.resolve(true);
  }
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (prefix) {
      pipeLines(child.stdout, prefix);
      pipeLines(child.stderr, prefix);
    }
    const finish = (status, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = status === 0;
      const outcome = ok ? 'ok' : `FAILED (exit ${status ?? signal})`;
      console.log(`=== ${name}: ${outcome} in ${seconds.toFixed(1)} s`);
      stages.push({ name, seconds, outcome, counted: false });
      resolve(ok);
    };
    child.on('error', (error) => finish(null, error.message));
    child.on('close', finish);
  });
}

function skipStage(name, reason) {
  console.log(`\n=== ${name}: skipped, ${reason}`);
  stages.push({ name, seconds: 0, outcome: `skipped: ${reason}` });
}

function failStage(name, reason) {
  console.log(`\n=== ${name}: FAILED, ${reason}`);
  stages.push({ name, seconds: 0, outcome: `FAILED: ${reason}` });
}

/** Vitest's JSON report: pending and todo tests are the skipped ones. */
export function vitestCounts(report) {
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's JSON stats: a test that passed only on a retry ("flaky") is a failure, never a pass. */
export function playwrightCounts(stats) {
  return {
    passed: stats?.expected ?? 0,
    failed: (stats?.unexpected ?? 0) + (stats?.flaky ?? 0),
    skipped: stats?.skipped ?? 0,
  };
}

/** Each failed test, named with its file and the first line of its error, for the list printed before the table. */
const failures = [];

function firstLine(message) {
  // eslint-disable-next-line no-control-regex -- reporters colour their messages
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '(no message)';
}

/** Failed tests in a Vitest JSON report, and files that failed before any test ran (an import or hook error). */
export function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const where = file.name?.replace(`${process.cwd()}/`, '') ?? '(unknown file)';
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`];
    return failed.map((test) => `${where} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

/** Tests Playwright counts as failed (unexpected, or passed only on a retry), with their first error. */
export function playwrightFailures(report) {
  const found = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = (test.results ?? []).map((result) => result.error?.message).find(Boolean);
        found.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return found;
}

function addCounts(counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  return counts.failed;
}

/** A stage whose failure already shows as failed tests in the totals. */
function markCounted(name) {
  const stage = stages.find((candidate) => candidate.name === name);
  if (stage) stage.counted = true;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

async function vitest(name, reportName, args, env, options) {
  const outputFile = join(reportDir, `${reportName}.json`);
  await step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], env, options);
  const report = readJson(outputFile);
  if (report && addCounts(vitestCounts(report)) > 0) {
    markCounted(name);
    failures.push(...vitestFailures(report).map((line) => `[${name}] ${line}`));
  }
}

async function playwright(name, reportName, args, env, options) {
  const outputFile = join(reportDir, `${reportName}.json`);
  await step(name, 'node', ['scripts/e2e.mjs', ...args], { ...env, E2E_JSON_REPORT: outputFile }, options);
  const report = readJson(outputFile);
  if (report && addCounts(playwrightCounts(report.stats)) > 0) {
    markCounted(name);
    failures.push(...playwrightFailures(report).map((line) => `[${name}] ${line}`));
  }
}

/** The chaos suite makes its own databases on the PostgreSQL server and reports its checks as counts. */
async function chaos() {
  const name = 'chaos suite (PostgreSQL)';
  const outputFile = join(reportDir, 'chaos.json');
  await step(name, 'node', ['--import', 'tsx', 'apps/server/chaos/run.ts'], { CHAOS_JSON_REPORT: outputFile, TEST_DATABASE_URL: POSTGRES_SERVER_URL });
  const report = readJson(outputFile);
  if (report && addCounts({ passed: report.passed, failed: report.failed, skipped: 0 }) > 0) markCounted(name);
}

/** The cluster test: its own database, Redis key prefix and S3 server; reports its checks as counts like the chaos suite. */
async function cluster() {
  const name = 'cluster test (2 API nodes, 2 workers)';
  const outputFile = join(reportDir, 'cluster.json');
  await step(name, 'node', ['--import', 'tsx', 'apps/server/cluster/run.ts'], { CHAOS_JSON_REPORT: outputFile, TEST_DATABASE_URL: POSTGRES_SERVER_URL });
  const report = readJson(outputFile);
  if (report && addCounts({ passed: report.passed, failed: report.failed, skipped: 0 }) > 0) markCounted(name);
}

/** Connects to PostgreSQL with a short timeout; null when nothing answers. */
async function connectPostgres(url) {
  // `pg` is the server's dependency: hoisted to the root by npm, else resolved from the server workspace.
  const pg = await import('pg').then((module) => module.default, () => createRequire(join(process.cwd(), 'apps/server/package.json'))('pg'));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return client;
  } catch {
    await client.end().catch(() => {});
    return null;
  }
}

/**
 * The server URL the PostgreSQL pass runs against (each test file makes and drops its own database there): the given
 * TEST_DATABASE_URL, else a fresh database this run creates on the machine's server and drops at the end.
 */
export async function preparePostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, drop: async () => {} };
  const admin = await connectPostgres(POSTGRES_SERVER_URL);
  if (!admin) return null;
  const name = `sound_studio_run_${Date.now()}_${process.pid}`;
  try {
    if (!DRY_RUN) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  console.log(`\nPostgreSQL answers at ${url.host}: this run uses a fresh database, ${name}, dropped at the end.`);
  return {
    url: url.toString(),
    drop: async () => {
      if (DRY_RUN) return;
      const client = await connectPostgres(POSTGRES_SERVER_URL);
      if (!client) return;
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function loudWarning(lines) {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const bar = '!'.repeat(width);
  const text = [bar, ...lines.map((line) => `! ${line.padEnd(width - 4)} !`), bar].join('\n');
  console.log(`\n${text}`);
  warnings.push(text);
}

/**
 * The closing table: one row per stage and the whole run's wall time (less than the rows' sum: some stages run side by
 * side), widths fitted to the content.
 */
export function stageTable(rows, totalSeconds) {
  const all = [...rows, { name: 'total (wall clock)', seconds: totalSeconds, outcome: '' }];
  const nameWidth = Math.max('stage'.length, ...all.map((row) => row.name.length));
  const line = (name, seconds, outcome) => `${name.padEnd(nameWidth)}  ${seconds.padStart(9)}  ${outcome}`.trimEnd();
  return [
    line('stage', 'wall time', 'outcome'),
    line('-'.repeat(nameWidth), '-'.repeat(9), '-------'),
    ...all.map((row) => line(row.name, `${row.seconds.toFixed(1)} s`, row.outcome)),
  ].join('\n');
}

/**
 * The server files of POSTGRES_SUITE again on PostgreSQL (the whole server suite with --full), where row locks and real
 * concurrency can make the concurrency tests fail.
 */
async function postgresPass(fullEnv, options) {
  const name = 'server integration (PostgreSQL)';
  const missing = POSTGRES_SUITE.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    // A renamed file would quietly drop out of the PostgreSQL pass; make the list follow it.
    failStage(name, `scripts/test.mjs lists missing files: ${missing.join(', ')}`);
    return;
  }
  const postgres = await preparePostgres();
  if (postgres) {
    try {
      const files = FULL ? [] : POSTGRES_SUITE;
      await vitest(name, 'vitest-postgres', ['--project', 'server', ...files], { ...fullEnv, TEST_DATABASE_URL: postgres.url }, options);
    } finally {
      await postgres.drop();
    }
    return;
  }
  loudWarning([
    `PostgreSQL does not answer at ${new URL(POSTGRES_SERVER_URL).host} and TEST_DATABASE_URL is not set.`,
    'The server suite ran on PGlite only, which serialises every query: the concurrency tests',
    '(concurrent credit reservations, the job queue shared by two processes) could not fail.',
    'Start PostgreSQL (see README) or set TEST_DATABASE_URL to run them for real.',
  ]);
  if (IN_CI) failStage(name, 'CI needs PostgreSQL');
  else skipStage(name, 'PostgreSQL is absent');
}

async function main() {
  const fullEnv = { SOUND_STUDIO_FULL_TESTS: FULL ? '1' : '' };
  // Two lanes side by side, each keeping its own ports, databases and folders. One: typecheck beside lint (tsc and
  // ESLint keep a core each), then the Vitest pass in embedded mode (PGlite, in-process queue, local files). Two: the
  // browser tests, which spend much of their time waiting on pages and on the server's renders, then the short
  // PostgreSQL pass.
  await Promise.all([
    (async () => {
      await Promise.all([
        step('typecheck', 'npm', ['run', 'typecheck'], {}, { prefix: '[typecheck]' }),
        step('lint', 'npm', ['run', 'lint'], {}, { prefix: '[lint]' }),
      ]);
      await vitest('unit + integration (embedded database)', 'vitest-embedded', [], { ...fullEnv, TEST_DATABASE_URL: '' }, { prefix: '[vitest]' });
    })(),
    (async () => {
      await playwright('end-to-end (Chromium)', 'e2e', [], fullEnv, { prefix: '[e2e]' });
      await postgresPass(fullEnv, { prefix: '[postgres]' });
    })(),
  ]);

  // The long checks (every voice, the 240 s render, tempo and key over 20 prompts, restarts mid-job) live in
  // *.full.test.ts files that skip themselves unless SOUND_STUDIO_FULL_TESTS=1. With --full the embedded pass above
  // already ran them; CI's --full-tier runs just those files, after `npm test`'s own stages and within --budget.
  // The chaos suite is CI's proof that no input stops the server and no crash strands credits: it always runs when
  // asked for, before the optional long tier, which alone is bounded by --budget.
  if (CHAOS) await chaos();
  if (CLUSTER) await cluster();
  if (FULL_TIER && !FULL && fitsBudget('full tier (long checks)')) {
    await vitest('full tier (long checks)', 'vitest-full-tier', ['.full.test.'], { SOUND_STUDIO_FULL_TESTS: '1', TEST_DATABASE_URL: '' });
  }
  // Screenshots are artefacts, not tests: the stage's outcome shows in the table, its pictures add nothing to the count.
  if (FULL) await step('screenshots', 'node', ['scripts/e2e.mjs', '--screenshots'], { E2E_SKIP_BUILD: '1' });

  for (const warning of warnings) console.log(`\n${warning}`);
  // Named again at the end, where a CI log's tail shows them, far from the stage's own output.
  if (failures.length > 0) console.log(`\nFailed tests:\n${failures.map((line) => `- ${line}`).join('\n')}`);
  console.log(`\n${stageTable(stages, (Date.now() - STARTED_AT) / 1000)}`);
  const failed = stages.filter((stage) => stage.outcome.startsWith('FAILED'));
  if (failed.length > 0) console.log(`\nFailed steps: ${failed.map((stage) => stage.name).join(', ')}`);
  // A failed stage with no failed test behind it (typecheck, lint, a crash, a missing service) is one failure too, so
  // the closing line never reads "0 failed" for a failed run.
  totals.failed += failed.filter((stage) => !stage.counted).length;
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return failed.length > 0 || totals.failed > 0 ? 1 : 0;
}

// Run as a script; imported (by its own test) only for the pure helpers.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
