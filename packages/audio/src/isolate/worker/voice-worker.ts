import { resample } from '../../codec/resample.ts';
import { analyseVoice } from '../../voice-analysis/analyse.ts';
import { normaliseLoudness, trimSilence } from '../../voice-analysis/prepare.ts';
import { encodeAudioFiles } from '../encode.ts';
import { denoiseChunk, gateInPlace } from '../pipeline.ts';
import { loadRnnoise, RNNOISE_FRAME, RNNOISE_SAMPLE_RATE } from '../rnnoise.ts';
import { accumulateNoisePower, NOISE_PROFILE_BINS, profileFrameEnergies } from '../spectral-denoise.ts';
import type { VoiceWorkerTasks } from './protocol.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';

type Request<Name extends keyof VoiceWorkerTasks> = VoiceWorkerTasks[Name]['request'];

/** Body of one voice worker: its own RNNoise instance (loaded on first use) and the isolation and analysis steps. */
serveTasks<VoiceWorkerTasks, number>(async (message, progress) => {
  switch (message.task) {
    case 'warm':
      await loadRnnoise();
      return { result: null };
    case 'resample': {
      const { input, fromRate, target } = message.request as Request<'resample'>;
      new Float32Array(target).set(resample(input, fromRate, RNNOISE_SAMPLE_RATE).subarray(0, target.byteLength / 4));
      return { result: null };
    }
    case 'profile': {
      const { input, energies, firstFrame, endFrame } = message.request as Request<'profile'>;
      profileFrameEnergies(new Float32Array(input), new Float64Array(energies), firstFrame, endFrame);
      return { result: null };
    }
    case 'noise': {
      const { input, frames, count, sums, part } = message.request as Request<'noise'>;
      accumulateNoisePower(new Float32Array(input), frames, count, new Float64Array(sums, part * NOISE_PROFILE_BINS * 8, NOISE_PROFILE_BINS));
      return { result: null };
    }
    case 'denoise':
      await denoise(message.request as Request<'denoise'>, progress);
      return { result: null };
    case 'gate': {
      const { output, voiceProbability, settings, start, end } = message.request as Request<'gate'>;
      return { result: gateInPlace(new Float32Array(output), new Float32Array(voiceProbability), settings, start, end) };
    }
    case 'encode': {
      const { samples, sampleRate, options } = message.request as Request<'encode'>;
      const files = await encodeAudioFiles(samples, sampleRate, options);
      return { result: files, transfer: [files.mp3?.buffer, files.wav?.buffer].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer) };
    }
    case 'analyse': {
      const { samples, sampleRate } = message.request as Request<'analyse'>;
      return { result: analyseVoice(samples, sampleRate) };
    }
    case 'optimise': {
      const { samples, sampleRate } = message.request as Request<'optimise'>;
      const optimised = normaliseLoudness(trimSilence(samples, sampleRate), sampleRate);
      return { result: optimised, transfer: [optimised.buffer as ArrayBuffer] };
    }
  }
});

async function denoise(request: Request<'denoise'>, progress: (fraction: number) => void): Promise<void> {
  const chunk = await denoiseChunk(new Float32Array(request.input), request.start, request.end, request.noiseProfile, request.settings, progress);
  new Float32Array(request.output).set(chunk.samples, request.start);
  new Float32Array(request.voiceProbability).set(chunk.voiceProbability, request.start / RNNOISE_FRAME);
}
