import { workerData } from 'node:worker_threads';
import type { BasicSoundBank } from 'spessasynth_core';
import { encodeStereoMp3, encodeStereoWav } from '../encode.ts';
import { masterTrack } from '../master/master.ts';
import type { ProduceRequest, ProducedTrack, RenderProgress, RenderRequest, RenderStage, RenderTasks, RenderWorkerData } from './protocol.ts';
import { loadSoundBank, synthesizeMidi } from './synthesize.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';

/** One render thread: loads the sound bank once and serves render jobs one at a time. */
const { soundFontPath } = workerData as RenderWorkerData;

let bank: Promise<BasicSoundBank> | undefined;
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
      await soundBank();
      return { result: { soundFont: soundFontPath, loadMs } };
    case 'render': {
      const request = message.request as RenderRequest;
      const pcm = await synthesizeMidi(await soundBank(), request.midi, { ...request, onProgress: (fraction) => progress('render', fraction) });
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

/** Render, master and encode in this thread, so only the finished files cross back to the caller. */
async function produce(request: ProduceRequest, progress: (stage: RenderStage, fraction: number) => void): Promise<ProducedTrack> {
  let started = performance.now();
  const pcm = await synthesizeMidi(await soundBank(), request.midi, { ...request, onProgress: (fraction) => progress('render', fraction) });
  const renderMs = performance.now() - started;
  started = performance.now();
  progress('master', 0);
  const mastered = masterTrack(pcm.left, pcm.right, { ...request.master, sampleRate: pcm.sampleRate, durationSeconds: request.durationSeconds });
  const masterMs = performance.now() - started;
  started = performance.now();
  progress('encode', 0);
  const mp3 = request.mp3 ? await encodeStereoMp3(mastered.left, mastered.right, mastered.sampleRate, request.mp3Bitrate) : new Uint8Array(0);
  const result: ProducedTrack = {
    mp3,
    loudnessLufs: mastered.loudnessLufs,
    truePeakDbtp: mastered.truePeakDbtp,
    timings: { renderMs, masterMs, encodeMs: 0 },
  };
  if (request.wav) result.wav = encodeStereoWav(mastered.left, mastered.right, mastered.sampleRate);
  if (request.pcm) result.pcm = { left: mastered.left, right: mastered.right, sampleRate: mastered.sampleRate };
  result.timings.encodeMs = performance.now() - started;
  return result;
}
