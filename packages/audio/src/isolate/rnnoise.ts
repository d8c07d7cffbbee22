import { rnnoiseWithSimdGru } from './rnnoise-simd.ts';

/** RNNoise (Xiph's recurrent-network noise suppressor) compiled to WASM: 10 ms frames at 48 kHz. */
export const RNNOISE_SAMPLE_RATE = 48_000;
export const RNNOISE_FRAME = 480;
/** RNNoise expects 16-bit-scaled floats. */
const INT16_SCALE = 32768;
const INVERSE_INT16_SCALE = 1 / INT16_SCALE;

interface RnnoiseModule {
  HEAPF32: Float32Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _rnnoise_create(model: number): number;
  _rnnoise_destroy(state: number): void;
  /** Denoises one frame from `input` into `output` and returns the frame's voice-activity probability. */
  _rnnoise_process_frame(state: number, output: number, input: number): number;
}

function isRnnoiseModule(value: unknown): value is RnnoiseModule {
  return typeof value === 'object' && value !== null && '_rnnoise_create' in value && '_rnnoise_process_frame' in value;
}

/** The SIMD build, or null (with a warning: isolation still works, at half speed) when it cannot be made here. */
function simdBuildOrNull(): Uint8Array | null {
  try {
    return rnnoiseWithSimdGru();
  } catch (error) {
    process.emitWarning(`RNNoise runs as shipped, without its SIMD GRU step: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** `simd`: the GRU step vectorised (`rnnoise-simd.ts`, identical results), when this build allows it; `shipped`: as published. */
export type RnnoiseBuild = 'simd' | 'shipped';

const modulePromises = new Map<RnnoiseBuild, Promise<RnnoiseModule>>();

/** Instantiated on first use, once per thread (each worker holds its own). */
export function loadRnnoise(build: RnnoiseBuild = 'simd'): Promise<RnnoiseModule> {
  let promise = modulePromises.get(build);
  if (!promise) {
    promise = import('@echogarden/rnnoise-wasm').then(async ({ default: create }) => {
      const wasmBinary = build === 'simd' ? simdBuildOrNull() : null;
      const module: unknown = await create(wasmBinary ? { wasmBinary } : {});
      if (!isRnnoiseModule(module)) throw new Error('Unexpected RNNoise module shape');
      return module;
    });
    modulePromises.set(build, promise);
  }
  return promise;
}

export interface RnnoiseOutput {
  /** Denoised audio aligned with the input (RNNoise's one-frame delay removed). */
  samples: Float32Array;
  /** Voice-activity probability per 480-sample frame of the input. */
  voiceProbability: Float32Array;
}

/**
 * Runs one fresh RNNoise state over a 48 kHz signal. The network's output lags its input by one frame; feeding one
 * extra frame of silence and dropping the first output frame puts every sample back where it was. `output` may be
 * `samples` itself: each output frame is written after the input it overwrites has been read.
 */
export function rnnoiseDenoise(
  module: RnnoiseModule,
  samples: Float32Array,
  onFrames?: (done: number, total: number) => void,
  output: Float32Array = new Float32Array(samples.length),
): RnnoiseOutput {
  const frames = Math.ceil(samples.length / RNNOISE_FRAME);
  const voiceProbability = new Float32Array(frames);
  const state = module._rnnoise_create(0);
  const inputPointer = module._malloc(RNNOISE_FRAME * 4);
  const outputPointer = module._malloc(RNNOISE_FRAME * 4);
  // One scaled frame, reused: filled here, then copied into the heap in one block.
  const frameBuffer = new Float32Array(RNNOISE_FRAME);
  try {
    for (let frame = 0; frame <= frames; frame++) {
      const start = frame * RNNOISE_FRAME;
      scaleFrameIn(samples, start, frameBuffer);
      // Read HEAPF32 afresh each frame: a memory growth would detach an older view.
      module.HEAPF32.set(frameBuffer, inputPointer >> 2);
      const probability = module._rnnoise_process_frame(state, outputPointer, inputPointer);
      if (frame < frames) voiceProbability[frame] = probability;
      if (frame > 0) copyFrameOut(module.HEAPF32, outputPointer >> 2, output, start - RNNOISE_FRAME);
      if (onFrames && frame % 500 === 0) onFrames(frame, frames);
    }
  } finally {
    module._free(inputPointer);
    module._free(outputPointer);
    module._rnnoise_destroy(state);
  }
  return { samples: output, voiceProbability };
}

/** samples[start, start + 480) scaled to 16-bit range into `frame`, zero-padded past the end of the signal. */
function scaleFrameIn(samples: Float32Array, start: number, frame: Float32Array): void {
  const available = Math.max(0, Math.min(RNNOISE_FRAME, samples.length - start));
  for (let index = 0; index < available; index++) frame[index] = (samples[start + index] as number) * INT16_SCALE;
  if (available < RNNOISE_FRAME) frame.fill(0, available);
}

function copyFrameOut(heap: Float32Array, heapIndex: number, output: Float32Array, start: number): void {
  const end = Math.min(output.length, start + RNNOISE_FRAME);
  const offset = heapIndex - start;
  for (let position = start; position < end; position++) output[position] = (heap[offset + position] as number) * INVERSE_INT16_SCALE;
}
