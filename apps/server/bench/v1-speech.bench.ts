/**
 * Developer API benchmark: time to the first audio byte of POST /v1/audio/speech (streamed MP3, API key, 500
 * characters) against Debian's native espeak-ng writing the whole WAV for the same text, in one run. Goal: the first
 * byte within 100 ms. Median and p95 of BENCH_RUNS runs (default 20), the two paths interleaved so both see the same
 * machine load. Run with `npm run bench` (all benchmarks) or alone with `npm run bench -- v1-speech`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { AuthSession, CreatedApiKey } from '@sound-studio/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
import { issueCsrfToken } from '../src/lib/csrf.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TEXT =
  'The lighthouse keeper climbed the spiral stairs every evening just before sunset. From the top, she could see ' +
  'the fishing boats returning, their lamps flickering like low stars. Some nights the fog rolled in so thickly that ' +
  'the beam seemed to stop a few metres from the glass. On those nights she sounded the horns every thirty seconds ' +
  'and wrote the time in a worn leather book. Her grandfather had kept the same light for forty-two long years, and ' +
  'his handwriting still filled the early pages of it.';
if (TEXT.length !== 500) throw new Error(`the bench text must be 500 characters, not ${TEXT.length}`);
/** A pause between runs, as between two clients' calls: the previous call's tail work does not overlap the next. */
const PAUSE_MS = 300;

/** The value below which `share` of the values fall (nearest rank). */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

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
  if (result.status !== 0) throw new Error('espeak-ng failed');
  return performance.now() - started;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sound-studio-v1-bench-'));
  // The featured music catalogue a fresh install renders once in the background would share the cores: off here.
  const config = loadConfig({
    DATA_DIR: workDir, LOG_LEVEL: 'silent', API_KEY_RATE_LIMIT_MAX: '100000', API_KEY_USER_RATE_LIMIT_MAX: '100000', FEATURED_CATALOGUE: 'off',
  });
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

    const textFile = path.join(workDir, 'text.txt');
    writeFileSync(textFile, TEXT);
    const hasNative = spawnSync('espeak-ng', ['--version']).status === 0;
    await firstByteMs(url, key); // untimed: encoder loaded, WASM tiered up
    const streamed: Array<{ firstByteMs: number; totalMs: number }> = [];
    const native: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await sleep(PAUSE_MS);
      streamed.push(await firstByteMs(url, key));
      if (hasNative) native.push(nativeMs(textFile, path.join(workDir, 'out.wav')));
    }
    const firstBytes = streamed.map((result) => result.firstByteMs);
    const totals = streamed.map((result) => result.totalMs);
    const load = loadavg().map((value) => value.toFixed(1)).join(' ');
    console.log(`\n/v1/audio/speech, ${TEXT.length} characters, ${RUNS} runs (load ${load}; goal: first byte ≤ 100 ms)\n`);
    console.log('| Path | First byte median | First byte p95 | Total median | Total p95 |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| POST /v1/audio/speech (MP3, streamed) | ${ms(percentile(firstBytes, 0.5))} | ${ms(percentile(firstBytes, 0.95))} | ` +
        `${ms(percentile(totals, 0.5))} | ${ms(percentile(totals, 0.95))} |`,
    );
    if (native.length === 0) {
      console.log('\nnative espeak-ng is not installed, so there is no comparison: apt-get install -y espeak-ng');
      return;
    }
    console.log(`| native espeak-ng -w (whole WAV) | – | – | ${ms(percentile(native, 0.5))} | ${ms(percentile(native, 0.95))} |`);
    const ratio = percentile(firstBytes, 0.5) / percentile(native, 0.5);
    console.log(`\nFirst byte over espeak-ng's whole WAV (medians): ${ratio.toFixed(2)}`);
  } finally {
    await app.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
