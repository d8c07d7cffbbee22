import type { ChorusProcessor, DelayProcessor, ReverbProcessor, SpessaSynthProcessor } from 'spessasynth_core';
import type { ChunkReady, EffectParameterChange, SendEffect, SharedMix } from './protocol.ts';

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
 * record each block's effect inputs (and every parameter the synthesiser sets) into the shared mix, so the helper
 * thread can run the real effects on them in the same order and add them to the dry mix, sample for sample what one
 * synthesiser would give. Parameters read and written pass through to real processors, so the synthesiser sees
 * exactly the values it would.
 */
export class SendCapture {
  readonly processors: SendProcessors;
  private chunk: ChunkReady = { index: 0, start: 0, frames: 0, changes: [] };
  private frame = 0;

  /** `reference` gives fresh real processors, built exactly as the helper thread builds its own. */
  constructor(reference: SpessaSynthProcessor, private readonly mix: SharedMix) {
    this.processors = {
      reverbProcessor: this.capturing('reverb', reference.reverbProcessor, (input, _left, _right, start, count) => this.take('reverb', input, start, count)),
      chorusProcessor: this.capturing('chorus', reference.chorusProcessor, (input, _left, _right, _reverb, _delay, start, count) => this.take('chorus', input, start, count)),
      delayProcessor: this.capturing('delay', reference.delayProcessor, (input, _left, _right, _reverb, start, count) => {
        this.take('delay', input, start, count);
        this.mix.delayBlocks[this.ringOffset(start) / BLOCK_FRAMES] = 1;
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
    this.chunk = { index, start, frames, changes: this.chunk.index === index ? this.chunk.changes : [] };
  }

  /** The frame the next `process` call renders: parameter changes from here on apply from this block. */
  at(frame: number): void {
    this.frame = frame;
  }

  /** The finished chunk, for the helper; parameter changes made before the next chunk begins go with that one. */
  takeChunk(): ChunkReady {
    const chunk = this.chunk;
    Atomics.store(this.mix.counters, RENDERED, chunk.index + 1);
    this.chunk = { index: chunk.index + 1, start: chunk.start + chunk.frames, frames: 0, changes: [] };
    return chunk;
  }

  private ringOffset(start: number): number {
    return (this.chunk.index % this.mix.slots) * this.mix.chunkFrames + (start - this.chunk.start);
  }

  private take(effect: SendEffect, input: Float32Array, start: number, count: number): void {
    this.mix.sends[effect].set(input.subarray(0, count), this.ringOffset(start));
  }

  /** The real processor with `process` replaced and every assignment recorded. */
  private capturing<Processor extends object>(effect: SendEffect, real: Processor, process: (...args: never[]) => void): Processor {
    const changes = (): EffectParameterChange[] => this.chunk.changes;
    const frame = (): number => this.frame;
    return new Proxy(real, {
      get: (target, key) => (key === 'process' ? process : Reflect.get(target, key, target)),
      set: (target, key, value: unknown) => {
        if (typeof key === 'string') changes().push({ frame: frame(), effect, field: key, value });
        return Reflect.set(target, key, value, target);
      },
    });
  }
}
