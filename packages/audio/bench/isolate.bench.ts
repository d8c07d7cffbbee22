/**
 * Voice isolator benchmark: 60 s of speech in noise, decoded from MP3 and isolated by our pipeline (stationary Wiener
 * stage + RNNoise WASM + voice-activity gate in two worker threads, and in one thread; RNNoise alone as shipped and with
 * its GRU step in SIMD), compared in the same run with
 * native peers on the same file: sox `noisered` (profile from the first second, which is noise only) and ffmpeg's
 * `afftdn` (noise floor set from that same second: its own tracking barely reduces anything here). SNR is measured against the clean speech after least-squares gain alignment (and a lag
 * search for the peers). White noise, babble and a music bed, all at 5 dB SNR. Medians of several runs.
 *
 *   npm run bench:isolate -w @sound-studio/audio
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeWav, encodeWav } from '../src/codec/wav.ts';
import { decodeToPcm } from '../src/decode/decode.ts';
import { resolveFfmpeg } from '../src/decode/ffmpeg.ts';
import { isolateInThisThread } from '../src/isolate/pipeline.ts';
import { loadRnnoise, rnnoiseDenoise } from '../src/isolate/rnnoise.ts';
import { measureSnr, mixAtSnr } from '../src/isolate/snr.ts';
import { babble, joinWithGaps, musicBed, renderSpeech, whiteNoise } from '../src/isolate/test-support/signals.ts';
import { VoiceIsolator } from '../src/isolate/voice-isolator.ts';
import { LocalSpeechEngine } from '../src/speech/local/local-engine.ts';

const RATE = 48_000;
const SECONDS = 60;
const RUNS = 3;
/** The file opens with this much noise alone, which sox needs for its noise profile. */
const LEAD_IN_SECONDS = 1;

const PROSE = [
  'The lighthouse keeper climbed the spiral stairs every evening just before sunset.',
  'From the top, she could see the fishing boats returning, their lamps flickering like low stars.',
  'Some nights the fog rolled in so thickly that the beam seemed to stop a few metres from the glass.',
  'On those nights she sounded the horn every thirty seconds and wrote the time in a worn leather book.',
  'Her grandfather had kept the same light for forty-two years, and his handwriting still filled the early pages.',
  'Visitors sometimes asked whether she felt lonely, surrounded by nothing but water and wind.',
];
const CROWD = [
  'Has anyone seen the keys to the blue van? I left them on the table this morning.',
  'The train to Manchester is delayed by twenty minutes because of signal problems.',
  'She ordered two coffees and a slice of lemon cake, then changed her mind.',
  'Meanwhile in the city, the market opened early and the traders shouted their prices.',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed<T>(run: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

async function medianMs<T>(run: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const runs: Array<{ result: T; ms: number }> = [];
  for (let index = 0; index < RUNS; index++) runs.push(await timed(run));
  return { result: runs[runs.length - 1]?.result as T, ms: median(runs.map((run) => run.ms)) };
}

/** Speech to fill 60 s (after a one-second noise-only lead-in), the crowd for babble, at 48 kHz. */
async function fixtures(): Promise<{ clean: Float32Array; crowd: Float32Array[] }> {
  const engine = new LocalSpeechEngine({ workers: 2 });
  try {
    const voices = ['f3', 'm3', 'f5', 'm6'] as const;
    const phrases = await Promise.all(PROSE.map((text, index) => renderSpeech(engine, text, { language: 'en-US', espeakVoice: 'en-us', variant: voices[index % 2] as string })));
    const crowd = await Promise.all(CROWD.map((text, index) => renderSpeech(engine, text, { language: 'en-GB', espeakVoice: 'en-gb-x-rp', variant: voices[index] as string })));
    const speech = joinWithGaps(phrases, 0.6);
    const clean = new Float32Array(SECONDS * RATE);
    for (let offset = LEAD_IN_SECONDS * RATE; offset < clean.length; offset += speech.length + RATE / 2) clean.set(speech.subarray(0, clean.length - offset), offset);
    return { clean, crowd };
  } finally {
    await engine.close();
  }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}

/** The lag (within ±maxLag samples) at which `processed` best matches `reference`, found on a 4 s excerpt. */
function bestLag(reference: Float32Array, processed: Float32Array, maxLag = 2048): number {
  const start = 10 * RATE;
  const length = 4 * RATE;
  let best = 0;
  let bestScore = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let score = 0;
    for (let index = start; index < start + length; index++) score += (reference[index] as number) * (processed[index + lag] ?? 0);
    if (score > bestScore) {
      bestScore = score;
      best = lag;
    }
  }
  return best;
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const value of samples) sum += value * value;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

function snrAfterAlignment(clean: Float32Array, processed: Float32Array): number {
  return measureSnr(clean, shift(processed, bestLag(clean, processed)));
}

function shift(samples: Float32Array, lag: number): Float32Array {
  if (lag === 0) return samples;
  const shifted = new Float32Array(samples.length);
  if (lag > 0) shifted.set(samples.subarray(lag));
  else shifted.set(samples.subarray(0, samples.length + lag), -lag);
  return shifted;
}

interface Row {
  name: string;
  ms: number;
  gains: Record<string, number>;
}

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'isolate-bench-'));
  const ffmpeg = resolveFfmpeg();
  const isolator = new VoiceIsolator({ workers: 2 });
  try {
    console.log(`Preparing ${SECONDS} s of speech (eSpeak) and noise… (load average ${loadavg()[0]?.toFixed(2)}, ffmpeg ${ffmpeg.source} ${ffmpeg.version})`);
    const { clean, crowd } = await fixtures();
    const noises: Record<string, Float32Array> = {
      white: whiteNoise(clean.length, 7),
      babble: babble(crowd, clean.length),
      music: musicBed(clean.length),
    };
    await isolator.warmUp();

    const rows: Row[] = [
      { name: 'Sound Studio isolator (2 workers)', ms: 0, gains: {} },
      { name: 'Sound Studio isolator (1 thread)', ms: 0, gains: {} },
      { name: 'sox noisered (native, profile + reduce)', ms: 0, gains: {} },
      { name: 'ffmpeg afftdn (native, noise floor from the lead-in)', ms: 0, gains: {} },
    ];
    const decodeRows: Array<[string, number]> = [];
    for (const [noiseName, noise] of Object.entries(noises)) {
      const noisy = mixAtSnr(clean, noise, 5);
      const inputSnr = measureSnr(clean, noisy);
      const wavPath = join(directory, `${noiseName}.wav`);
      const mp3Path = join(directory, `${noiseName}.mp3`);
      writeFileSync(wavPath, encodeWav(noisy, RATE));
      run(ffmpeg.path, ['-nostdin', '-v', 'error', '-y', '-i', wavPath, '-b:a', '192k', mp3Path]);

      const decodedMp3 = await medianMs(() => decodeToPcm(mp3Path, { sampleRate: RATE, maxSeconds: 300 }));
      if (noiseName === 'white') {
        decodeRows.push([`MP3 → PCM (ffmpeg ${ffmpeg.source}, subprocess)`, decodedMp3.ms]);
        decodeRows.push(['WAV → PCM (in-process fast path)', (await medianMs(() => decodeToPcm(wavPath, { sampleRate: RATE, maxSeconds: 300 }))).ms]);
      }
      const pooled = await medianMs(() => isolator.isolate(noisy, { sampleRate: RATE }));
      const single = await medianMs(() => isolateInThisThread(noisy, RATE));
      const soxOut = join(directory, `${noiseName}-sox.wav`);
      const profile = join(directory, `${noiseName}.prof`);
      const sox = await medianMs(() => {
        run('sox', [wavPath, '-n', 'trim', '0', String(LEAD_IN_SECONDS), 'noiseprof', profile]);
        run('sox', [wavPath, soxOut, 'noisered', profile, '0.21']);
      });
      const afftdnOut = join(directory, `${noiseName}-afftdn.wav`);
      const noiseFloor = Math.round(Math.min(-20, Math.max(-80, 20 * Math.log10(rms(noisy.subarray(0, LEAD_IN_SECONDS * RATE))))));
      const afftdn = await medianMs(() => run(ffmpeg.path, ['-nostdin', '-v', 'error', '-y', '-i', wavPath, '-af', `afftdn=nr=40:nf=${noiseFloor}`, afftdnOut]));

      const outputs = [pooled.result.samples, single.result.samples, decodeWav(readFileSync(soxOut)).samples, decodeWav(readFileSync(afftdnOut)).samples];
      const timings = [pooled.ms, single.ms, sox.ms, afftdn.ms];
      outputs.forEach((output, index) => {
        const row = rows[index] as Row;
        row.gains[noiseName] = snrAfterAlignment(clean, output) - inputSnr;
        if (noiseName === 'white') row.ms = timings[index] as number;
      });
    }

    const ours = rows[0]?.ms ?? Number.NaN;
    console.log(`\n### Voice isolation, ${SECONDS} s of speech at 5 dB SNR (48 kHz mono; median of ${RUNS} runs; load average ${loadavg()[0]?.toFixed(2)})\n`);
    console.log('| Engine | Time | Real-time factor | Time vs ours | SNR gain, white | SNR gain, babble | SNR gain, music |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) {
      const gain = (name: string): string => `${(row.gains[name] ?? Number.NaN) >= 0 ? '+' : ''}${(row.gains[name] ?? Number.NaN).toFixed(1)} dB`;
      console.log(`| ${row.name} | ${(row.ms / 1000).toFixed(2)} s | ${(SECONDS / (row.ms / 1000)).toFixed(1)}x | ${(row.ms / ours).toFixed(2)} | ${gain('white')} | ${gain('babble')} | ${gain('music')} |`);
    }
    const noisy = mixAtSnr(clean, noises.white as Float32Array, 5);
    const rnnoiseRows: Array<[string, number]> = [];
    for (const build of ['shipped', 'simd'] as const) {
      const module = await loadRnnoise(build);
      rnnoiseRows.push([build === 'shipped' ? 'as shipped (@echogarden/rnnoise-wasm)' : 'GRU step in WASM SIMD (rnnoise-gru.wat, identical output)', (await medianMs(() => rnnoiseDenoise(module, noisy))).ms]);
    }
    console.log(`\n### RNNoise alone, ${SECONDS} s in one thread\n`);
    console.log('| Build | Time | Real-time factor |');
    console.log('|---|---:|---:|');
    for (const [name, ms] of rnnoiseRows) console.log(`| ${name} | ${ms.toFixed(0)} ms | ${(SECONDS / (ms / 1000)).toFixed(0)}x |`);
    console.log(`\n### Decoding ${SECONDS} s to 48 kHz mono float\n`);
    console.log('| Path | Time | Real-time factor |');
    console.log('|---|---:|---:|');
    for (const [name, ms] of decodeRows) console.log(`| ${name} | ${ms.toFixed(0)} ms | ${(SECONDS / (ms / 1000)).toFixed(0)}x |`);
    console.log('\nffmpeg’s `arnndn` (the same RNNoise network, native) needs a model file that is not shipped offline, so it is not in the table.');
  } finally {
    await isolator.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
