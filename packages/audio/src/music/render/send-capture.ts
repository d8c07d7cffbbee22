import type { ChorusProcessor, DelayProcessor, ReverbProcessor, SpessaSynthProcessor } from 'spessasynth_core';
import type { ChunkReady, SendEffect, SharedMix } from './protocol.ts';

/** spessasynth renders (and runs its effects) in blocks of this many frames. */
export const BLOCK_FRAMES = 128;

export interface SendProcessors {
  reverbProcessor: ReverbProcessor;
  chorusProcessor: ChorusProcessor;
  delayProcessor: DelayProcessor;
}

/** Indices in SharedMix.counters. */
export const RENDERED = 0;
export const FINISHED = 1;

/** How long the render thread waits for the helper to free a ring slot before giving up on the split. */
const SLOT_WAIT_MS = 20_000;

/** A shared mix of `frames` frames whose sends ring holds `slots` chunks of `chunkFrames`. */
export function sharedMix(frames: number, chunkFrames: number, slots: number): SharedMix {
  const floats = (length: number): Float32Array => new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
  const ring = chunkFrames * slots;
  return {
    left: floats(frames), right: floats(frames), chunkFrames, slots,
    sends: { reverb: floats(ring), chorus: floats(ring), delay: floats(ring) },
    delayBlocks: new Uint8Array(new SharedArrayBuffer(ring / BLOCK_FRAMES)),
    counters: new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT)),
  };
}

/**
 * Stand-ins for spessasynth's send effects on the render thread: instead of running reverb, chorus and delay they
 * record each block's effect inputs into the shared mix, where the helper thread's synthesiser adds them to its own
 * inputs before it runs the real effects (see addCapturedSends). The helper plays the same MIDI events, so its
 * effects are set up exactly as these would be.
 */
export class SendCapture {
  readonly processors: SendProcessors;
  private chunk: ChunkReady = { index: 0, start: 0, frames: 0 };

  /** `reference` gives real processors for the synthesiser to read and set parameters on. */
  constructor(reference: SpessaSynthProcessor, private readonly mix: SharedMix) {
    this.processors = {
      reverbProcessor: replaceProcess(reference.reverbProcessor, (input, _left, _right, start, count) => this.take('reverb', input, start, count)),
      chorusProcessor: replaceProcess(reference.chorusProcessor, (input, _left, _right, _reverb, _delay, start, count) => this.take('chorus', input, start, count)),
      delayProcessor: replaceProcess(reference.delayProcessor, (input, _left, _right, _reverb, start, count) => {
        this.take('delay', input, start, count);
        this.mix.delayBlocks[ringOffset(this.mix, this.chunk, start) / BLOCK_FRAMES] = 1;
      }),
    };
  }

  /**
   * Starts chunk `index` at frame `start`, once the helper has finished the chunk that last used its ring slot.
   * Throws if the helper does not get there in time (it is gone): the caller renders the song on its own then.
   */
  beginChunk(index: number, start: number, frames: number): void {
    const { counters, slots, chunkFrames, delayBlocks } = this.mix;
    for (let done = Atomics.load(counters, FINISHED); done <= index - slots; done = Atomics.load(counters, FINISHED)) {
      if (Atomics.wait(counters, FINISHED, done, SLOT_WAIT_MS) === 'timed-out') throw new Error('The render helper stopped taking chunks');
    }
    const firstBlock = ((index % slots) * chunkFrames) / BLOCK_FRAMES;
    delayBlocks.fill(0, firstBlock, firstBlock + chunkFrames / BLOCK_FRAMES);
    this.chunk = { index, start, frames };
  }

  /** The finished chunk, for the helper. */
  takeChunk(): ChunkReady {
    const chunk = this.chunk;
    Atomics.store(this.mix.counters, RENDERED, chunk.index + 1);
    this.chunk = { index: chunk.index + 1, start: chunk.start + chunk.frames, frames: 0 };
    return chunk;
  }

  private take(effect: SendEffect, input: Float32Array, start: number, count: number): void {
    this.mix.sends[effect].set(input.subarray(0, count), ringOffset(this.mix, this.chunk, start));
  }
}

/** Where frame `start` of `chunk` sits in the sends ring. */
function ringOffset(mix: SharedMix, chunk: ChunkReady, start: number): number {
  return (chunk.index % mix.slots) * mix.chunkFrames + (start - chunk.start);
}

/**
 * The helper's chorus, which spessasynth runs first of the send effects in every block: before it does, the render
 * thread's captured sends for the block (of `chunk()`) are added to the helper's own reverb, chorus and delay inputs,
 * so the effects hear every voice of the song.
 */
export function addCapturedSends(chorus: ChorusProcessor, mix: SharedMix, chunk: () => ChunkReady): ChorusProcessor {
  return replaceProcess(chorus, (input, left, right, reverbInput, delayInput, start, count) => {
    const offset = ringOffset(mix, chunk(), start);
    addInto(input, mix.sends.chorus, offset, count);
    addInto(reverbInput, mix.sends.reverb, offset, count);
    if (mix.delayBlocks[offset / BLOCK_FRAMES]) addInto(delayInput, mix.sends.delay, offset, count);
    chorus.process(input, left, right, reverbInput, delayInput, start, count);
  });
}

function addInto(target: Float32Array, ring: Float32Array, offset: number, count: number): void {
  for (let index = 0; index < count; index++) target[index] = (target[index] ?? 0) + (ring[offset + index] ?? 0);
}

/** The real processor, its parameters read and set as they are, with `process` replaced. */
function replaceProcess<Processor extends { process: (...args: never[]) => void }>(real: Processor, process: Processor['process']): Processor {
  return new Proxy(real, { get: (target, key) => (key === 'process' ? process : Reflect.get(target, key, target)) });
}
