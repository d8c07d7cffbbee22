import { availableParallelism } from 'node:os';
import { workerData } from 'node:worker_threads';
import type { BasicSoundBank } from 'spessasynth_core';
import { encodeStereoMp3, encodeStereoWav } from '../encode.ts';
import { masterToLoudness } from '../master/master.ts';
import { measureTruePeak } from '../master/true-peak.ts';
import type { Mp3Bitrate, ProduceRequest, ProducedTrack, RenderProgress, RenderRequest, RenderStage, RenderTasks, RenderWorkerData } from './protocol.ts';
import { RenderHelper } from './render-helper.ts';
import { loadSoundBank, synthesizeMidi } from './synthesize.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';

/** One render thread: loads the sound bank once and serves render jobs one at a time. */
const { soundFontPath } = workerData as RenderWorkerData;

let bank: Promise<BasicSoundBank> | undefined;
/** With a second core, each song's send effects and MP3 run on a helper thread beside this one's work. */
const helper = availableParallelism() > 1 ? new RenderHelper() : undefined;
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
      await Promise.all([soundBank(), helper?.warmUp().catch(() => undefined)]);
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
 * is split (voices here, effects there) and the MP3 is encoded there while this thread measures the true peak and
 * writes the WAV.
 */
async function produce(request: ProduceRequest, progress: (stage: RenderStage, fraction: number) => void): Promise<ProducedTrack> {
  let started = performance.now();
  const pcm = await synthesizeMidi(await soundBank(), request.midi, { ...request, ...splitRender, onProgress: (fraction) => progress('render', fraction) });
  const renderMs = performance.now() - started;
  started = performance.now();
  progress('master', 0);
  const mastered = masterToLoudness(pcm.left, pcm.right, { ...request.master, sampleRate: pcm.sampleRate, durationSeconds: request.durationSeconds });
  const masterMs = performance.now() - started;
  started = performance.now();
  progress('encode', 0);
  const mp3 = request.mp3 ? encodeMp3(mastered.left, mastered.right, mastered.sampleRate, request.mp3Bitrate) : Promise.resolve(new Uint8Array(0));
  // Measured while the MP3 encodes (in the helper thread).
  const truePeakDbtp = measureTruePeak([mastered.left, mastered.right]);
  const result: ProducedTrack = {
    mp3: new Uint8Array(0),
    loudnessLufs: mastered.loudnessLufs,
    truePeakDbtp,
    timings: { renderMs, masterMs, encodeMs: 0 },
  };
  if (request.wav) result.wav = encodeStereoWav(mastered.left, mastered.right, mastered.sampleRate);
  if (request.pcm) result.pcm = { left: mastered.left, right: mastered.right, sampleRate: mastered.sampleRate };
  result.mp3 = await mp3;
  result.timings.encodeMs = performance.now() - started;
  return result;
}

function ownedCopy(samples: Float32Array): Float32Array {
  return samples.buffer instanceof SharedArrayBuffer ? samples.slice() : samples;
}

/** On the helper when there is one (falling back to this thread if it fails): the same LAME, the same bytes. */
async function encodeMp3(left: Float32Array, right: Float32Array, sampleRate: number, bitrate: Mp3Bitrate): Promise<Uint8Array> {
  if (helper) {
    try {
      return await helper.encodeMp3(left, right, sampleRate, bitrate);
    } catch {
      // Replaced for the next song; encoded here below.
      await helper.close();
    }
  }
  return encodeStereoMp3(left, right, sampleRate, bitrate);
}
