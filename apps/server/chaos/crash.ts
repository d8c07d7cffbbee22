import http from 'node:http';
import pg from 'pg';
import type { ApiClient, ChaosUser } from './api-client.ts';
import { dataOf, multipartBody } from './http.ts';
import type { Report } from './report.ts';
import { sleep, type ServerProcess } from './server-process.ts';

const LONG_TEXT = 'The quick brown fox jumps over the lazy dog while the chaos suite waits. '.repeat(70).slice(0, 5000);
const WAIT_FOR_WORK_MS = 60_000;
const WAIT_FOR_JOBS_AFTER_RESTART_MS = 150_000;
/** The start-up sweep runs before the server answers; this only absorbs a sweep that runs just after. */
const WAIT_FOR_SWEEP_MS = 15_000;
const POLL_MS = 50;

type Operation = 'tts' | 'stream' | 'music' | 'isolation';
const OPERATIONS: Operation[] = ['tts', 'stream', 'music', 'isolation'];

export interface CrashContext {
  server: ServerProcess;
  client: ApiClient;
  databaseUrl: string;
  report: Report;
  /** Users created per operation, each with enough credits for its work. */
  users: Record<Operation, ChaosUser>;
}

/** Sums a query's single number. */
export async function count(db: pg.Client, text: string, values: unknown[] = []): Promise<number> {
  const result = await db.query<{ n: string }>(text, values);
  return Number(result.rows[0]?.n ?? 0);
}

export async function userIdOf(db: pg.Client, email: string): Promise<string> {
  const result = await db.query<{ id: string }>('select id from users where email = $1', [email]);
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}

const heldCount = (db: pg.Client, userId: string) =>
  count(db, `select count(*) as n from credit_reservations where user_id = $1 and status = 'held'`, [userId]);
const runningJobs = (db: pg.Client, userId?: string) =>
  count(
    db,
    `select count(*) as n from jobs where status in ('queued', 'processing')${userId ? ' and user_id = $1' : ''}`,
    userId ? [userId] : [],
  );

async function waitFor(what: string, deadlineMs: number, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

/** A noisy tone that switches on and off three times a second: speech-like for the gate, work for RNNoise. */
export function noisyWav(seconds: number, seed = 7): Buffer {
  const sampleRate = 16_000;
  const samples = sampleRate * seconds;
  const data = Buffer.alloc(samples * 2);
  let state = seed;
  for (let index = 0; index < samples; index += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const noise = (state / 4_294_967_296) * 2 - 1;
    const time = index / sampleRate;
    const gate = Math.floor(time * 3) % 2 === 0 ? 1 : 0.1;
    const tone = Math.sin(2 * Math.PI * (180 + 40 * Math.sin(2 * Math.PI * 3 * time)) * time) * gate;
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, 0.3 * tone + 0.2 * noise)) * 32_000), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Starts a streamed generation and resolves once audio bytes have arrived (the request stays open). */
function startStream(context: CrashContext, csrfToken: string): Promise<void> {
  const base = new URL(context.server.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: '/api/voices/generate-tts/stream',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': csrfToken,
          authorization: `Bearer ${context.users.stream.session.accessToken}`,
        },
      },
      (incoming) => {
        if (incoming.statusCode !== 200) reject(new Error(`stream answered ${incoming.statusCode}`));
        incoming.once('data', () => resolve());
        incoming.on('error', () => undefined); // the kill ends it
      },
    );
    outgoing.on('error', (error) => reject(error));
    outgoing.end(JSON.stringify({ text: LONG_TEXT, voiceId: 'en-us-radiant-girl' }));
  });
}

/** Leftover temporary files of uploads, isolation and decoding in the server's own TMPDIR. */
function temporaryLeftovers(server: ServerProcess): string[] {
  return server.temporaryFiles();
}

/**
 * kill -9 while a TTS request, a stream, a music render and an isolation are all in flight, restart on the same
 * database and folder, and check that every balance equals its ledger, no hold outlives the sweep and no temporary
 * file is left. Returns the number of stranded holds.
 */
export async function runCrashScenario(context: CrashContext): Promise<number> {
  const db = new pg.Client({ connectionString: context.databaseUrl });
  await db.connect();
  try {
    return await crashAndCheck(context, db);
  } finally {
    await db.end();
  }
}

async function crashAndCheck(context: CrashContext, db: pg.Client): Promise<number> {
  const { client, users, report, server } = context;
  const ids: Record<Operation, string> = {
    tts: await userIdOf(db, users.tts.email),
    stream: await userIdOf(db, users.stream.email),
    music: await userIdOf(db, users.music.email),
    isolation: await userIdOf(db, users.isolation.email),
  };
  const leftoversBefore = new Set(temporaryLeftovers(server));

  const wav = multipartBody({}, { name: 'file', fileName: 'noisy.wav', contentType: 'audio/wav', bytes: noisyWav(60) });
  dataOf(
    await client.send({ method: 'POST', path: '/api/voice-isolator/jobs', token: users.isolation.session.accessToken, headers: { 'content-type': wav.contentType }, body: wav.body }),
    'isolation upload',
  );
  dataOf(await client.json('POST', '/api/music/generate', { prompt: 'calm piano ballad', duration: 30 }, users.music.session.accessToken), 'music generate');
  const processing = (userId: string) => count(db, `select count(*) as n from jobs where user_id = $1 and status = 'processing'`, [userId]);
  await waitFor('the music and isolation jobs to run', WAIT_FOR_WORK_MS, async () => (await processing(ids.music)) > 0 && (await processing(ids.isolation)) > 0);

  const csrfToken = await client.csrfToken();
  const ttsReply = client.json('POST', '/api/voices/generate-tts', { text: LONG_TEXT, voiceId: 'en-us-radiant-girl' }, users.tts.session.accessToken);
  ttsReply.catch(() => undefined); // the kill cuts it off
  await startStream(context, csrfToken);
  await waitFor('the speech hold', WAIT_FOR_WORK_MS, async () => (await heldCount(db, ids.tts)) > 0);

  const heldAtKill: number[] = [];
  for (const operation of OPERATIONS) heldAtKill.push(await heldCount(db, ids[operation]));
  await server.kill();
  const summary = OPERATIONS.map((operation, index) => `${operation} ${heldAtKill[index]}`).join(', ');
  report.check('crash: tts, stream, music and isolation each held credits at the kill', heldAtKill.every((held) => held > 0), summary);

  await server.launch();
  let jobsFinished = true;
  await waitFor('restarted jobs to finish', WAIT_FOR_JOBS_AFTER_RESTART_MS, async () => (await runningJobs(db)) === 0).catch(() => {
    jobsFinished = false;
  });
  report.check('crash: jobs requeued after the restart finish', jobsFinished, `${await runningJobs(db)} still queued or processing`);
  await waitFor('the hold sweep', WAIT_FOR_SWEEP_MS, async () => (await count(db, `select count(*) as n from credit_reservations where status = 'held'`)) === 0).catch(() => undefined);

  let stranded = 0;
  for (const operation of OPERATIONS) {
    const held = await heldCount(db, ids[operation]);
    stranded += held;
    report.check(`crash: no hold stranded by kill -9 mid-${operation}`, held === 0, `${held} reservation(s) still held`);
  }
  await checkEveryLedger(db, report);
  const leftovers = temporaryLeftovers(server).filter((name) => !leftoversBefore.has(name));
  report.check('crash: no temporary upload or decode file left after the restart', leftovers.length === 0, leftovers.join(', '));
  const allHeld = await count(db, `select count(*) as n from credit_reservations where status = 'held'`);
  return Math.max(stranded, allHeld);
}

/** For every user in the database: the cached balance equals the sum of the ledger. */
export async function checkEveryLedger(db: pg.Client, report: Report, label = 'crash'): Promise<void> {
  const result = await db.query<{ email: string; credits: number; ledger: string }>(
    `select u.email, u.credits, coalesce(sum(t.amount), 0) as ledger
       from users u left join credit_transactions t on t.user_id = u.id
      group by u.id, u.email, u.credits`,
  );
  const mismatched = result.rows.filter((row) => Number(row.ledger) !== row.credits);
  report.check(
    `${label}: every balance equals its ledger (${result.rows.length} users)`,
    mismatched.length === 0,
    mismatched.map((row) => `${row.email}: balance ${row.credits}, ledger ${row.ledger}`).join('; '),
  );
}
