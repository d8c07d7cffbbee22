/**
 * `npm run test:chaos`: real server processes on fresh PostgreSQL databases, attacked as the issue-9 review did.
 * Sections: an OpenAPI-driven schema fuzzer, parallel login guesses, socket revocation, upload bombs, an aborted
 * upload, and kill -9 mid-work with a restart. Prints its figures, then `N passed, N failed`; exits 1 on failure.
 *
 * CHAOS_SEED, CHAOS_FUZZ_SECONDS and CHAOS_FUZZ_MAX_CASES tune the fuzzer, CHAOS_SECTIONS picks sections; the database server is TEST_DATABASE_URL
 * (as in CI) or the local one.
 */
import pg from 'pg';
import { ApiClient, type ChaosUser } from './api-client.ts';
import { runLoginGuesses, runSocketRevocation } from './auth-checks.ts';
import { HEALTH_TIMEOUT_MS, runBombs } from './bombs.ts';
import { checkEveryLedger, runCrashScenario } from './crash.ts';
import { buildCases, runCases } from './fuzzer.ts';
import { jsonOf, request } from './http.ts';
import type { OpenApiDocument } from './openapi.ts';
import { describeFindings, ReplyAudit } from './reply-audit.ts';
import { Report } from './report.ts';
import { ChaosDatabase, freePort, ServerProcess } from './server-process.ts';
import { runAbortedUpload } from './uploads.ts';

const SEED = Number(process.env.CHAOS_SEED ?? 9);
const FUZZ_SECONDS = Number(process.env.CHAOS_FUZZ_SECONDS ?? 50);
const FUZZ_MAX_CASES = Number(process.env.CHAOS_FUZZ_MAX_CASES ?? 10_000);
const FUZZ_CONCURRENCY = 8;
const LOGIN_LIMIT = 5;
/** Far past the expected ~4 minutes: a hang must end the run with a failure, not block CI. */
const WATCHDOG_MS = 9 * 60_000;
/** Comma-separated subset of `fuzz,attacks` (all by default), for working on one part. */
const SECTIONS = new Set((process.env.CHAOS_SECTIONS ?? 'fuzz,attacks').split(',').map((name) => name.trim()));
const DATABASE_SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const report = new Report();
const servers: ServerProcess[] = [];
const databases: ChaosDatabase[] = [];
const started = Date.now();

async function startServer(label: string, env: Record<string, string>): Promise<{ server: ServerProcess; database: ChaosDatabase }> {
  const database = ChaosDatabase.create(label, DATABASE_SERVER);
  databases.push(database);
  const server = await ServerProcess.start({ label, database, env }, await freePort());
  servers.push(server);
  return { server, database };
}

async function cleanUp(): Promise<void> {
  for (const server of servers) {
    await server.stop();
    if (report.failed === 0) server.removeFolder();
    else console.log(`  (server log kept: ${server.logPath})`);
  }
  for (const database of databases) database.drop();
}

function auditFor(server: ServerProcess): ReplyAudit {
  return new ReplyAudit([server.dataDir, server.tempDir]);
}

const totals = { requests: 0, serverErrors: 0, envelopeViolations: 0, pathLeaks: 0 };

function reportAudit(section: string, audit: ReplyAudit): void {
  totals.requests += audit.requests;
  totals.serverErrors += audit.serverErrors;
  totals.envelopeViolations += audit.envelopeViolations;
  totals.pathLeaks += audit.pathLeaks;
  report.check(`${section}: no 5xx`, audit.serverErrors === 0, `${audit.serverErrors} of ${audit.requests}: ${describeFindings(audit.examples.serverErrors)}`);
  report.check(`${section}: every error reply is {success:false,error,code}`, audit.envelopeViolations === 0, `${audit.envelopeViolations}: ${describeFindings(audit.examples.envelope)}`);
  report.check(`${section}: no internal path in any reply`, audit.pathLeaks === 0, `${audit.pathLeaks}: ${describeFindings(audit.examples.leaks)}`);
  report.check(`${section}: every request answered (no reset or timeout)`, audit.transportErrors === 0, `${audit.transportErrors}: ${audit.examples.transport.join(' | ')}`);
}

async function fuzzSection(): Promise<void> {
  console.log('\n=== Schema fuzzer');
  const { server, database } = await startServer('fuzz', { RATE_LIMIT_API_MAX: '10000000', JOB_CONCURRENCY: '1' });
  const client = new ApiClient(server.baseUrl);
  const document = jsonOf(await request(server.baseUrl, { path: '/api/docs/json' })) as OpenApiDocument | null;
  if (!document?.paths) throw new Error('GET /api/docs/json did not return an OpenAPI document');
  // Section 7 puts the voice list beside `success`, not under `data`.
  const voiceList = jsonOf(await request(server.baseUrl, { path: '/api/voices/list-grouped' })) as { voices?: Array<{ _id: string }> } | null;
  const knownValues = {
    voiceId: voiceList?.voices?.[0]?._id ?? 'en-us-radiant-girl',
    email: 'fuzz-target@example.com',
    password: 'Wrong-Example-Password-1!',
    currentPassword: 'Wrong-Example-Password-1!',
    newPassword: 'Another-Example-Password-2!',
    text: 'Hello from the chaos suite.',
    prompt: 'calm piano',
    name: 'Chaos Tester',
  };
  const { cases, operations } = buildCases({ document, knownValues, seed: SEED });
  let fuzzUsers = 0;
  const signIn = async (): Promise<ChaosUser> => {
    fuzzUsers += 1;
    return client.registerWithCredits(`fuzz.${fuzzUsers}@chaos.example.com`, 2000);
  };
  const audit = auditFor(server);
  const sent = await runCases({
    client,
    audit,
    cases: cases.slice(0, FUZZ_MAX_CASES),
    deadline: Date.now() + FUZZ_SECONDS * 1000,
    concurrency: FUZZ_CONCURRENCY,
    signIn,
  });
  const routesCovered = new Set(cases.slice(0, sent).map((fuzzCase) => fuzzCase.label.split(' [')[0])).size;
  report.figure('fuzz cases generated', cases.length);
  report.figure('slowest fuzz replies', audit.slowest.map((slow) => `${slow.request} ${slow.ms.toFixed(0)} ms`).join('; '));
  report.figure('fuzz cases sent', `${sent} over ${routesCovered} of ${operations} operations (seed ${SEED})`);
  report.check('fuzz: every operation of the OpenAPI document was exercised', routesCovered === operations, `${routesCovered} of ${operations}`);
  report.check('fuzz: the server process survives', server.running);
  reportAudit('fuzz', audit);
  await withDatabase(database.url, (db) => checkEveryLedger(db, report, 'fuzz'));
  await server.stop();
}

async function withDatabase(url: string, work: (db: pg.Client) => Promise<void>): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await work(db);
  } finally {
    await db.end();
  }
}

async function attackSection(): Promise<void> {
  console.log('\n=== Login guesses, socket revocation, upload bombs, aborted upload, kill -9');
  const { server, database } = await startServer('attack', { RATE_LIMIT_API_MAX: '100000', RATE_LIMIT_LOGIN_MAX: String(LOGIN_LIMIT) });
  const client = new ApiClient(server.baseUrl);
  const audit = auditFor(server);
  await section('login guesses', () => runLoginGuesses(client, audit, report, LOGIN_LIMIT));
  await section('socket revocation', () => runSocketRevocation(client, report));
  await section('upload bombs', async () => {
    const bomber = await client.registerWithCredits('bomber@chaos.example.com', 10_000);
    const health = await runBombs({ server, client, accessToken: bomber.session.accessToken, audit, report });
    const gaveUp = health.unanswered > 0 ? ` (${health.unanswered} probes gave up at ${HEALTH_TIMEOUT_MS} ms)` : '';
    report.figure('max /api/health latency during bombs', `${health.maxMs.toFixed(0)} ms${gaveUp}`);
  });
  await section('aborted upload', async () => {
    const uploader = await client.registerWithCredits('uploader@chaos.example.com', 10_000);
    await runAbortedUpload(server, client, uploader.session.accessToken, report);
  });
  await section('kill -9 mid-work', async () => {
    const users = {
      tts: await client.registerWithCredits('crash.tts@chaos.example.com', 20_000),
      stream: await client.registerWithCredits('crash.stream@chaos.example.com', 20_000),
      music: await client.registerWithCredits('crash.music@chaos.example.com', 20_000),
      isolation: await client.registerWithCredits('crash.isolation@chaos.example.com', 20_000),
    };
    const stranded = await runCrashScenario({ server, client, databaseUrl: database.url, report, users });
    report.figure('holds stranded', stranded);
  });
  reportAudit('attacks', audit);
  await server.stop();
}

async function section(name: string, work: () => Promise<void>): Promise<void> {
  const sectionStarted = Date.now();
  try {
    await work();
  } catch (error) {
    report.crashed(name, error);
  }
  console.log(`  (${name}: ${((Date.now() - sectionStarted) / 1000).toFixed(1)} s)`);
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    report.check(`the suite finishes within ${WATCHDOG_MS / 60_000} minutes`, false);
    void finish(1);
  }, WATCHDOG_MS);
  for (const figure of ['holds stranded', 'max /api/health latency during bombs']) report.figure(figure, 'not measured');
  if (SECTIONS.has('fuzz')) await section('schema fuzzer', fuzzSection);
  if (SECTIONS.has('attacks')) await section('attacks', attackSection);
  clearTimeout(watchdog);
  await finish(report.failed > 0 ? 1 : 0);
}

async function finish(code: number): Promise<void> {
  await cleanUp().catch((error: unknown) => console.error('clean-up failed:', error));
  report.figure('requests sent', totals.requests);
  report.figure('5xx seen', totals.serverErrors);
  report.figure('envelope violations', totals.envelopeViolations);
  report.figure('path leaks', totals.pathLeaks);
  report.figure('duration', `${((Date.now() - started) / 1000).toFixed(0)} s`);
  report.print();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    report.check(`the suite was not interrupted (${signal})`, false);
    void finish(1);
  });
}

void main();
