/**
 * Capacity benchmark: what adding a process buys on this machine. Music jobs per minute with one and with two worker
 * processes (dist/worker.js) behind an API node, and API requests per second (GET /api/auth/me: token check and one
 * database read) with one and with two API nodes (dist/main.js, RUN_WORKERS=false), all on PostgreSQL, Redis and an
 * S3 server (s3rver) on 127.0.0.1, as the cluster test runs them. Every measurement is bounded (BENCH_SECONDS, 20 by
 * default); the load generator runs on the same machine and takes its share of the cores, so read the ratios, not
 * the absolute figures. Run with `npm run bench -- cluster` from the repository root.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ApiClient } from '../chaos/api-client.ts';
import { dataOf } from '../chaos/http.ts';
import { ChaosDatabase, deleteRedisKeys, freePort, ServerProcess, sleep } from '../chaos/server-process.ts';
import { TestS3Server } from '../test/s3-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Requests in flight at once during the API measurement (spread over the nodes). */
const WARM_UP_SECONDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Queued music jobs (30 s tracks): more than the workers finish in BENCH_SECONDS, so they never run dry. */
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 60);
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(SERVER_DIR, 'dist');
const DATABASE_SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `sound-studio-bench-${process.pid}-${Date.now().toString(36)}:`;

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

async function completedJobs(db: pg.Client): Promise<number> {
  const result = await db.query<{ n: string }>(`select count(*) as n from jobs where status = 'completed'`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Music jobs per minute: tops the queue up to BACKLOG jobs, waits for the first completion (workers warm), lets the
 * workers run for SECONDS, then rates the completions of that window by their own timestamps ((n - 1) intervals
 * between the first and the last), so a window of a few jobs is not rounded to whole jobs.
 */
async function jobsPerMinute(client: ApiClient, token: string, db: pg.Client): Promise<{ perMinute: number; jobs: number }> {
  const waiting = await db.query<{ n: string }>(`select count(*) as n from jobs where status in ('queued', 'processing')`);
  for (let index = Number(waiting.rows[0]?.n ?? 0); index < BACKLOG; index += 1) {
    dataOf(await client.json('POST', '/api/music/generate', { prompt: `calm piano ballad number ${index}`, duration: 30 }, token), 'music generate');
  }
  const before = await completedJobs(db);
  const warmDeadline = Date.now() + 120_000;
  while ((await completedJobs(db)) === before && Date.now() < warmDeadline) await sleep(100);
  const windowStart = new Date();
  await sleep(SECONDS * 1000);
  const finished = await db.query<{ first: Date | null; last: Date | null; n: string }>(
    `select min(finished_at) as first, max(finished_at) as last, count(*) as n from jobs where status = 'completed' and finished_at >= $1`,
    [windowStart],
  );
  const row = finished.rows[0];
  const jobs = Number(row?.n ?? 0);
  if (!row?.first || !row.last || jobs < 2) return { perMinute: (jobs * 60) / SECONDS, jobs };
  return { perMinute: ((jobs - 1) * 60_000) / Math.max(1, row.last.getTime() - row.first.getTime()), jobs };
}

/** Keeps CONNECTIONS requests in flight for SECONDS, each sent to the next node in turn; returns 200s per second. */
async function requestsPerSecond(nodes: ServerProcess[], token: string): Promise<{ rps: number; errors: number; p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let turn = 0;
  let ok = 0;
  let errors = 0;
  const latencies: number[] = [];
  const one = (node: ServerProcess) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const outgoing = http.request(
        { agent, host: '127.0.0.1', port: node.port, path: '/api/auth/me', headers: { authorization: `Bearer ${token}` } },
        (incoming) => {
          incoming.resume();
          incoming.on('end', () => {
            if (incoming.statusCode === 200) ok += 1;
            else errors += 1;
            latencies.push(performance.now() - sent);
            resolve();
          });
        },
      );
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end();
    });
  // A few seconds first, not counted: a node that just started compiles its hot paths and opens its connections.
  const counting = Date.now() + WARM_UP_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < counting) {
        turn += 1;
        await one(nodes[turn % nodes.length] as ServerProcess);
      }
    }),
  );
  ok = 0;
  errors = 0;
  latencies.length = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        turn += 1;
        await one(nodes[turn % nodes.length] as ServerProcess);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: ok / ((Date.now() - started) / 1000), errors, p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@sound-studio/server'], { cwd: path.resolve(SERVER_DIR, '../..'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const database = ChaosDatabase.create('bench', DATABASE_SERVER);
  const s3 = await TestS3Server.start();
  const processes: ServerProcess[] = [];
  const db = new pg.Client({ connectionString: database.url });
  const shared: Record<string, string> = {
    ...(s3.env('bench/') as Record<string, string>),
    REDIS_URL,
    REDIS_KEY_PREFIX: REDIS_PREFIX,
    RATE_LIMIT_API_MAX: '10000000',
    RATE_LIMIT_REGISTER_MAX: '1000',
  };
  const api = { ...shared, RUN_WORKERS: 'false' };
  const worker = { ...shared, LOG_LEVEL: 'info' };
  const startApi = async (label: string) => {
    const node = await ServerProcess.start({ label, database, env: api, script: path.join(DIST, 'main.js') }, await freePort());
    processes.push(node);
    return node;
  };
  const startWorker = async (label: string) => {
    const node = await ServerProcess.start({ label, database, env: worker, script: path.join(DIST, 'worker.js'), readyText: 'worker is running' }, await freePort());
    processes.push(node);
    return node;
  };
  const rows: string[] = [];
  try {
    const apiA = await startApi('bench-api-a');
    await db.connect();
    const client = new ApiClient(apiA.baseUrl);
    const user = await client.registerWithCredits('bench@cluster.example.com', 10_000_000);
    const token = user.session.accessToken;

    console.log(`\nCluster capacity on ${cpus().length} cores (${SECONDS} s per measurement; load average ${load()} at the start)`);
    const workerOne = await startWorker('bench-worker-1');
    const oneWorker = await jobsPerMinute(client, token, db);
    rows.push(`| Music jobs (30 s tracks) per minute | 1 worker process | ${oneWorker.perMinute.toFixed(1)} (${oneWorker.jobs} jobs) | load ${load()} |`);
    const workerTwo = await startWorker('bench-worker-2');
    const twoWorkers = await jobsPerMinute(client, token, db);
    rows.push(`| Music jobs (30 s tracks) per minute | 2 worker processes | ${twoWorkers.perMinute.toFixed(1)} (${twoWorkers.jobs} jobs) | load ${load()} |`);
    // The API measurement runs with no job in flight: stop the workers and drop what is still queued.
    await workerOne.stop();
    await workerTwo.stop();
    await db.query(`delete from jobs where status in ('queued', 'processing')`);

    const oneNode = await requestsPerSecond([apiA], token);
    rows.push(`| GET /api/auth/me per second (${CONNECTIONS} in flight) | 1 API node | ${oneNode.rps.toFixed(0)} (p50 ${oneNode.p50.toFixed(0)} ms, p99 ${oneNode.p99.toFixed(0)} ms, ${oneNode.errors} errors) | load ${load()} |`);
    const apiB = await startApi('bench-api-b');
    const twoNodes = await requestsPerSecond([apiA, apiB], token);
    rows.push(`| GET /api/auth/me per second (${CONNECTIONS} in flight) | 2 API nodes | ${twoNodes.rps.toFixed(0)} (p50 ${twoNodes.p50.toFixed(0)} ms, p99 ${twoNodes.p99.toFixed(0)} ms, ${twoNodes.errors} errors) | load ${load()} |`);

    console.log('\n| Measure | Processes | Result | Load average after |');
    console.log('|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`\nTwo worker processes / one: ${(twoWorkers.perMinute / oneWorker.perMinute).toFixed(2)}x jobs per minute`);
    console.log(`Two API nodes / one: ${(twoNodes.rps / oneNode.rps).toFixed(2)}x requests per second`);
  } finally {
    for (const node of processes) {
      await node.stop();
      node.removeFolder();
    }
    await db.end().catch(() => undefined);
    await s3.close();
    database.drop();
    await deleteRedisKeys(REDIS_URL, REDIS_PREFIX);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
