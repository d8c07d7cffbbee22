/**
 * Developer API benchmark: time to the first audio byte of POST /v1/audio/speech (streamed MP3, API key, 500
 * characters) against Debian's native espeak-ng writing the whole WAV for the same text, in one run. Goal: the first
 * byte within 100 ms. Medians of BENCH_RUNS runs. Run with `npm run bench` from the repository root.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AuthSession, CreatedApiKey } from '@sound-studio/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
import { issueCsrfToken } from '../src/lib/csrf.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TEXT = (
  'The lighthouse keeper climbed the spiral stairs every evening just before sunset. From the top, she could see ' +
  'the fishing boats returning, their lamps flickering like low stars. Some nights the fog rolled in so thickly that ' +
  'the beam seemed to stop a few metres from the glass. On those nights she sounded the horn every thirty seconds ' +
  'and wrote the time in a worn leather book. Her grandfather had kept the same light for forty-two years, and his ' +
  'handwriting still filled the early pages of it.'
).slice(0, 500);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function firstByteMs(url: string, key: string): Promise<{ firstByteMs: number; totalMs: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/v1/audio/speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: TEXT, response_format: 'mp3' }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`speech failed: ${response.status} ${await response.text()}`);
  let first = Number.NaN;
  for await (const chunk of response.body) if (Number.isNaN(first) && chunk.length > 0) first = performance.now() - started;
  return { firstByteMs: first, totalMs: performance.now() - started };
}

function nativeMs(textFile: string, wavFile: string): number {
  const started = performance.now();
  const result = spawnSync('espeak-ng', ['-v', 'en-us', '-w', wavFile, '-f', textFile]);
  if (result.status !== 0) throw new Error('espeak-ng not available');
  return performance.now() - started;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sound-studio-v1-bench-'));
  const config = loadConfig({ DATA_DIR: workDir, LOG_LEVEL: 'silent', API_KEY_RATE_LIMIT_MAX: '100000' });
  const app = await buildApp(config);
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    await app.speech.warmUp();
    const csrf = () => issueCsrfToken(config.jwtSecret, Date.now()).token;
    const post = async (route: string, body: unknown, token?: string) =>
      (await fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((reply) => reply.json())) as { data: unknown };
    const session = (await post('/api/auth/register', { name: 'Bench', email: 'bench@example.com', password: 'Sunny-Meadow-42!' })).data as AuthSession;
    await app.db.update(users).set({ planName: 'pro' }).where(eq(users.id, session.user.id));
    await app.credits.grant(session.user.id, 100_000, 'admin_grant', 'benchmark');
    const { key } = (await post('/api/api-keys', { name: 'bench' }, session.accessToken)).data as CreatedApiKey;

    await firstByteMs(url, key); // untimed: encoder loaded, WASM tiered up
    const streamed = [];
    for (let run = 0; run < RUNS; run += 1) streamed.push(await firstByteMs(url, key));
    const textFile = path.join(workDir, 'text.txt');
    writeFileSync(textFile, TEXT);
    const native = spawnSync('espeak-ng', ['--version']).status === 0
      ? Array.from({ length: RUNS }, () => nativeMs(textFile, path.join(workDir, 'out.wav')))
      : [];
    console.log(`\n/v1/audio/speech, ${TEXT.length} characters (median of ${RUNS}; load ${loadavg().map((v) => v.toFixed(1)).join(' ')})\n`);
    console.log('| Path | First byte | Total |');
    console.log('|---|---|---|');
    console.log(`| POST /v1/audio/speech (MP3, streamed) | ${median(streamed.map((r) => r.firstByteMs)).toFixed(0)} ms | ${median(streamed.map((r) => r.totalMs)).toFixed(0)} ms |`);
    if (native.length > 0) console.log(`| native espeak-ng -w (whole WAV) | – | ${median(native).toFixed(0)} ms |`);
    else console.log('\nnative espeak-ng is not installed, so there is no comparison: apt-get install -y espeak-ng');
  } finally {
    await app.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
