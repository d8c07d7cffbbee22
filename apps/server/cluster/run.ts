/**
 * `npm run test:cluster`: the compiled server as an operator runs it at scale. Two API processes (dist/main.js,
 * RUN_WORKERS=false) and two worker processes (dist/worker.js) on one fresh PostgreSQL database, one Redis key prefix
 * and one S3 bucket (s3rver, started here), CSRF on as in production, and a client that sends each request to the
 * next node in turn. Each check is a named case; the run prints `N passed, N failed` and exits 1 on failure, keeping
 * the process logs (their paths are printed).
 *
 * The database server is TEST_DATABASE_URL (as in CI) or the local one; Redis is REDIS_URL or 127.0.0.1:6379.
 * CLUSTER_SKIP_BUILD=1 uses the dist/ already built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { MUSIC_TRACK_UPDATED_EVENT, REALTIME_NAMESPACES, REALTIME_PATH } from '@sound-studio/shared';
import { CHAOS_PASSWORD, type Session } from '../chaos/api-client.ts';
import { checkEveryLedger, count, userIdOf } from '../chaos/crash.ts';
import { dataOf, jsonOf, request, type RawReply } from '../chaos/http.ts';
import { Report } from '../chaos/report.ts';
import { CHAOS_ADMIN_TOKEN, ChaosDatabase, deleteRedisKeys, freePort, ServerProcess, sleep } from '../chaos/server-process.ts';
import { TestS3Server } from '../test/s3-server.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(SERVER_DIR, 'dist');
const DATABASE_SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `sound-studio-cluster-${process.pid}-${Date.now().toString(36)}:`;
/** Far past the expected ~2 minutes: a hang must end the run with a failure, not block CI. */
const WATCHDOG_MS = 6 * 60_000;
const LOGIN_LIMIT = 5;
const API_LIMIT = 30;
const VOICE = 'en-us-radiant-girl';
const LONG_TEXT = 'The quick brown fox jumps over the lazy dog while the cluster test waits for it. '.repeat(70).slice(0, 5000);
/** BullMQ hands a dead worker's job on once its 30 s lock lapses and a stalled-job check (every 30 s) sees it; then it renders again. */
const TAKEOVER_MS = 180_000;
const WAIT_MS = 60_000;

const report = new Report();
const processes: ServerProcess[] = [];
const started = Date.now();
let database: ChaosDatabase | null = null;
let s3: TestS3Server | null = null;

/**
 * A browser-like client that sends every request to the next API node in turn (as a load balancer without sticky
 * sessions would). Anonymous calls carry their own X-Forwarded-For address (the nodes trust the proxy), so each
 * client's per-address limits are its own.
 */
class AlternatingClient {
  #next = 0;
  #csrf: string | null = null;

  constructor(
    readonly nodes: ServerProcess[],
    readonly address: string,
  ) {}

  /** The node the next request goes to (and advances). */
  take(): ServerProcess {
    const node = this.nodes[this.#next % this.nodes.length] as ServerProcess;
    this.#next += 1;
    return node;
  }

  async csrfToken(): Promise<string> {
    this.#csrf ??= dataOf<{ token: string }>(
      await request(this.take().baseUrl, { path: '/api/auth/csrf-token', headers: { 'x-forwarded-for': this.address } }),
      'csrf token',
    ).token;
    return this.#csrf;
  }

  async send(method: string, pathName: string, options: { body?: unknown; token?: string; node?: ServerProcess; headers?: Record<string, string> } = {}): Promise<RawReply> {
    const node = options.node ?? this.take();
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, ...options.headers };
    if (method !== 'GET') headers['x-csrf-token'] = await this.csrfToken();
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return request(node.baseUrl, { method, path: pathName, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  }

  async register(email: string): Promise<Session> {
    return dataOf<Session>(await this.send('POST', '/api/auth/register', { body: { name: 'Cluster Tester', email, password: CHAOS_PASSWORD } }), `register ${email}`);
  }

  async login(email: string, password = CHAOS_PASSWORD, node?: ServerProcess): Promise<RawReply> {
    return this.send('POST', '/api/auth/login', { body: { email, password }, node });
  }
}

async function grant(node: ServerProcess, email: string, amount: number): Promise<void> {
  const reply = await request(node.baseUrl, {
    method: 'POST',
    path: '/api/admin/credits/grant',
    headers: { 'content-type': 'application/json', 'x-admin-token': CHAOS_ADMIN_TOKEN },
    body: JSON.stringify({ email, amount, reason: 'cluster test' }),
  });
  dataOf(reply, `grant ${amount} to ${email}`);
}

function connectUserSocket(node: ServerProcess, token: string): Socket {
  return io(`${node.baseUrl}${REALTIME_NAMESPACES.user}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
}

function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs: number, accept: (payload: T) => boolean = () => true): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      resolve(null);
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

async function connected(socket: Socket): Promise<boolean> {
  if (socket.connected) return true;
  const outcome = await Promise.race([
    nextEvent(socket, 'connect', 10_000).then((value) => value !== null || socket.connected),
    nextEvent(socket, 'connect_error', 10_000).then(() => false),
  ]);
  return outcome && socket.connected;
}

async function waitFor(what: string, timeoutMs: number, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}


/** Runs one named case; a case that throws is one failed check. */
async function scenario(name: string, work: () => Promise<void>): Promise<void> {
  const caseStarted = Date.now();
  console.log(`\n=== ${name}`);
  try {
    await work();
  } catch (error) {
    report.crashed(name, error);
  }
  console.log(`  (${name}: ${((Date.now() - caseStarted) / 1000).toFixed(1)} s)`);
}

function build(): void {
  if (process.env.CLUSTER_SKIP_BUILD && existsSync(path.join(DIST, 'main.js'))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@sound-studio/server'], { cwd: path.resolve(SERVER_DIR, '../..'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build -w @sound-studio/server failed');
}

interface Cluster {
  apiA: ServerProcess;
  apiB: ServerProcess;
  workerOne: ServerProcess;
  workerTwo: ServerProcess;
  db: pg.Client;
}

async function startCluster(): Promise<Cluster> {
  build();
  database = ChaosDatabase.create('cluster', DATABASE_SERVER);
  s3 = await TestS3Server.start();
  const shared: Record<string, string> = {
    ...(s3.env('cluster/') as Record<string, string>),
    REDIS_URL,
    REDIS_KEY_PREFIX: REDIS_PREFIX,
    TRUST_PROXY: 'true',
    RATE_LIMIT_LOGIN_MAX: String(LOGIN_LIMIT),
    RATE_LIMIT_API_MAX: String(API_LIMIT),
    RATE_LIMIT_REGISTER_MAX: '1000',
    JOB_CONCURRENCY: '1',
    // Objects left while the bucket was down are deleted within seconds of its return (backoff 10 s + a sweep).
    FILE_DELETION_SWEEP_SECONDS: '2',
  };
  const api = { ...shared, RUN_WORKERS: 'false' };
  // The first API node migrates the database; the others start once it has.
  const apiA = await ServerProcess.start({ label: 'api-a', database, env: api, script: path.join(DIST, 'main.js') }, await freePort());
  processes.push(apiA);
  const worker = { ...shared, LOG_LEVEL: 'info' };
  const [apiB, workerOne, workerTwo] = await Promise.all([
    ServerProcess.start({ label: 'api-b', database, env: api, script: path.join(DIST, 'main.js') }, await freePort()),
    ServerProcess.start({ label: 'worker-1', database, env: worker, script: path.join(DIST, 'worker.js'), readyText: 'worker is running' }, await freePort()),
    ServerProcess.start({ label: 'worker-2', database, env: worker, script: path.join(DIST, 'worker.js'), readyText: 'worker is running' }, await freePort()),
  ]);
  processes.push(apiB, workerOne, workerTwo);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  return { apiA, apiB, workerOne, workerTwo, db };
}

async function signUpAndSignIn({ apiA, apiB }: Cluster): Promise<void> {
  const client = new AlternatingClient([apiA, apiB], '10.0.0.1');
  const email = 'cross-node@cluster.example.com';
  await client.register(email);
  const onB = await client.login(email, CHAOS_PASSWORD, apiB);
  report.check('auth: an account made on node A signs in on node B', onB.status === 200, `got ${onB.status}`);
  const session = dataOf<Session>(onB, 'login on B');
  const me = await client.send('GET', '/api/auth/me', { token: session.accessToken, node: apiA });
  report.check('auth: a token issued by node B is accepted by node A', me.status === 200, `got ${me.status}`);
}

async function speechAcrossNodes({ apiA, apiB }: Cluster): Promise<void> {
  const client = new AlternatingClient([apiA, apiB], '10.0.0.2');
  const email = 'speech@cluster.example.com';
  const session = await client.register(email);
  await grant(apiA, email, 20_000);
  const made = await client.send('POST', '/api/voices/generate-tts', { node: apiA, token: session.accessToken, body: { text: 'Made on node A, played from node B.', voiceId: VOICE } });
  const audioUrl = (jsonOf(made) as { audioUrl?: string } | null)?.audioUrl;
  report.check('speech: node A generates speech', made.status === 200 && typeof audioUrl === 'string', `got ${made.status}`);
  if (!audioUrl) return;
  const linkPath = new URL(audioUrl, apiA.baseUrl).pathname + new URL(audioUrl, apiA.baseUrl).search;
  const whole = await request(apiB.baseUrl, { path: linkPath });
  report.check('speech: node B plays the file made on node A', whole.status === 200 && whole.body.length > 1000 && whole.headers['content-type'] === 'audio/mpeg', `got ${whole.status}, ${whole.body.length} bytes, ${whole.headers['content-type']}`);
  const ranged = await request(apiB.baseUrl, { path: linkPath, headers: { range: 'bytes=100-599' } });
  const expected = whole.body.subarray(100, 600);
  report.check(
    'speech: node B answers a Range request with 206 and the right bytes',
    ranged.status === 206 && ranged.headers['content-range'] === `bytes 100-599/${whole.body.length}` && ranged.body.equals(expected),
    `got ${ranged.status} ${ranged.headers['content-range']}, ${ranged.body.length} bytes`,
  );
  const past = await request(apiB.baseUrl, { path: linkPath, headers: { range: `bytes=${whole.body.length + 10}-` } });
  report.check('speech: a range past the end is 416 on node B', past.status === 416, `got ${past.status}`);
}

/**
 * The bucket goes away: deleting speech on node B still deletes its record (nothing charged) and leaves its objects in
 * pending_file_deletions; once the bucket is back, a node's sweeper deletes them.
 */
async function deleteDuringStoreOutage({ apiA, apiB, db }: Cluster): Promise<void> {
  const client = new AlternatingClient([apiA, apiB], '10.0.0.9');
  const email = 'outage@cluster.example.com';
  const session = await client.register(email);
  await grant(apiA, email, 20_000);
  const userId = await userIdOf(db, email);
  const made = await client.send('POST', '/api/voices/generate-tts', { node: apiA, token: session.accessToken, body: { text: 'Deleted while the bucket is away.', voiceId: VOICE } });
  const { generation } = dataOf<{ generation: { id: string } }>(made, 'speech on node A');
  const objects = () => s3?.objectKeys().filter((key) => key.includes(generation.id)).length ?? 0;
  const pending = () => count(db, 'select count(*) as n from pending_file_deletions where key like $1', [`%${generation.id}%`]);
  const ledgerRows = () => count(db, 'select count(*) as n from credit_transactions where user_id = $1', [userId]);
  const rowsBefore = await ledgerRows();
  await s3?.stop();
  let deleted: RawReply;
  try {
    deleted = await client.send('DELETE', `/api/tts/history/${generation.id}`, { node: apiB, token: session.accessToken });
  } finally {
    await s3?.resume();
  }
  const records = await count(db, 'select count(*) as n from tts_generations where id = $1', [generation.id]);
  report.check('outage: deleting speech while the bucket is down succeeds and deletes the record', deleted.status === 200 && records === 0, `got ${deleted.status}, ${records} record(s)`);
  const [kept, waiting] = [objects(), await pending()];
  report.check('outage: its objects stay, registered for deletion', kept === 2 && waiting === 2, `${kept} object(s), ${waiting} pending row(s)`);
  report.check('outage: nothing is charged', (await ledgerRows()) === rowsBefore);
  const swept = await waitFor('the sweeper', WAIT_MS, async () => objects() === 0 && (await pending()) === 0).then(() => true, () => false);
  report.check('outage: once the bucket is back a sweeper deletes the objects and their rows', swept, `${objects()} object(s), ${await pending()} pending row(s)`);
}

async function musicEventOnOtherNode({ apiA, apiB }: Cluster): Promise<void> {
  const client = new AlternatingClient([apiA, apiB], '10.0.0.3');
  const email = 'music@cluster.example.com';
  const session = await client.register(email);
  await grant(apiA, email, 20_000);
  const socket = connectUserSocket(apiB, session.accessToken);
  try {
    report.check('music: a /user socket opens on node B', await connected(socket));
    const completed = nextEvent<{ _id: string; status: string; audioUrl: string | null }>(socket, MUSIC_TRACK_UPDATED_EVENT, WAIT_MS, (track) => track.status === 'completed' || track.status === 'failed');
    const queued = await client.send('POST', '/api/music/generate', { node: apiA, token: session.accessToken, body: { prompt: 'calm piano ballad', duration: 30 } });
    const track = dataOf<{ _id: string }>(queued, 'music generate on A');
    const event = await completed;
    report.check('music: a job queued on node A is run by a worker and its completion reaches the socket on node B', event?._id === track._id && event.status === 'completed', event ? `${event._id} ${event.status}` : `no event within ${WAIT_MS / 1000} s`);
    if (event?.audioUrl) {
      const url = new URL(event.audioUrl, apiB.baseUrl);
      const played = await request(apiB.baseUrl, { path: url.pathname + url.search, headers: { range: 'bytes=0-1023' } });
      report.check('music: the finished track plays from node B (Range)', played.status === 206 && played.body.length === 1024, `got ${played.status}, ${played.body.length} bytes`);
    }
  } finally {
    socket.close();
  }
}

async function revocationAcrossNodes({ apiA, apiB }: Cluster): Promise<void> {
  const client = new AlternatingClient([apiA, apiB], '10.0.0.4');
  const session = await client.register('revoked@cluster.example.com');
  const socket = connectUserSocket(apiB, session.accessToken);
  try {
    const open = await connected(socket);
    report.check('revocation: a /user socket opens on node B', open);
    const disconnected = nextEvent(socket, 'disconnect', 10_000);
    const logout = await client.send('POST', '/api/auth/logout', { node: apiA, token: session.accessToken, body: { refreshToken: session.refreshToken } });
    report.check('revocation: logout on node A succeeds', logout.status === 200, `got ${logout.status}`);
    const closed = open && (await disconnected) !== null;
    report.check('revocation: revoking the session on node A disconnects its socket on node B', closed, closed ? '' : 'still connected 10 s after logout');
  } finally {
    socket.close();
  }
  const retry = connectUserSocket(apiB, session.accessToken);
  try {
    report.check('revocation: the revoked token cannot open a socket on node B', !(await connected(retry)));
  } finally {
    retry.close();
  }
}

async function limitsAcrossNodes({ apiA, apiB }: Cluster): Promise<void> {
  const client = new AlternatingClient([apiA, apiB], '10.0.0.5');
  const email = 'lockout@cluster.example.com';
  await client.register(email);
  const guesses: number[] = [];
  for (let index = 0; index < LOGIN_LIMIT; index += 1) guesses.push((await client.login(email, `Wrong-Password-${index}!`)).status);
  const right = await client.login(email);
  report.check(
    `limits: ${LOGIN_LIMIT} wrong passwords spread over both nodes lock the account on both`,
    guesses.every((status) => status === 401) && right.status === 429,
    `guesses ${guesses.join(',')}, then the right password: ${right.status}`,
  );
  const rightOnOther = await client.login(email);
  report.check('limits: the lockout holds on the other node too', rightOnOther.status === 429, `got ${rightOnOther.status}`);

  const busy = new AlternatingClient([apiA, apiB], '10.0.0.6');
  const session = await busy.register('busy@cluster.example.com');
  const statuses: number[] = [];
  for (let index = 0; index < API_LIMIT + 6; index += 1) statuses.push((await busy.send('GET', '/api/auth/me', { token: session.accessToken })).status);
  const allowed = statuses.filter((status) => status === 200).length;
  const refused = statuses.filter((status) => status === 429).length;
  report.check(
    `limits: the API limit (${API_LIMIT} a minute) counts calls on both nodes together`,
    allowed === API_LIMIT && refused === statuses.length - API_LIMIT,
    `${allowed}×200, ${refused}×429 over ${statuses.length} calls alternating nodes`,
  );
}

async function workerKilledMidJob(cluster: Cluster): Promise<void> {
  const { apiA, apiB, workerOne, workerTwo, db } = cluster;
  const client = new AlternatingClient([apiA, apiB], '10.0.0.7');
  const email = 'takeover@cluster.example.com';
  const session = await client.register(email);
  await grant(apiA, email, 20_000);
  const userId = await userIdOf(db, email);
  // Worker 2 is frozen while the job is handed out, so worker 1 is the one running it when it is killed.
  workerTwo.pause();
  let track: { _id: string };
  try {
    track = dataOf<{ _id: string }>(
      await client.send('POST', '/api/music/generate', { token: session.accessToken, body: { prompt: 'slow orchestral theme with strings', duration: 120 } }),
      'music generate',
    );
    await waitFor('worker 1 to start the job', WAIT_MS, async () => (await count(db, `select count(*) as n from jobs where user_id = $1 and status = 'processing'`, [userId])) > 0);
  } finally {
    workerTwo.resume();
  }
  await workerOne.kill();
  const stillRunning = await count(db, `select count(*) as n from jobs where user_id = $1 and status = 'processing'`, [userId]);
  report.check('takeover: worker 1 was killed (kill -9) mid-job', stillRunning === 1, `${stillRunning} job(s) processing at the kill`);
  const takeoverStarted = Date.now();
  let finished = true;
  await waitFor('worker 2 to finish the job', TAKEOVER_MS, async () => (await count(db, `select count(*) as n from jobs where user_id = $1 and status in ('queued', 'processing')`, [userId])) === 0).catch(() => {
    finished = false;
  });
  report.figure('takeover after kill -9', `${((Date.now() - takeoverStarted) / 1000).toFixed(1)} s`);
  const reply = await client.send('GET', `/api/music/${track._id}`, { token: session.accessToken });
  const status = (jsonOf(reply) as { data?: { status?: string } } | null)?.data?.status;
  report.check('takeover: the other worker finishes the job (track completed)', finished && status === 'completed', `finished ${finished}, track ${status}`);
  const charges = await count(db, `select count(*) as n from credit_transactions where user_id = $1 and reason = 'charge'`, [userId]);
  report.check('takeover: the track is charged once', charges === 1, `${charges} charge rows`);
  const held = await count(db, `select count(*) as n from credit_reservations where user_id = $1 and status = 'held'`, [userId]);
  report.check('takeover: no hold is left', held === 0, `${held} held`);
  await checkEveryLedger(db, report, 'takeover');
}

/** POSTs a streamed generation; resolves once audio has arrived, with `ended` telling how the stream ended. */
function startStream(node: ServerProcess, csrfToken: string, token: string, text = LONG_TEXT): Promise<{ ended: Promise<'complete' | 'error'> }> {
  const base = new URL(node.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: '/api/voices/generate-tts/stream',
        agent: false,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.8' },
      },
      (incoming) => {
        if (incoming.statusCode !== 200) {
          reject(new Error(`stream answered ${incoming.statusCode}`));
          return;
        }
        const ended = new Promise<'complete' | 'error'>((settle) => {
          incoming.on('end', () => settle(incoming.complete ? 'complete' : 'error'));
          incoming.on('error', () => settle('error'));
          incoming.on('aborted', () => settle('error'));
          incoming.on('close', () => settle(incoming.complete ? 'complete' : 'error'));
        });
        incoming.once('data', () => resolve({ ended }));
        incoming.resume();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify({ text, voiceId: VOICE }));
  });
}

async function nodeStoppedMidStream({ apiA, apiB, db }: Cluster): Promise<void> {
  const client = new AlternatingClient([apiA, apiB], '10.0.0.8');
  const email = 'stream@cluster.example.com';
  const session = await client.register(email);
  await grant(apiB, email, 20_000);
  const userId = await userIdOf(db, email);
  const creditsOf = async () =>
    (jsonOf(await client.send('GET', '/api/auth/me', { node: apiB, token: session.accessToken })) as { data?: { user?: { credits?: number } } } | null)?.data?.user?.credits;
  const before = await creditsOf();
  const stream = await startStream(apiA, await client.csrfToken(), session.accessToken);
  await apiA.kill();
  const outcome = await Promise.race([stream.ended, sleep(10_000).then(() => 'still open' as const)]);
  report.check('stop mid-stream: the client gets an error, not a complete stream', outcome === 'error', outcome);
  // The dead node's hold lapses (CREDIT_HOLD_LEASE_SECONDS) and node B's sweep releases it.
  await waitFor('the stream hold to be released', WAIT_MS, async () => (await count(db, `select count(*) as n from credit_reservations where user_id = $1 and status = 'held'`, [userId])) === 0).catch(() => undefined);
  const charges = await count(db, `select count(*) as n from credit_transactions where user_id = $1 and reason = 'charge'`, [userId]);
  const credits = await creditsOf();
  const held = await count(db, `select count(*) as n from credit_reservations where user_id = $1 and status = 'held'`, [userId]);
  report.check('stop mid-stream: nothing is charged and the hold is released', charges === 0 && held === 0 && credits === before, `${charges} charge rows, ${held} held, balance ${before} before, ${credits} after`);
  report.check('stop mid-stream: node B keeps serving', (await client.send('GET', '/api/auth/me', { node: apiB, token: session.accessToken })).status === 200);
}

/** A clean stop (SIGTERM, as a deploy does) lets a stream in flight finish, and it is charged once. */
async function nodeDrainedMidStream({ apiA, apiB, db }: Cluster): Promise<void> {
  await apiA.launch();
  const client = new AlternatingClient([apiA, apiB], '10.0.0.9');
  const email = 'drain@cluster.example.com';
  const session = await client.register(email);
  await grant(apiB, email, 20_000);
  const userId = await userIdOf(db, email);
  const stream = await startStream(apiA, await client.csrfToken(), session.accessToken, LONG_TEXT.slice(0, 600));
  const signalled = Date.now();
  const endedAt = stream.ended.then(() => Date.now());
  const stopped = apiA.stop();
  const outcome = await Promise.race([stream.ended, sleep(15_000).then(() => 'still open' as const)]);
  await stopped;
  report.figure('clean stop: stream end after SIGTERM', `${(await Promise.race([endedAt, Promise.resolve(Date.now())])) - signalled} ms`);
  report.check('clean stop mid-stream: the stream in flight completes', outcome === 'complete', outcome);
  const charges = await count(db, `select count(*) as n from credit_transactions where user_id = $1 and reason = 'charge'`, [userId]);
  const held = await count(db, `select count(*) as n from credit_reservations where user_id = $1 and status = 'held'`, [userId]);
  report.check('clean stop mid-stream: it is charged once and no hold is left', charges === 1 && held === 0, `${charges} charge rows, ${held} held`);
}

function mediaOnDisk(node: ServerProcess): string[] {
  const media = path.join(node.dataDir, 'media');
  if (!existsSync(media)) return [];
  return readdirSync(media, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const MEDIA_EXTENSIONS = /\.(mp3|wav|ogg|opus|webm|m4a|aac|flac|png|jpe?g|webp|gif|svg)$/i;

/** Every file under a node's data and temporary folders, e.g. to find audio or artwork written outside DATA_DIR/media. */
function filesOf(node: ServerProcess): string[] {
  return [node.dataDir, node.tempDir]
    .filter((folder) => existsSync(folder))
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name)),
    );
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    report.check(`the cluster test finishes within ${WATCHDOG_MS / 60_000} minutes`, false);
    void finish(1);
  }, WATCHDOG_MS);
  let cluster: Cluster | null = null;
  await scenario('start two API nodes and two workers', async () => {
    const startStarted = Date.now();
    cluster = await startCluster();
    report.figure('cluster start-up', `${((Date.now() - startStarted) / 1000).toFixed(1)} s`);
    report.check('cluster: two API nodes and two workers are up', processes.length === 4 && processes.every((node) => node.running));
  });
  const ready = cluster as Cluster | null;
  if (ready) {
    await scenario('sign up on A, sign in on B', () => signUpAndSignIn(ready));
    await scenario('speech made on A plays from B', () => speechAcrossNodes(ready));
    await scenario('speech deleted while the bucket is down', () => deleteDuringStoreOutage(ready));
    await scenario('music queued on A, completion on a socket on B', () => musicEventOnOtherNode(ready));
    await scenario('session revoked on A disconnects the socket on B', () => revocationAcrossNodes(ready));
    await scenario('login lockout and API limit across nodes', () => limitsAcrossNodes(ready));
    await scenario('kill -9 a worker mid-job', () => workerKilledMidJob(ready));
    await scenario('stop a node mid-stream', () => nodeStoppedMidStream(ready));
    await scenario('clean stop of a node mid-stream', () => nodeDrainedMidStream(ready));
    await scenario('no media on any node', async () => {
      const found = processes.flatMap(mediaOnDisk);
      report.check('storage: no media file under DATA_DIR/media of any node (FILE_STORE=s3)', found.length === 0, found.join(', '));
      const stray = processes.flatMap(filesOf).filter((file) => MEDIA_EXTENSIONS.test(file));
      report.check('storage: no audio or image file anywhere in a node\'s DATA_DIR or TMPDIR', stray.length === 0, stray.join(', '));
      report.figure('files left in the nodes\' folders', processes.flatMap(filesOf).map((file) => path.basename(file)).join(', ') || 'none');
      const objects = s3?.objectKeys().length ?? 0;
      report.check('storage: the media is in the bucket', objects >= 3, `${objects} objects`);
    });
    await checkEveryLedger(ready.db, report, 'cluster');
    await ready.db.end();
  }
  clearTimeout(watchdog);
  await finish(report.failed > 0 ? 1 : 0);
}

async function cleanUp(): Promise<void> {
  for (const node of processes) {
    await node.stop();
    if (report.failed === 0) node.removeFolder();
    else console.log(`  (log kept: ${node.logPath})`);
  }
  await s3?.close();
  database?.drop();
  await deleteRedisKeys(REDIS_URL, REDIS_PREFIX);
}

let finishing = false;
async function finish(code: number): Promise<void> {
  if (finishing) return;
  finishing = true;
  await cleanUp().catch((error: unknown) => console.error('clean-up failed:', error));
  report.figure('duration', `${((Date.now() - started) / 1000).toFixed(0)} s`);
  report.print();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    report.check(`the cluster test was not interrupted (${signal})`, false);
    void finish(1);
  });
}

void main();
