import { availableParallelism } from 'node:os';
import { workerData } from 'node:worker_threads';
import type { BasicSoundBank } from 'spessasynth_core';
import { encodeStereoMp3, encodeStereoMp3InTwo, encodeStereoWav } from '../encode.ts';
import { masterToLoudness } from '../master/master.ts';
import { measureTruePeak, truePeakEnvelope } from '../master/true-peak.ts';
import { ENVELOPE_DONE, ENVELOPE_PENDING, type Mp3Bitrate, type ProduceRequest, type ProducedTrack, type RenderProgress, type RenderRequest, type RenderStage, type RenderTasks, type RenderWorkerData } from './protocol.ts';
import { RenderHelper } from './render-helper.ts';
import { loadSoundBank, synthesizeMidi } from './synthesize.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';

/** One render thread: loads the sound bank once and serves render jobs one at a time. */
const { soundFontPath } = workerData as RenderWorkerData;

let bank: Promise<BasicSoundBank> | undefined;
/** With a second core, each song's voices, send effects and MP3 are shared with a helper thread. */
const helper = availableParallelism() > 1 ? new RenderHelper(soundFontPath) : undefined;
const splitRender = helper ? { helper } : {};
let loadMs = 0;

function soundBank(): Promise<BasicSoundBank> {
  bank ??= (async () => {
    const started = performance.now();
    const loaded = await loadSoundBank(soundFontPath);
    loadMs = performance.now() - started;
    return loaded;
  })();
  return bank;
}

serveTasks<RenderTasks, RenderProgress>(async (message, report) => {
  const progress = (stage: RenderStage, fraction: number): void => report({ stage, fraction });
  switch (message.task) {
    case 'warm':
      // Both threads encode part of each MP3: LAME loads here too.
      await Promise.all([soundBank(), helper?.warmUp().catch(() => undefined), helper && encodeStereoMp3(new Float32Array(44100), new Float32Array(44100), 44100, 192)]);
      return { result: { soundFont: soundFontPath, loadMs } };
    case 'render': {
      const request = message.request as RenderRequest;
      const rendered = await synthesizeMidi(await soundBank(), request.midi, { ...request, ...splitRender, onProgress: (fraction) => progress('render', fraction) });
      // A split render's arrays are shared memory, which cannot be transferred: hand over plain copies.
      const pcm = { ...rendered, left: ownedCopy(rendered.left), right: ownedCopy(rendered.right) };
      return { result: pcm, transfer: [pcm.left.buffer as ArrayBuffer, pcm.right.buffer as ArrayBuffer] };
    }
    case 'produce': {
      const produced = await produce(message.request as ProduceRequest, progress);
      const transfer = [produced.mp3.buffer as ArrayBuffer];
      if (produced.wav) transfer.push(produced.wav.buffer as ArrayBuffer);
      if (produced.pcm) transfer.push(produced.pcm.left.buffer as ArrayBuffer, produced.pcm.right.buffer as ArrayBuffer);
      return { result: produced, transfer };
    }
  }
});

/**
 * Render, master and encode, so only the finished files cross back to the caller. With a helper thread the render
 * is split (voices here, effects there) and so is the MP3 (the helper encodes the second half while this thread
 * measures the true peak, then encodes the first).
 */
async function produce(request: ProduceRequest, progress: (stage: RenderStage, fraction: number) => void): Promise<ProducedTrack> {
  let started = performance.now();
  const pcm = await synthesizeMidi(await soundBank(), request.midi, { ...request, ...splitRender, onProgress: (fraction) => progress('render', fraction) });
  const renderMs = performance.now() - started;
  started = performance.now();
  progress('master', 0);
  // In shared memory, so the helper reads these very arrays (one channel's envelope, its part of the MP3), no copy.
  const masterOptions = { ...request.master, sampleRate: pcm.sampleRate, durationSeconds: request.durationSeconds };
  const mastered = masterToLoudness(pcm.left, pcm.right, masterOptions, { allocate: sharedSamples, envelope: envelopeOnTwoThreads, consumeInput: true });
  const masterMs = performance.now() - started;
  started = performance.now();
  progress('encode', 0);
  const { left, right, sampleRate } = mastered;
  let truePeakDbtp = Number.NaN;
  // Measured while the helper encodes its part of the MP3, before this thread encodes its own.
  const measure = (): void => { truePeakDbtp = measureTruePeak([left, right]); };
  let mp3: Uint8Array = new Uint8Array(0);
  if (request.mp3) mp3 = await encodeMp3(left, right, sampleRate, request.mp3Bitrate, measure);
  else measure();
  const result: ProducedTrack = { mp3, loudnessLufs: mastered.loudnessLufs, truePeakDbtp, timings: { renderMs, masterMs, encodeMs: performance.now() - started } };
  if (request.wav) result.wav = encodeStereoWav(left, right, sampleRate);
  if (request.pcm) result.pcm = { left: ownedCopy(left), right: ownedCopy(right), sampleRate };
  return result;
}

function sharedSamples(length: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
}

/** How long this thread waits for the helper's half of an envelope before computing it itself. */
const ENVELOPE_WAIT_MS = 10_000;

/**
 * truePeakEnvelope of a stereo pair with the second channel on the helper: each channel's envelope is its own, and
 * the pair's is their larger value at each sample (as truePeakEnvelope merges them), so the result is the same.
 */
function envelopeOnTwoThreads(channels: readonly Float32Array[], threshold: number): Float32Array {
  const [mine, theirs] = channels;
  if (!helper || !mine || !theirs || channels.length !== 2 || !(theirs.buffer instanceof SharedArrayBuffer)) return truePeakEnvelope(channels, threshold);
  const out = sharedSamples(theirs.length);
  const status = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  helper.startEnvelope(theirs, threshold, out, status);
  const envelope = truePeakEnvelope([mine], threshold);
  Atomics.wait(status, 0, ENVELOPE_PENDING, ENVELOPE_WAIT_MS);
  const other = Atomics.load(status, 0) === ENVELOPE_DONE ? out : truePeakEnvelope([theirs], threshold);
  for (let index = 0; index < envelope.length; index++) if ((other[index] ?? 0) > (envelope[index] ?? 0)) envelope[index] = other[index] ?? 0;
  return envelope;
}

function ownedCopy(samples: Float32Array): Float32Array {
  return samples.buffer instanceof SharedArrayBuffer ? samples.slice() : samples;
}

/**
 * This thread's share of an MP3 encoded on two threads: it runs `beside` (the true-peak measure) while the helper
 * starts on the second half, so it takes a little less than half the frames. Measured on 60 s tracks.
 */
const HEAD_SHARE = 0.46;

/**
 * With a helper, the MP3 is encoded in two parts at once and joined (mp3-splice.ts); if the helper fails, its part
 * is encoded here. `beside` runs while the helper encodes.
 */
async function encodeMp3(left: Float32Array, right: Float32Array, sampleRate: number, bitrate: Mp3Bitrate, beside: () => void): Promise<Uint8Array> {
  if (!helper) {
    beside();
    return encodeStereoMp3(left, right, sampleRate, bitrate);
  }
  const encodeTail = (tailLeft: Float32Array, tailRight: Float32Array): Promise<Uint8Array> =>
    helper.encodeMp3(tailLeft, tailRight, sampleRate, bitrate).catch(async (error: unknown) => {
      // Replaced for the next song; the caller encodes this part here.
      await helper.close();
      throw error;
    });
  return encodeStereoMp3InTwo(left, right, sampleRate, bitrate, { encodeTail, headShare: HEAD_SHARE, beside });
}
