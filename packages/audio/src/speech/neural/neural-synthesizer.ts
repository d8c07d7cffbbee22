import { stat, readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { voicedRms, peak } from '../../codec/analysis.ts';
import { fadeEdgesInPlace, scaleInPlace } from '../../codec/filters.ts';
import { concatFloat32 } from '../../codec/pcm.ts';
import { resample } from '../../codec/resample.ts';
import { findSpeechLanguage } from '../../voices/languages.ts';
import type { EspeakSynthesizer } from '../local/espeak-synthesizer.ts';
import type { RenderedSentence } from '../local/protocol.ts';
import type { SentenceWord } from '../sentence-word.ts';
import { TARGET_SPEECH_RMS } from '../local/shape.ts';
import { KOKORO_MAX_TOKENS, parseKokoroConfig, parsePiperConfig, type KokoroConfig, type NeuralVoiceRef, type PiperConfig } from './formats.ts';
import { readNpz } from './npz.ts';
import { kokoroTokenIds, phonemizeSentence, piperPhonemeIds, wordSamples, type PhonemeIds, type PhonemizedSentence } from './phonemes.ts';
import type { NeuralRenderJob } from './protocol.ts';

type LoadedModel =
  | { family: 'piper'; session: ort.InferenceSession; config: PiperConfig; mtimeMs: number }
  | { family: 'kokoro'; session: ort.InferenceSession; config: KokoroConfig; styles: Map<string, Float32Array>; mtimeMs: number };

/** Models kept open per thread; a real Kokoro model takes about 300 MB, a medium Piper voice about 65 MB. */
const MAX_OPEN_MODELS = 3;
const PEAK_CEILING = 0.75;

/**
 * Runs Piper and Kokoro ONNX models (onnxruntime-node, one intra-op thread: the pool gives each thread its own
 * sentence, so two threads use both cores). Models open on first use and stay open, least recently used closing first;
 * a model whose file changed or vanished is reopened or refused.
 */
export class NeuralSynthesizer {
  readonly #models = new Map<string, Promise<LoadedModel>>();

  constructor(private readonly espeak: EspeakSynthesizer) {}

  async load(voice: NeuralVoiceRef): Promise<LoadedModel> {
    const info = await stat(voice.modelPath).catch(() => null);
    if (!info) throw new Error(`The neural voice model ${voice.modelPath} is not installed`);
    const cached = this.#models.get(voice.modelPath);
    if (cached) {
      const model = await cached.catch(() => null);
      if (model && model.mtimeMs === info.mtimeMs) {
        // Re-insert so the map's order is least recently used first.
        this.#models.delete(voice.modelPath);
        this.#models.set(voice.modelPath, cached);
        return model;
      }
      this.#models.delete(voice.modelPath);
      if (model) void model.session.release();
    }
    const loading = openModel(voice, info.mtimeMs);
    this.#models.set(voice.modelPath, loading);
    loading.catch(() => this.#models.delete(voice.modelPath));
    while (this.#models.size > MAX_OPEN_MODELS) {
      const [oldest, entry] = this.#models.entries().next().value ?? [];
      if (oldest === undefined || !entry) break;
      this.#models.delete(oldest);
      void entry.then((model) => model.session.release(), () => undefined);
    }
    return loading;
  }

  /**
   * Piper configs name eSpeak voices as upstream eSpeak NG spells them (`en-gb`, `fr-fr`); where our build files the
   * language under another name (`en-gb-x-rp`, `fr`), the language table's voice stands in.
   */
  #phonemizerVoice(voice: string): string {
    try {
      this.espeak.phonemize('a', voice);
      return voice;
    } catch (error) {
      const stand = findSpeechLanguage(voice)?.espeakVoice;
      if (!stand || stand === voice) throw error;
      return stand;
    }
  }

  async render(job: NeuralRenderJob): Promise<RenderedSentence> {
    const model = await this.load(job.voice);
    const espeakVoice = this.#phonemizerVoice(job.espeakVoice);
    const sentence = phonemizeSentence(job.text, (clause) => this.espeak.phonemize(clause, espeakVoice));
    // Rendering longer by the pitch factor and resampling back keeps the timing and moves the pitch.
    const rate = job.rate / job.pitchFactor;
    const pieces = model.family === 'piper' ? [await runPiper(model, job.voice, sentence, rate)] : await runKokoro(model, job.voice, sentence, rate);
    const raw = concatFloat32(pieces.map((piece) => piece.samples));
    const sampleRate = job.voice.sampleRate;
    const speech = job.pitchFactor === 1 ? raw : resample(raw, sampleRate * job.pitchFactor, sampleRate);
    const loudness = voicedRms(speech, sampleRate);
    const top = peak(speech);
    if (loudness > 0 && top > 0) scaleInPlace(speech, Math.min(TARGET_SPEECH_RMS / loudness, PEAK_CEILING / top) * job.gain);
    else scaleInPlace(speech, job.gain);
    fadeEdgesInPlace(speech, Math.round((job.edgeFadeMs / 1000) * sampleRate));
    const samples = new Float32Array(speech.length + Math.round(job.trailingSilenceSeconds * sampleRate));
    samples.set(speech);
    const seconds = speech.length / sampleRate;
    const words: SentenceWord[] = [];
    let offset = 0;
    for (const piece of pieces) {
      const scale = raw.length > 0 ? seconds / raw.length : 0;
      for (const word of piece.words) {
        words.push({ spokenStart: word.spokenStart, spokenEnd: word.spokenEnd, start: (offset + word.startSample) * scale, end: (offset + word.endSample) * scale });
      }
      offset += piece.samples.length;
    }
    return { samples, sampleRate, speechSamples: speech.length, trimmedLeadSeconds: 0, audibleStartSeconds: 0, audibleEndSeconds: seconds, words };
  }
}

async function openModel(voice: NeuralVoiceRef, mtimeMs: number): Promise<LoadedModel> {
  // Severity 3: errors only, so the runtime's graph-optimisation notices do not fill the server log.
  const session = await ort.InferenceSession.create(voice.modelPath, { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 });
  const config: unknown = JSON.parse(await readFile(voice.configPath, 'utf8'));
  if (voice.family === 'piper') return { family: 'piper', session, config: parsePiperConfig(config), mtimeMs };
  if (!voice.voicesPath) throw new Error('A Kokoro voice needs its voices file');
  const styles = new Map<string, Float32Array>();
  for (const [name, array] of readNpz(await readFile(voice.voicesPath))) styles.set(name, array.data);
  return { family: 'kokoro', session, config: parseKokoroConfig(config), styles, mtimeMs };
}

interface RenderedPiece {
  samples: Float32Array;
  words: ReturnType<typeof wordSamples>;
}

const int64 = (values: readonly number[]): ort.Tensor => new ort.Tensor('int64', BigInt64Array.from(values, (value) => BigInt(value)), [1, values.length]);

/** The model's own durations when its export has a second output with one value per id; otherwise equal shares. */
function durationsOf(outputs: ort.InferenceSession.OnnxValueMapType, session: ort.InferenceSession, count: number): ArrayLike<number> {
  const name = session.outputNames.find((output, index) => index > 0 && /dur/i.test(output));
  const tensor = name ? outputs[name] : undefined;
  if (tensor && tensor.data instanceof Float32Array && tensor.data.length === count) return tensor.data;
  if (tensor && tensor.data instanceof BigInt64Array && tensor.data.length === count) return Array.from(tensor.data, Number);
  return new Float32Array(count).fill(1);
}

async function runPiper(model: Extract<LoadedModel, { family: 'piper' }>, voice: NeuralVoiceRef, sentence: PhonemizedSentence, rate: number): Promise<RenderedPiece> {
  const ids = piperPhonemeIds(sentence.phonemes, model.config.phoneme_id_map);
  const { noise_scale, length_scale, noise_w } = model.config.inference;
  const feeds: Record<string, ort.Tensor> = {
    input: int64(ids.ids),
    input_lengths: new ort.Tensor('int64', BigInt64Array.from([BigInt(ids.ids.length)]), [1]),
    scales: new ort.Tensor('float32', Float32Array.from([noise_scale, length_scale / rate, noise_w]), [3]),
  };
  if (model.session.inputNames.includes('sid')) {
    const speaker = voice.speaker === undefined ? 0 : (model.config.speaker_id_map[voice.speaker] ?? Number(voice.speaker));
    if (!Number.isInteger(speaker) || speaker < 0 || speaker >= model.config.num_speakers) throw new Error(`The Piper model has no speaker "${voice.speaker}"`);
    feeds.sid = new ort.Tensor('int64', BigInt64Array.from([BigInt(speaker)]), [1]);
  }
  const outputs = await model.session.run(feeds);
  return piece(outputs, model.session, ids, sentence, 'output');
}

function piece(outputs: ort.InferenceSession.OnnxValueMapType, session: ort.InferenceSession, ids: PhonemeIds, sentence: PhonemizedSentence, audioName: string): RenderedPiece {
  // The published name first; an export that renamed it still has the audio as its first output.
  const audio = outputs[audioName] ?? outputs[session.outputNames[0] ?? ''];
  if (!audio || !(audio.data instanceof Float32Array)) throw new Error(`The model gave no float32 "${audioName}" output`);
  // Copy out of the tensor: its memory belongs to the runtime.
  const samples = new Float32Array(audio.data);
  return { samples, words: wordSamples(sentence.words, ids, durationsOf(outputs, session, ids.ids.length), samples.length) };
}

/** Kokoro takes at most 510 tokens; longer sentences are rendered clause group by clause group. */
async function runKokoro(model: Extract<LoadedModel, { family: 'kokoro' }>, voice: NeuralVoiceRef, sentence: PhonemizedSentence, rate: number): Promise<RenderedPiece[]> {
  const style = model.styles.get(voice.speaker ?? '');
  if (!style) throw new Error(`The Kokoro voices file has no voice "${voice.speaker}"`);
  const rows = style.length / 256;
  const pieces: RenderedPiece[] = [];
  for (const part of splitForKokoro(sentence, model.config.vocab)) {
    const ids = kokoroTokenIds(part.phonemes, model.config.vocab);
    // kokoro-onnx picks the style row by the number of tokens before padding.
    const row = Math.min(rows - 1, ids.ids.length - 2);
    const outputs = await model.session.run({
      // kokoro-onnx's export names the ids `tokens`; the onnx-community export calls them `input_ids`.
      [model.session.inputNames.includes('input_ids') ? 'input_ids' : 'tokens']: int64(ids.ids),
      style: new ort.Tensor('float32', style.slice(row * 256, row * 256 + 256), [1, 256]),
      speed: new ort.Tensor('float32', Float32Array.from([rate]), [1]),
    });
    pieces.push(piece(outputs, model.session, ids, part, 'audio'));
  }
  return pieces;
}

function splitForKokoro(sentence: PhonemizedSentence, vocab: Readonly<Record<string, number>>): PhonemizedSentence[] {
  const limit = KOKORO_MAX_TOKENS - 2;
  const tokens = [...sentence.phonemes].filter((char) => vocab[char] !== undefined).length;
  if (tokens <= limit) return [sentence];
  const parts: PhonemizedSentence[] = [];
  let start = 0;
  while (start < sentence.phonemes.length) {
    let end = start;
    let count = 0;
    let lastBreak = -1;
    while (end < sentence.phonemes.length && count < limit) {
      const char = sentence.phonemes.charAt(end);
      if (vocab[char] !== undefined) count++;
      end++;
      if (char === ' ') lastBreak = end;
    }
    if (end < sentence.phonemes.length && lastBreak > start) end = lastBreak;
    const words = sentence.words
      .filter((word) => word.phonemeStart >= start && word.phonemeStart < end)
      .map((word) => ({ ...word, phonemeStart: word.phonemeStart - start, phonemeEnd: Math.min(end, word.phonemeEnd) - start }));
    parts.push({ phonemes: sentence.phonemes.slice(start, end), words });
    start = end;
  }
  return parts;
}
