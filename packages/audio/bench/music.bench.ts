/**
 * Music benchmark: the time to compose, render, master and encode a 60 s track (and the real-time factor), with
 * Debian's native fluidsynth rendering the same MIDI file with the same SoundFont in the same run, as a ratio.
 * Medians of several runs because the machine may be shared. One song at a time uses both cores: the render thread
 * and its helper thread each synthesise about half of the voices (the helper also runs the send effects: reverb,
 * chorus), then both encode half of the MP3 each (the render thread measures the true peak first). fluidsynth renders
 * on one thread.
 *
 *   npm run bench:music -w @sound-studio/audio
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MUSIC_PROMPT } from '@sound-studio/shared';
import { arrange } from '../src/music/arrange/arrange.ts';
import { toMidiFile } from '../src/music/midi-file.ts';
import { planFromPrompt } from '../src/music/plan.ts';
import { MusicRenderer } from '../src/music/render/renderer.ts';
import { defaultSoundFontPath } from '../src/music/render/synthesize.ts';
import type { Arrangement } from '../src/music/types.ts';

const RUNS = 3;
const SECONDS = 60;
const PROMPTS = [DEFAULT_MUSIC_PROMPT, 'energetic rock anthem with distorted guitars', 'calm ambient soundscape, dreamy pads'];

interface TrackTiming {
  composeMs: number;
  renderMs: number;
  masterMs: number;
  encodeMs: number;
  wallMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function compose(prompt: string, seed: number): { arrangement: Arrangement; midi: Uint8Array; composeMs: number } {
  const started = performance.now();
  const arrangement = arrange(planFromPrompt(prompt, { durationSeconds: SECONDS, seed }));
  const midi = toMidiFile(arrangement);
  return { arrangement, midi, composeMs: performance.now() - started };
}

async function produceTrack(renderer: MusicRenderer, prompt: string, seed: number): Promise<TrackTiming> {
  const started = performance.now();
  const { midi, composeMs } = compose(prompt, seed);
  const produced = await renderer.produce(midi, { durationSeconds: SECONDS });
  return { composeMs, ...produced.timings, wallMs: performance.now() - started };
}

function ensureFluidsynth(): boolean {
  if (spawnSync('fluidsynth', ['--version']).status === 0) return true;
  console.log('fluidsynth not found: installing Debian’s package (apt-get install -y fluidsynth)…');
  const install = spawnSync('apt-get', ['install', '-y', 'fluidsynth'], { stdio: 'ignore' });
  if (install.status !== 0) spawnSync('sh', ['-c', 'apt-get update && apt-get install -y fluidsynth'], { stdio: 'ignore' });
  return spawnSync('fluidsynth', ['--version']).status === 0;
}

/** Wall time of `fluidsynth -ni -F out.wav -r 44100 font song.mid` (it reads the .sf3.wasm file as it is). */
function fluidsynthMs(midiPath: string, outPath: string): number {
  const started = performance.now();
  const result = spawnSync('fluidsynth', ['-ni', '-q', '-F', outPath, '-r', '44100', defaultSoundFontPath(), midiPath], { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`fluidsynth exited with ${result.status}`);
  return performance.now() - started;
}

/** A one-note file: what fluidsynth spends starting up and loading the font, to separate it from rendering. */
function oneNoteMidi(): Uint8Array {
  const track = [0x00, 0x90, 60, 100, 0x60, 0x80, 60, 0, 0x00, 0xff, 0x2f, 0x00];
  return new Uint8Array([
    0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xe0,
    0x4d, 0x54, 0x72, 0x6b, 0, 0, 0, track.length, ...track,
  ]);
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;
const rtf = (value: number): string => `${(SECONDS / (value / 1000)).toFixed(1)}x`;

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'music-bench-'));
  // One render thread (and its helper), as the server runs by default: one song at a time on both cores.
  const renderer = new MusicRenderer({ workers: 1 });
  const loadAtStart = loadavg();
  try {
    let started = performance.now();
    await renderer.warmUp();
    const fontLoadMs = performance.now() - started;
    // The first song decodes the samples it uses (SF3 is Ogg Vorbis inside); later songs reuse them.
    started = performance.now();
    const first = await produceTrack(renderer, DEFAULT_MUSIC_PROMPT, 1);
    const firstSongMs = performance.now() - started;

    const timings: TrackTiming[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const prompt of PROMPTS) timings.push(await produceTrack(renderer, prompt, 100 + run));
    }
    const pick = (field: keyof TrackTiming): number => median(timings.map((timing) => timing[field]));

    const hasNative = ensureFluidsynth();
    const nativeRows: string[] = [];
    const ratios: string[] = [];
    if (hasNative) {
      const stubPath = join(directory, 'one-note.mid');
      writeFileSync(stubPath, oneNoteMidi());
      const startups: number[] = [];
      const startup = (): number => {
        const ms = fluidsynthMs(stubPath, join(directory, 'stub.wav'));
        startups.push(ms);
        return ms;
      };
      const spessa: number[] = [];
      const fluid: number[] = [];
      for (const [index, prompt] of PROMPTS.entries()) {
        const { arrangement, midi } = compose(prompt, 100 + index);
        const midiPath = join(directory, `song-${index}.mid`);
        writeFileSync(midiPath, midi);
        for (let run = 0; run < RUNS; run++) {
          const renderStarted = performance.now();
          await renderer.render(arrangement);
          spessa.push(performance.now() - renderStarted);
          // Start-up (about 3 s of font decoding) measured beside each render, so a change in load between the two
          // does not swamp the difference.
          fluid.push(fluidsynthMs(midiPath, join(directory, `song-${index}.wav`)) - startup());
        }
      }
      const startupMs = median(startups);
      const spessaMs = median(spessa);
      const fluidMs = median(fluid);
      nativeRows.push(
        `| spessasynth_core render of the MIDI (two threads, warm), same songs | ${ms(spessaMs)} | ${rtf(spessaMs)} |`,
        `| fluidsynth (native) render of the same MIDI + font, start-up subtracted | ${ms(fluidMs)} | ${rtf(fluidMs)} |`,
        `| fluidsynth start-up and font load (one-note file) | ${ms(startupMs)} | |`,
      );
      ratios.push(`spessasynth_core (two threads) / fluidsynth (one) render time: ${(spessaMs / fluidMs).toFixed(2)} (above 1 = slower than native)`);
      ratios.push(`end to end, 60 s track to MP3 (compose+render+master+encode, ${ms(pick('wallMs'))}) / fluidsynth render alone: ${(pick('wallMs') / fluidMs).toFixed(2)}`);
    }

    const load = (values: number[]): string => values.map((value) => value.toFixed(1)).join(' ');
    console.log(`\nMusic benchmark: ${SECONDS} s tracks, ${PROMPTS.length} prompts × ${RUNS} runs, medians; MuseScore_General_Lite (SF3); ` +
      `load average ${load(loadAtStart)} at the start, ${load(loadavg())} at the end\n`);
    console.log('| Stage | Time | Real-time factor |');
    console.log('|---|---|---|');
    console.log(`| Compose: prompt → plan → arrangement → MIDI (main thread) | ${ms(pick('composeMs'))} | |`);
    console.log(`| Render: spessasynth_core 44.1 kHz stereo, voices shared by the render and helper threads, send effects on the helper | ${ms(pick('renderMs'))} | ${rtf(pick('renderMs'))} |`);
    console.log(`| Master: BS.1770 loudness to -14 LUFS, true-peak limit -1 dBTP (render thread) | ${ms(pick('masterMs'))} | ${rtf(pick('masterMs'))} |`);
    console.log(`| Encode: MP3 192 kbps stereo, half on each thread, joined (final true-peak measure beside it) | ${ms(pick('encodeMs'))} | ${rtf(pick('encodeMs'))} |`);
    console.log(`| **End to end: 60 s track to MP3 (compose + render + master + encode), warm (wall)** | **${ms(pick('wallMs'))}** | **${rtf(pick('wallMs'))}** |`);
    console.log(`| First track after start: sound bank load ${ms(fontLoadMs)} + first song ${ms(firstSongMs)} (render ${ms(first.renderMs)}, samples decoded on first use) | ${ms(fontLoadMs + firstSongMs)} | |`);
    for (const row of nativeRows) console.log(row);
    console.log(hasNative ? `\n${ratios.join('\n')}` : '\nNative fluidsynth unavailable: no ratio.');
  } finally {
    await renderer.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
