/**
 * Streaming speech benchmark: HTTP time to first byte and total time of POST /api/voices/generate-tts/stream for
 * 1,000 and 5,000 characters, through the real route of an app listening on 127.0.0.1 (local engine, embedded
 * database), against the native pipeline in the same run: Debian's espeak-ng writing the text to a WAV file, then
 * lame encoding it to 128 kbps MP3, one after the other. The same for the developer API (`POST /v1/audio/speech` with
 * an API key, at its 4,096-character limit) and for a long-form job (a 20,000-character document uploaded to
 * `POST /api/tts/documents`, polled at `GET /api/tts/jobs/:id` until its MP3 is ready). Then capacity: 10 concurrent 1,000-character streams, in
 * characters per second per core, beside 10 native espeak-ng processes run in parallel. Medians of five runs, ours
 * and native in turns, because the machine may be shared. Run with `npm run bench` from the repository root.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseMp3Frames } from '@sound-studio/audio';
import { eq } from 'drizzle-orm';
import type { AuthSession, CreatedApiKey, DocumentReply, Envelope, TtsHistoryReply, TtsJob } from '@sound-studio/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { jobs, users } from '../src/db/schema.ts';
import { OPENAI_INPUT_MAX_LENGTH } from '../src/features/tts/v1/openai-routes.ts';
import { issueCsrfToken } from '../src/lib/csrf.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SIZES = [1000, 5000];
const VOICE = 'en-us-madison';
/** The OpenAI voice that maps to VOICE. */
const OPENAI_VOICE = 'alloy';
const LONG_FORM_CHARACTERS = 20_000;
const JOB_POLL_MS = 100;
const NATIVE_SAMPLE_RATE = 22_050;

const PROSE = [
  'The lighthouse keeper climbed the spiral stairs every evening just before sunset.',
  'From the top, she could see the fishing boats returning, their lamps flickering like low stars.',
  'Some nights the fog rolled in so thickly that the beam seemed to stop a few metres from the glass.',
  'On those nights she sounded the horn every thirty seconds and wrote the time in a worn leather book.',
  'Her grandfather had kept the same light for forty-two years, and his handwriting still filled the early pages.',
  'Visitors sometimes asked whether she felt lonely, surrounded by nothing but water and wind.',
  'She always answered that the sea was never quiet enough to be lonely.',
];

/** Whole sentences up to the limit, then the start of the next one, so the length is close to exact. */
function englishText(characters: number): string {
  let text = '';
  for (let index = 0; ; index += 1) {
    const sentence = PROSE[index % PROSE.length] ?? '';
    if (text.length + sentence.length + 1 > characters) {
      const partial = sentence.slice(0, sentence.lastIndexOf(' ', characters - text.length - 2));
      return partial.length > 0 ? `${text}${partial}.` : text.trim();
    }
    text += `${sentence} `;
  }
}

interface Measurement {
  firstByteMs: number;
  totalMs: number;
  audioSeconds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function medianOf(results: Measurement[]): Measurement {
  return {
    firstByteMs: median(results.map((result) => result.firstByteMs)),
    totalMs: median(results.map((result) => result.totalMs)),
    audioSeconds: median(results.map((result) => result.audioSeconds)),
  };
}

/**
 * Runs ours and the native peer in turns (ours, native, ours, ...), so a neighbour's load on a shared machine falls on
 * both alike, and takes each one's median.
 */
async function interleaved(
  ours: () => Promise<Measurement>,
  native: (() => Promise<Measurement>) | null,
): Promise<{ ours: Measurement; native: Measurement | null }> {
  const oursResults: Measurement[] = [];
  const nativeResults: Measurement[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    oursResults.push(await ours());
    if (native) nativeResults.push(await native());
  }
  return { ours: medianOf(oursResults), native: native ? medianOf(nativeResults) : null };
}

async function streamOnce(baseUrl: string, headers: Record<string, string>, text: string): Promise<Measurement> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/voices/generate-tts/stream`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ text, voiceId: VOICE }),
  });
  return readMp3Stream(response, started, 'stream');
}

async function v1SpeechOnce(baseUrl: string, apiKey: string, text: string): Promise<Measurement> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/audio/speech`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'tts-1', voice: OPENAI_VOICE, input: text, response_format: 'mp3' }),
  });
  return readMp3Stream(response, started, '/v1/audio/speech');
}

/** Reads a streamed MP3 reply to its end: time to the first chunk, to the last, and the audio's length. */
async function readMp3Stream(response: Response, started: number, label: string): Promise<Measurement> {
  if (response.status !== 200 || !response.body) throw new Error(`${label} failed: ${response.status} ${await response.text()}`);
  const chunks: Uint8Array[] = [];
  let firstByteMs = Number.NaN;
  for await (const chunk of response.body) {
    if (chunks.length === 0) firstByteMs = performance.now() - started;
    chunks.push(chunk);
  }
  return { firstByteMs, totalMs: performance.now() - started, audioSeconds: parseMp3Frames(Buffer.concat(chunks)).durationSeconds };
}

/**
 * A document long enough to become a long-form job: uploaded, then the job API polled (as a client would, every
 * JOB_POLL_MS) until its MP3 is ready. The time is taken to the job's `finishedAt`, so the poll's own delay is not in it.
 */
async function longFormOnce(app: App, baseUrl: string, headers: Record<string, string>, text: string): Promise<Measurement> {
  const startedAt = Date.now();
  const form = new FormData();
  form.append('voiceId', VOICE);
  form.append('file', new Blob([text], { type: 'text/plain' }), 'chapter.txt');
  const upload = await fetch(`${baseUrl}/api/tts/documents`, { method: 'POST', headers, body: form });
  const reply = ((await upload.json()) as { data?: DocumentReply }).data;
  if (upload.status !== 200 || reply?.kind !== 'job') throw new Error(`the document did not become a job: ${upload.status}`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
    const poll = await fetch(`${baseUrl}/api/tts/jobs/${reply.job.id}`, { headers: { authorization: headers.authorization ?? '' } });
    const job = ((await poll.json()) as { data: TtsJob }).data;
    if (job.status === 'failed') throw new Error(`the long-form job failed: ${job.error}`);
    if (job.status !== 'completed' || !job.generationId) continue;
    const [record] = await app.db.select({ finishedAt: jobs.finishedAt }).from(jobs).where(eq(jobs.id, job.id));
    if (!record?.finishedAt) throw new Error('a completed job without finishedAt');
    return { firstByteMs: Number.NaN, totalMs: record.finishedAt.getTime() - startedAt, audioSeconds: await generationSeconds(baseUrl, headers, job.generationId) };
  }
}

async function generationSeconds(baseUrl: string, headers: Record<string, string>, generationId: string): Promise<number> {
  const history = await fetch(`${baseUrl}/api/tts/history?limit=50`, { headers: { authorization: headers.authorization ?? '' } });
  const items = ((await history.json()) as { data: TtsHistoryReply }).data.items;
  return items.find((item) => item.id === generationId)?.durationSeconds ?? Number.NaN;
}

/**
 * The native pipeline, one process after the other. Spawned without blocking: the server shares this process, and an
 * event loop held for a second and a half made our next request pay for the timers it had put off (about 110 ms).
 */
async function nativeOnce(textFile: string, wavFile: string): Promise<Measurement> {
  const started = performance.now();
  await runProcess('espeak-ng', ['-v', 'en-us', '-w', wavFile, '-f', textFile]);
  await runProcess('lame', ['--quiet', '-b', '128', wavFile, `${wavFile}.mp3`]);
  const totalMs = performance.now() - started;
  return { firstByteMs: Number.NaN, totalMs, audioSeconds: (statSync(wavFile).size - 44) / 2 / NATIVE_SAMPLE_RATE };
}

/** Runs a command to its end without blocking the event loop; rejects on a non-zero exit. */
function runProcess(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

const CONCURRENT = 10;
const CAPACITY_CHARACTERS = 1000;

/** Characters per second per core with CONCURRENT requests in flight at once. */
async function capacity(speakAll: () => Promise<unknown>, characters: number): Promise<number> {
  const started = performance.now();
  await speakAll();
  const seconds = (performance.now() - started) / 1000;
  return (characters * CONCURRENT) / seconds / availableParallelism();
}

function hasNativeEspeak(): boolean {
  const present = () => spawnSync('espeak-ng', ['--version']).status === 0 && spawnSync('lame', ['--version']).status === 0;
  if (present()) return true;
  console.log('espeak-ng or lame not found: installing Debian’s packages (apt-get install -y espeak-ng lame)…');
  spawnSync('sh', ['-c', 'apt-get install -y espeak-ng lame || (apt-get update && apt-get install -y espeak-ng lame)'], { stdio: 'ignore' });
  return present();
}

const format = (value: number, digits = 0, unit = ''): string => (Number.isFinite(value) ? `${value.toFixed(digits)}${unit}` : '–');
const realTimeFactor = (measurement: Measurement): number => measurement.totalMs / 1000 / measurement.audioSeconds;

function row(label: string, characters: number, measurement: Measurement): string {
  const cells = [
    format(measurement.audioSeconds, 1, ' s'),
    format(measurement.firstByteMs, 0, ' ms'),
    format(measurement.totalMs, 0, ' ms'),
    realTimeFactor(measurement).toFixed(4),
  ];
  return `| ${label} | ${characters} | ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sound-studio-tts-bench-'));
  // The featured music catalogue a fresh install renders once in the background would share the cores: off here,
  // unless CATALOGUE=on asks to measure speech beside it.
  const config = loadConfig({
    DATA_DIR: workDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_API_MAX: '100000',
    API_KEY_RATE_LIMIT_MAX: '100000',
    API_KEY_USER_RATE_LIMIT_MAX: '100000',
    FEATURED_CATALOGUE: process.env.CATALOGUE ?? 'off',
  });
  const app = await buildApp(config);
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const warmStart = performance.now();
    await app.speech.warmUp();
    const warmUpMs = performance.now() - warmStart;
    const csrf = () => issueCsrfToken(config.jwtSecret, Date.now()).token;
    const register = await fetch(`${address}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf() },
      body: JSON.stringify({ name: 'Bench User', email: 'bench@example.com', password: 'Sunny-Meadow-42!' }),
    });
    const session = ((await register.json()) as Envelope<AuthSession> & { data: AuthSession }).data;
    // The developer API needs a paid plan; a long-form job holds its credits up front.
    await app.db.update(users).set({ planName: 'pro' }).where(eq(users.id, session.user.id));
    await app.credits.grant(session.user.id, 10_000_000, 'admin_grant', 'benchmark');
    const headers = () => ({ authorization: `Bearer ${session.accessToken}`, 'x-csrf-token': csrf() });
    const keyReply = await fetch(`${address}/api/api-keys`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const apiKey = ((await keyReply.json()) as { data: CreatedApiKey }).data.key;
    const hasNative = hasNativeEspeak();

    await streamOnce(address, headers(), englishText(300)); // one untimed pass: encoder loaded, WASM tiered up
    console.log(`\nSpeech streaming over HTTP (median of ${RUNS} runs, ours and native in turns; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')})`);
    console.log(`Engine warm-up at start-up: ${format(warmUpMs)} ms\n`);
    console.log('| Path | Characters | Audio | First byte | Total | RTF |');
    console.log('|---|---|---|---|---|---|');
    const ratios: string[] = [];
    const paths: Array<{ label: string; size: number; run: (text: string) => Promise<Measurement> }> = [
      ...SIZES.map((size) => ({ label: 'POST /api/voices/generate-tts/stream (MP3)', size, run: (text: string) => streamOnce(address, headers(), text) })),
      { label: 'POST /v1/audio/speech (MP3, API key)', size: OPENAI_INPUT_MAX_LENGTH, run: (text: string) => v1SpeechOnce(address, apiKey, text) },
      { label: 'long-form job (document upload to MP3 ready)', size: LONG_FORM_CHARACTERS, run: (text: string) => longFormOnce(app, address, headers(), text) },
    ];
    for (const { label, size, run } of paths) {
      const text = englishText(size);
      const textFile = path.join(workDir, `text-${size}.txt`);
      writeFileSync(textFile, text);
      const measured = await interleaved(() => run(text), hasNative ? () => nativeOnce(textFile, path.join(workDir, 'out.wav')) : null);
      const streamed = measured.ours;
      console.log(row(label, text.length, streamed));
      const native = measured.native;
      if (!native) continue;
      console.log(row('native espeak-ng -w, then lame -b 128 (MP3)', text.length, native));
      const firstByte = Number.isFinite(streamed.firstByteMs)
        ? `first byte after ${format((streamed.firstByteMs / native.totalMs) * 100)}% of the native pipeline's whole run; `
        : '';
      ratios.push(
        `${label}, ${text.length} chars: ${firstByte}whole ${format(streamed.totalMs / native.totalMs, 2)}x native (RTF ` +
          `${format(realTimeFactor(streamed) / realTimeFactor(native), 2)}x)`,
      );
    }
    console.log(hasNative ? `\n${ratios.join('\n')}` : '\nNative espeak-ng or lame unavailable: no comparison.');

    const capacityText = englishText(CAPACITY_CHARACTERS);
    const capacityFile = path.join(workDir, 'capacity.txt');
    writeFileSync(capacityFile, capacityText);
    const ours = await capacity(
      () => Promise.all(Array.from({ length: CONCURRENT }, () => streamOnce(address, headers(), capacityText))),
      capacityText.length,
    );
    console.log(`\nCapacity: ${CONCURRENT} concurrent ${capacityText.length}-character streams, ${availableParallelism()} cores`);
    console.log(`  POST /api/voices/generate-tts/stream (MP3): ${format(ours)} characters/s per core`);
    if (hasNative) {
      const native = await capacity(
        () => Promise.all(Array.from({ length: CONCURRENT }, (_, index) => runProcess('espeak-ng', ['-v', 'en-us', '-w', path.join(workDir, `parallel-${index}.wav`), '-f', capacityFile]))),
        capacityText.length,
      );
      console.log(`  native espeak-ng x${CONCURRENT} in parallel (WAV, no encoding): ${format(native)} characters/s per core (ours ${format(ours / native, 2)}x)`);
    }
  } finally {
    await app.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
