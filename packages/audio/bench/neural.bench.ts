/**
 * Neural speech benchmark. With the tiny Piper and Kokoro models the tests build (a trivial graph), the time per
 * character is the pipeline's own overhead (eSpeak NG phonemes, ids, an onnxruntime call, shaping, threads), set
 * beside the eSpeak NG engine rendering the same text. When MODELS_DIR (default ./data/models) holds a real Piper or
 * Kokoro voice, its real-time factor is measured too; otherwise that line says it was skipped. Medians of 3 runs.
 *
 *   npm run bench:neural -w @sound-studio/audio
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalSpeechEngine } from '../src/speech/local/local-engine.ts';
import { listInstalledModels, type InstalledNeuralVoice } from '../src/speech/neural/model-folder.ts';
import { NeuralSpeechEngine } from '../src/speech/neural/neural-engine.ts';
import type { NeuralVoiceRef } from '../src/speech/neural/formats.ts';
import type { SpeechEngine, SpeechRequest, VoiceSpec } from '../src/speech/types.ts';
import { writeTinyKokoroModel, writeTinyPiperVoice } from '../src/testing/tiny-neural-models.ts';

const RUNS = 3;
const TEXT = [
  'The lighthouse keeper climbed the spiral stairs every evening just before sunset.',
  'From the top, she could see the fishing boats returning, their lamps flickering like low stars.',
  'Some nights the fog rolled in so thickly that the beam seemed to stop a few metres from the glass.',
  'On those nights she sounded the horn every thirty seconds and wrote the time in a worn leather book.',
].join(' ');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(engine: SpeechEngine, voice: VoiceSpec | string, text = TEXT): Promise<{ ms: number; audioSeconds: number }> {
  const request: SpeechRequest = { text, voice, speed: 1, pitch: 0, volume: 1 };
  await engine.speak(request); // warm: threads, models, JIT
  const times: number[] = [];
  let audioSeconds = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await engine.speak(request);
    times.push(performance.now() - started);
    audioSeconds = result.durationSeconds;
  }
  return { ms: median(times), audioSeconds };
}

const spec = (neural: NeuralVoiceRef, espeakVoice = 'en-us', language = 'en-US'): VoiceSpec => ({ language, espeakVoice, neural });

const folder = mkdtempSync(path.join(tmpdir(), 'neural-bench-'));
const espeak = new LocalSpeechEngine({ workers: 1 });
const neural = new NeuralSpeechEngine({ workers: 1 });
try {
  const piper = await writeTinyPiperVoice(path.join(folder, 'piper'), 'en_US-tiny-x_low');
  const kokoro = await writeTinyKokoroModel(path.join(folder, 'kokoro'));
  const rows: Array<[string, { ms: number; audioSeconds: number }]> = [
    ['eSpeak NG (WASM, 1 thread)', await measure(espeak, 'en-us-madison')],
    ['neural pipeline, tiny Piper model', await measure(neural, spec({ family: 'piper', modelPath: piper.modelPath, configPath: piper.configPath, sampleRate: 22_050 }))],
    [
      'neural pipeline, tiny Kokoro model',
      await measure(neural, spec({ family: 'kokoro', modelPath: kokoro.modelPath, configPath: kokoro.configPath, voicesPath: kokoro.voicesPath, speaker: 'af_heart', sampleRate: 24_000 })),
    ],
  ];
  console.log(`\n## Neural speech: ${TEXT.length} characters, median of ${RUNS}`);
  console.log('| pipeline | ms | ms per character |');
  console.log('|---|---:|---:|');
  for (const [name, { ms }] of rows) console.log(`| ${name} | ${ms.toFixed(0)} | ${(ms / TEXT.length).toFixed(3)} |`);

  const modelsDir = process.env.MODELS_DIR ?? path.join(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? 'data', 'models');
  const { models } = await listInstalledModels(modelsDir);
  console.log(`\n## Real voices in ${modelsDir}`);
  console.log('| voice | ms | audio s | real-time factor |');
  console.log('|---|---:|---:|---:|');
  for (const family of ['piper', 'kokoro'] as const) {
    const voice: InstalledNeuralVoice | undefined = models.find((model) => model.family === family)?.voices[0];
    if (!voice) {
      console.log(`| ${family} | skipped: no ${family} model installed (npm run models -- add ...) | | |`);
      continue;
    }
    const result = await measure(neural, { id: voice.id, language: voice.language, espeakVoice: voice.espeakVoice, neural: voice.ref });
    console.log(`| ${voice.id} | ${result.ms.toFixed(0)} | ${result.audioSeconds.toFixed(1)} | ${(result.ms / 1000 / result.audioSeconds).toFixed(3)} |`);
  }
} finally {
  await Promise.all([espeak.close(), neural.close()]);
  rmSync(folder, { recursive: true, force: true });
}
