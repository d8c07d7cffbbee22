import Pitchfinder from 'pitchfinder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rms, silentRuns, voicedRms } from '../../codec/analysis.ts';
import { MP3_START_DELAY_SAMPLES } from '../../codec/mp3.ts';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { decodeToPcm } from '../../decode/decode.ts';
import { concatBytes } from '../../codec/pcm.ts';
import { decodeWav } from '../../codec/wav.ts';
import { encodeSpeechResult, encodeSpeechStream } from '../encode-result.ts';
import { getVoice, listVoices } from '../../voices/catalogue.ts';
import { SpeechError, type SpeechChunk, type SpeechRequest, type SpeechResult } from '../types.ts';
import { LocalSpeechEngine } from './local-engine.ts';

const engine = new LocalSpeechEngine({ workers: 2 });

beforeAll(() => engine.warmUp());
afterAll(() => engine.close());

const TEXT = 'The quick brown fox jumps over the lazy dog. Then it runs into the forest, looking for a quiet place to sleep.';

const request = (overrides: Partial<SpeechRequest> = {}): SpeechRequest => ({
  text: TEXT,
  voice: 'en-us-madison',
  speed: 1,
  pitch: 0,
  volume: 1,
  ...overrides,
});

async function pcm(speechRequest: SpeechRequest): Promise<Extract<SpeechResult, { format: 'pcm' }>> {
  const result = await engine.speak(speechRequest);
  if (result.format !== 'pcm') throw new Error('the local engine returns PCM');
  return result;
}

/** Energy of the difference relative to the reference's, in dB. */
function differenceDb(actual: Float32Array, reference: Float32Array): number {
  let difference = 0;
  let power = 0;
  reference.forEach((value, index) => {
    difference += ((actual[index] ?? 0) - value) ** 2;
    power += value ** 2;
  });
  return 10 * Math.log10(difference / power);
}

/** Median fundamental frequency by pitchfinder's YIN over 2048-sample frames: a detector independent of eSpeak. */
function medianF0(samples: Float32Array, sampleRate: number): number {
  const detect = Pitchfinder.YIN({ sampleRate });
  const pitches: number[] = [];
  for (let start = 0; start + 2048 <= samples.length; start += 1024) {
    const pitch = detect(samples.subarray(start, start + 2048));
    if (pitch !== null && pitch > 50 && pitch < 600) pitches.push(pitch);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

async function failure(action: () => Promise<unknown>): Promise<string> {
  const error: unknown = await action().then(() => undefined, (caught: unknown) => caught);
  return error instanceof SpeechError ? error.code : `no SpeechError: ${String(error)}`;
}

describe('LocalSpeechEngine (eSpeak NG in worker threads)', () => {
  it('speaks at least 20 languages with non-silent audio of plausible length', async () => {
    const locales = [
      'en-US', 'en-GB', 'tr', 'es', 'fr-FR', 'de', 'it', 'pt-BR', 'nl', 'pl', 'ru', 'uk', 'cs', 'sv',
      'fi', 'el', 'ar', 'he', 'hi', 'zh-CN', 'ja', 'ko', 'vi', 'th', 'id', 'sw',
    ];
    const voices = locales.map((locale) => listVoices().find((voice) => voice.locale === locale));
    const results = await Promise.all(
      voices.map((voice) => pcm({ text: voice?.previewText ?? '', voice: voice?.id ?? '', speed: 1, pitch: 0, volume: 1, mood: 'neutral' })),
    );
    results.forEach((result, index) => {
      const characters = voices[index]?.previewText.length ?? 0;
      expect(voicedRms(result.samples, result.sampleRate), locales[index]).toBeGreaterThan(0.05);
      expect(result.durationSeconds, locales[index]).toBeGreaterThan(Math.max(1.5, characters * 0.02));
      expect(result.durationSeconds, locales[index]).toBeLessThan(characters * 0.35);
    });
    expect(new Set(locales.map((locale) => locale.split('-')[0])).size).toBeGreaterThanOrEqual(20);
  });

  it('speed 2 roughly halves the duration', async () => {
    const [normal, fast] = await Promise.all([pcm(request()), pcm(request({ speed: 2 }))]);
    const ratio = fast.durationSeconds / normal.durationSeconds;
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(0.65);
  });

  it('pitch +1 raises and pitch -1 lowers the measured median F0', async () => {
    const f0At = async (pitch: number): Promise<number> => {
      const result = await pcm(request({ pitch }));
      return medianF0(result.samples, result.sampleRate);
    };
    const [low, neutral, high] = await Promise.all([f0At(-1), f0At(0), f0At(1)]);
    expect(high).toBeGreaterThan(neutral * 1.15);
    expect(low).toBeLessThan(neutral * 0.9);
  });

  it('volume scales RMS linearly (0.5 halves it, 0 is silence)', async () => {
    const rmsAt = async (volume: number): Promise<number> => rms((await pcm(request({ volume }))).samples);
    const [full, half, none] = await Promise.all([rmsAt(1), rmsAt(0.5), rmsAt(0)]);
    expect(half / full).toBeGreaterThan(0.45);
    expect(half / full).toBeLessThan(0.55);
    expect(none).toBe(0);
  });

  it('moods differ measurably: excited is faster, higher and louder than sad', async () => {
    const [excited, sad] = await Promise.all([pcm(request({ mood: 'excited' })), pcm(request({ mood: 'sad' }))]);
    expect(excited.durationSeconds).toBeLessThan(sad.durationSeconds * 0.85);
    expect(medianF0(excited.samples, excited.sampleRate)).toBeGreaterThan(medianF0(sad.samples, sad.sampleRate) * 1.1);
    expect(voicedRms(excited.samples, excited.sampleRate)).toBeGreaterThan(voicedRms(sad.samples, sad.sampleRate) * 1.2);
  });

  it('inserts the silence a pause marker asks for', async () => {
    const withPause = (seconds: number): Promise<SpeechResult> =>
      pcm(request({ text: `This is the first sentence.<#${seconds}#>And this is the second one.` }));
    const [short, long] = await Promise.all([withPause(0.5), withPause(1.5)]);
    const longestSilence = (result: SpeechResult): number =>
      Math.max(...silentRuns(result.format === 'pcm' ? result.samples : new Float32Array(), result.sampleRate).map(
        (run) => (run.endSample - run.startSample) / result.sampleRate,
      ));
    expect(longestSilence(short)).toBeGreaterThan(0.45);
    expect(longestSilence(short)).toBeLessThan(0.65);
    expect(longestSilence(long)).toBeGreaterThan(1.45);
    expect(longestSilence(long)).toBeLessThan(1.65);
    expect(short.sentences.map((sentence) => sentence.text)).toEqual(['This is the first sentence.', 'And this is the second one.']);
  });

  it('reports sentence boundaries that frame the speech, in order', async () => {
    const text = 'Good morning, everyone. Dr. Smith will speak first. Questions come at the end!';
    const result = await pcm(request({ text }));
    expect(result.sentences.map((sentence) => sentence.text)).toEqual([
      'Good morning, everyone.', 'Dr. Smith will speak first.', 'Questions come at the end!',
    ]);
    let previousEnd = 0;
    for (const sentence of result.sentences) {
      expect(sentence.startSample).toBeGreaterThanOrEqual(previousEnd);
      expect(sentence.endSample).toBeGreaterThan(sentence.startSample);
      expect(voicedRms(result.samples.subarray(sentence.startSample, sentence.endSample), result.sampleRate)).toBeGreaterThan(0.05);
      previousEnd = sentence.endSample;
    }
    expect(previousEnd).toBeLessThanOrEqual(result.samples.length);
    // The gaps between consecutive sentences are silence.
    const gaps = result.sentences.slice(1).map((sentence, index) => ({ from: result.sentences[index]?.endSample ?? 0, to: sentence.startSample }));
    expect(gaps).toHaveLength(2);
    for (const gap of gaps) expect(rms(result.samples, gap.from, gap.to)).toBeLessThan(0.002);
  });

  it('streams sentence chunks in order, contiguous, matching the whole result', async () => {
    const text = 'One sentence here. Another one follows.<#0.3#>A third after a pause. And the last.';
    const chunks: SpeechChunk[] = [];
    for await (const chunk of engine.speakStream(request({ text }))) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.kind)).toEqual(['sentence', 'sentence', 'pause', 'sentence', 'sentence']);
    expect(chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2, 3, 4]);
    let expectedStart = 0;
    for (const chunk of chunks) {
      expect(chunk.format).toBe('pcm');
      expect(chunk.startSample).toBe(expectedStart);
      expectedStart += chunk.format === 'pcm' ? chunk.samples.length : 0;
    }
    // Klatt variants add random aspiration noise, so silence trimming can move by a few samples between renders.
    const whole = await pcm(request({ text }));
    expect(Math.abs(whole.samples.length - expectedStart)).toBeLessThan(expectedStart * 0.01);
  });

  it('renders the same request to the same samples every time, on either thread', async () => {
    const text = 'A breathy voice, rendered again and again. Klatt variants add noise.';
    const renders = await Promise.all(Array.from({ length: 4 }, () => pcm(request({ text, voice: { language: 'en', espeakVoice: 'en', variant: 'klatt2' } }))));
    for (const render of renders.slice(1)) expect(render.samples).toEqual(renders[0]?.samples);
  });

  it('streams MP3 encoded on the render threads that decodes like the PCM stream, on a timeline its chunks state', async () => {
    const text = 'One sentence here, with a clause. Another one follows.<#0.5#>A third after a pause. And the last one.';
    const options = { audio: 'mp3' as const, leadPieceMaxLength: 12 };
    const mp3Chunks: SpeechChunk[] = [];
    for await (const chunk of engine.speakStream(request({ text }), options)) mp3Chunks.push(chunk);
    const pcmChunks: SpeechChunk[] = [];
    for await (const chunk of engine.speakStream(request({ text }), { leadPieceMaxLength: 12 })) pcmChunks.push(chunk);
    expect(mp3Chunks.map((chunk) => [chunk.index, chunk.kind, chunk.text])).toEqual(pcmChunks.map((chunk) => [chunk.index, chunk.kind, chunk.text]));
    const bytes = concatBytes(mp3Chunks.map((chunk) => (chunk.format === 'mp3' ? chunk.bytes : new Uint8Array(0))));
    expect(mp3Chunks.every((chunk) => chunk.format === 'mp3')).toBe(true);
    // The chunks' lengths add up to the frames sent, so captions follow the MP3 as it plays.
    const frames = parseMp3Frames(bytes);
    const stated = mp3Chunks.reduce((sum, chunk) => sum + chunk.durationSeconds, 0);
    expect(stated).toBeCloseTo(frames.durationSeconds, 6);
    const ends = mp3Chunks.map((chunk) => chunk.startSample + Math.round(chunk.durationSeconds * 24_000));
    expect(mp3Chunks.map((chunk) => chunk.startSample)).toEqual([0, ...ends.slice(0, -1)]);
    // Each sentence decodes where its chunk says (after the decoder's start delay), as the PCM stream's sentence does.
    const decoded = (await decodeToPcm(bytes, { sampleRate: 24_000, maxSeconds: 60 })).samples;
    for (const [index, chunk] of mp3Chunks.entries()) {
      const reference = pcmChunks[index];
      if (chunk.kind !== 'sentence' || reference?.format !== 'pcm') continue;
      const start = chunk.startSample + MP3_START_DELAY_SAMPLES;
      const speech = reference.samples.subarray(0, reference.speechSamples);
      expect(differenceDb(decoded.subarray(start, start + speech.length), speech), `sentence ${index}`).toBeLessThan(-20);
    }
  });

  // How soon the first audio comes is a speed figure (npm run bench -- v1-speech measures the first byte against native
  // espeak-ng); here the stream's shape is checked: sentence-sized pieces, the first a small part of the whole.
  it('streams a 5,000-character text as sentence-sized pieces, the first a small part of the whole', async () => {
    const paragraph = 'Streaming lets a listener start hearing the story while the rest is still being written. ';
    const text = paragraph.repeat(Math.floor(5000 / paragraph.length)).trim();
    expect(text.length).toBeGreaterThan(4900);
    const durations: number[] = [];
    for await (const chunk of engine.speakStream(request({ text }))) durations.push(chunk.durationSeconds);
    const audioSeconds = durations.reduce((sum, seconds) => sum + seconds, 0);
    expect(durations.length).toBeGreaterThan(40);
    expect(audioSeconds).toBeGreaterThan(200);
    expect(durations[0] ?? Infinity).toBeLessThan(audioSeconds / 20);
  });

  it('frees the pool when a listener stops early', async () => {
    const text = 'A sentence that keeps the workers busy for a little while. '.repeat(60).trim();
    for await (const chunk of engine.speakStream(request({ text }))) {
      expect(chunk.index).toBe(0);
      break;
    }
    const started = performance.now();
    await pcm(request({ text: 'Next in line.' }));
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('encodes results and streams to MP3 or WAV files', async () => {
    const text = 'First sentence of the file. Second sentence of the file.';
    const mp3Parts: Uint8Array[] = [];
    for await (const bytes of encodeSpeechStream(engine.speakStream(request({ text })), 'mp3')) mp3Parts.push(bytes);
    const streamedMp3 = parseMp3Frames(concatBytes(mp3Parts));
    const wavParts: Uint8Array[] = [];
    for await (const bytes of encodeSpeechStream(engine.speakStream(request({ text })), 'wav')) wavParts.push(bytes);
    const result = await pcm(request({ text }));
    expect(streamedMp3.sampleRate).toBe(24_000);
    expect(streamedMp3.durationSeconds).toBeCloseTo(result.durationSeconds, 0);
    expect(decodeWav(concatBytes(wavParts)).samples.length).toBeCloseTo(result.samples.length, -3);
    const wav = await encodeSpeechResult(result, 'wav');
    expect(wav.mimeType).toBe('audio/wav');
    expect(decodeWav(wav.bytes).samples.length).toBe(result.samples.length);
    const mp3 = await encodeSpeechResult(result);
    expect(parseMp3Frames(mp3.bytes).durationSeconds).toBeCloseTo(result.durationSeconds, 0);
  });

  it('accepts a raw VoiceSpec and reports an unknown eSpeak variant', async () => {
    const german = await pcm(request({ text: 'Guten Tag, wie geht es Ihnen?', voice: { language: 'de', espeakVoice: 'de', variant: 'm3', pitchOffset: 0.2 } }));
    expect(voicedRms(german.samples, german.sampleRate)).toBeGreaterThan(0.05);
    expect(await failure(() => engine.speak(request({ voice: { language: 'de', espeakVoice: 'de', variant: 'nope' } })))).toBe('ENGINE_FAILURE');
  });

  it('renders each model at its own output rate', async () => {
    const [hd25, hd15] = await Promise.all([
      pcm(request({ model: 'speech-2.5-hd-preview' })),
      pcm(request({ model: 'speech-1.5-hd-preview' })),
    ]);
    expect(hd25.sampleRate).toBe(24_000);
    expect(hd15.sampleRate).toBe(22_050);
    expect(hd25.durationSeconds).toBeCloseTo(hd15.durationSeconds, 0);
  });

  it('reads normalised text: "$5.99" sounds like its words', async () => {
    const [symbols, words] = await Promise.all([
      pcm(request({ text: 'It costs $5.99 today.' })),
      pcm(request({ text: 'It costs five dollars and ninety-nine cents today.' })),
    ]);
    expect(Math.abs(symbols.samples.length - words.samples.length)).toBeLessThan(words.samples.length * 0.01);
  });

  it('speaks another language in a voice’s timbre', async () => {
    const result = await pcm({ text: 'Merhaba, bugün hava çok güzel.', voice: 'en-us-radiant-girl', language: 'tr', speed: 1, pitch: 0, volume: 1 });
    expect(voicedRms(result.samples, result.sampleRate)).toBeGreaterThan(0.05);
    expect(getVoice('en-us-radiant-girl')?.engine.variant).toBe('f3');
  });

  it('fails clearly: bad requests at the call, aborts, and a closed engine', async () => {
    expect(() => engine.speakStream(request({ voice: 'nobody' }))).toThrow(SpeechError);
    expect(await failure(() => engine.speak(request({ text: 'x'.repeat(5001) })))).toBe('TEXT_TOO_LONG');
    const controller = new AbortController();
    controller.abort();
    expect(await failure(() => engine.speak(request(), { signal: controller.signal }))).toBe('ABORTED');
    const closed = new LocalSpeechEngine({ workers: 1 });
    await closed.close();
    expect(await failure(() => closed.speak(request()))).toBe('ENGINE_CLOSED');
  });
});
