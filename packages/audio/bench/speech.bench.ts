/**
 * Speech benchmark: real-time factor and time to first audio for 1,000 and 5,000 characters of English through the
 * WASM engine (worker threads, full pipeline), the same WASM synthesizer raw on one thread, and Debian's native
 * espeak-ng CLI, all in the same run; plus MP3 encoding speed. Each figure is the median of several runs because the
 * machine may be shared.
 *
 *   npm run bench -w @sound-studio/audio
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeMp3 } from '../src/codec/mp3.ts';
import { EspeakSynthesizer } from '../src/speech/local/espeak-synthesizer.ts';
import { LocalSpeechEngine } from '../src/speech/local/local-engine.ts';
import { normalizeText } from '../src/speech/normalize/normalize.ts';
import type { SpeechRequest } from '../src/speech/types.ts';

const RUNS = 3;
const NATIVE_SAMPLE_RATE = 22_050;

const PROSE = [
  'The lighthouse keeper climbed the spiral stairs every evening just before sunset.',
  'From the top, she could see the fishing boats returning, their lamps flickering like low stars.',
  'Some nights the fog rolled in so thickly that the beam seemed to stop a few metres from the glass.',
  'On those nights she sounded the horn every thirty seconds and wrote the time in a worn leather book.',
  'Her grandfather had kept the same light for forty-two years, and his handwriting still filled the early pages.',
  'Visitors sometimes asked whether she felt lonely, surrounded by nothing but water and wind.',
  'She always answered that the sea was never quiet enough to be lonely.',
  'There were gulls to watch, engines to oil, and weather reports to read aloud to nobody in particular.',
];

/** Whole sentences up to the limit, topped up with the start of the next sentence so the length is close to exact. */
function englishText(characters: number): string {
  let text = '';
  for (let index = 0; ; index++) {
    const sentence = PROSE[index % PROSE.length] ?? '';
    if (text.length + sentence.length + 1 > characters) {
      const room = characters - text.length - 1;
      const partial = sentence.slice(0, sentence.lastIndexOf(' ', room - 1));
      return partial.length > 0 ? `${text}${partial}.` : text.trim();
    }
    text += `${sentence} `;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface Measurement {
  firstAudioMs: number;
  totalMs: number;
  audioSeconds: number;
}

const request = (text: string): SpeechRequest => ({ text, voice: 'en-us-madison', speed: 1, pitch: 0, volume: 1, mood: 'neutral' });

async function measureEngine(engine: LocalSpeechEngine, text: string): Promise<Measurement> {
  const started = performance.now();
  let firstAudioMs = 0;
  let audioSeconds = 0;
  for await (const chunk of engine.speakStream(request(text))) {
    if (audioSeconds === 0) firstAudioMs = performance.now() - started;
    audioSeconds += chunk.durationSeconds;
  }
  return { firstAudioMs, totalMs: performance.now() - started, audioSeconds };
}

/** The synthesizer alone: one thread, the whole text in one call, no normalisation or post-processing. */
function measureRawWasm(synthesizer: EspeakSynthesizer, text: string): Measurement {
  const started = performance.now();
  const samples = synthesizer.synthesize(normalizeText(text, 'en'), { voice: 'en-us', rate: 175, pitch: 50, pitchRange: 50 });
  const totalMs = performance.now() - started;
  return { firstAudioMs: Number.NaN, totalMs, audioSeconds: samples.length / synthesizer.sampleRate };
}

/** Native espeak-ng writing WAV to stdout: first audio is the first byte after the 44-byte header. */
function measureNative(textFile: string): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstAudioMs = 0;
    let bytes = 0;
    const child = spawn('espeak-ng', ['-v', 'en-us', '--stdout', '-f', textFile]);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (firstAudioMs === 0 && bytes > 44) firstAudioMs = performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`espeak-ng exited with ${code}`));
      resolve({ firstAudioMs, totalMs: performance.now() - started, audioSeconds: (bytes - 44) / 2 / NATIVE_SAMPLE_RATE });
    });
  });
}

function ensureNativeEspeak(): boolean {
  if (spawnSync('espeak-ng', ['--version']).status === 0) return true;
  console.log('espeak-ng not found: installing Debian’s package (apt-get install -y espeak-ng)…');
  const install = spawnSync('apt-get', ['install', '-y', 'espeak-ng'], { stdio: 'ignore' });
  if (install.status !== 0) spawnSync('sh', ['-c', 'apt-get update && apt-get install -y espeak-ng'], { stdio: 'ignore' });
  return spawnSync('espeak-ng', ['--version']).status === 0;
}

async function repeat(runs: number, measure: () => Promise<Measurement> | Measurement): Promise<Measurement> {
  const results: Measurement[] = [];
  for (let run = 0; run < runs; run++) results.push(await measure());
  return {
    firstAudioMs: median(results.map((result) => result.firstAudioMs)),
    totalMs: median(results.map((result) => result.totalMs)),
    audioSeconds: median(results.map((result) => result.audioSeconds)),
  };
}

const realTimeFactor = (measurement: Measurement): number => measurement.totalMs / 1000 / measurement.audioSeconds;
const format = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function row(label: string, characters: number, measurement: Measurement): string {
  const rtf = realTimeFactor(measurement);
  return `| ${label} | ${characters} | ${format(measurement.audioSeconds)} s | ${format(measurement.firstAudioMs, 0)} ms | ${format(measurement.totalMs, 0)} ms | ${rtf.toFixed(4)} | ${format(1 / rtf, 0)}x |`;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'speech-bench-'));
  const hasNative = ensureNativeEspeak();
  // Warmed as a server warms it at start-up (apps/server's engine): until V8 has optimised eSpeak's hot code.
  const engine = new LocalSpeechEngine({ warmUp: 'steady' });
  const coldStart = performance.now();
  await engine.warmUp();
  const warmUpMs = performance.now() - coldStart;
  const synthesizer = await EspeakSynthesizer.load();
  synthesizer.warmUp();
  // One untimed pass through each path, so every measured run sees tiered-up WASM.
  await measureEngine(engine, englishText(1000));
  measureRawWasm(synthesizer, englishText(1000));

  console.log(`\nSpeech benchmark (median of ${RUNS} runs; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')})`);
  console.log(`Engine start (2 worker threads, WASM instantiate + a server's steady warm-up): ${warmUpMs.toFixed(0)} ms\n`);
  console.log('| Engine | Characters | Audio | First audio | Total | RTF | Speed |');
  console.log('|---|---|---|---|---|---|---|');
  const ratios: string[] = [];
  let longestPcm: Float32Array | undefined;
  for (const characters of [1000, 5000]) {
    const text = englishText(characters);
    const textFile = join(workDir, `text-${characters}.txt`);
    writeFileSync(textFile, text);
    const wasm = await repeat(RUNS, () => measureEngine(engine, text));
    const raw = await repeat(RUNS, () => measureRawWasm(synthesizer, text));
    console.log(row('WASM engine (workers, full pipeline)', text.length, wasm));
    console.log(row('WASM raw (1 thread, no post-processing)', text.length, raw));
    if (hasNative) {
      const native = await repeat(RUNS, () => measureNative(textFile));
      console.log(row('native espeak-ng CLI', text.length, native));
      ratios.push(
        `${text.length} chars: engine/native RTF ${format(realTimeFactor(wasm) / realTimeFactor(native), 2)}, ` +
          `raw WASM/native RTF ${format(realTimeFactor(raw) / realTimeFactor(native), 2)}, ` +
          `first audio engine/native ${format(wasm.firstAudioMs / native.firstAudioMs, 2)}`,
      );
    }
    if (characters === 5000) {
      const result = await engine.speak(request(text));
      if (result.format === 'pcm') longestPcm = result.samples;
    }
  }
  console.log(hasNative ? `\nRatios (above 1 = slower than native):\n  ${ratios.join('\n  ')}` : '\nNative espeak-ng unavailable: no ratio.');

  if (longestPcm) {
    const pcm = longestPcm;
    const encode = await repeat(RUNS, async () => {
      const started = performance.now();
      await encodeMp3(pcm, { sampleRate: 24_000, bitrate: 128 });
      return { firstAudioMs: Number.NaN, totalMs: performance.now() - started, audioSeconds: pcm.length / 24_000 };
    });
    console.log(`\nMP3 encode (LAME, the @mediabunny/mp3-encoder build, 128 kbps mono, ${format(encode.audioSeconds)} s of 24 kHz speech): ` +
      `${format(encode.totalMs, 0)} ms, ${format(1 / realTimeFactor(encode), 0)}x real time`);
  }
  await engine.close();
  rmSync(workDir, { recursive: true, force: true });
}

await main();
