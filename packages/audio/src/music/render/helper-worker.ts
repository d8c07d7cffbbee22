import { parentPort } from 'node:worker_threads';
import type { ChorusProcessor, DelayProcessor, ReverbProcessor } from 'spessasynth_core';
import { encodeStereoMp3 } from '../encode.ts';
import { truePeakEnvelope } from '../master/true-peak.ts';
import { ENVELOPE_DONE, ENVELOPE_FAILED, type ChunkReady, type EffectParameterChange, type HelperReply, type HelperRequest, type SharedMix } from './protocol.ts';
import { speedUpReverb } from './fast-reverb.ts';
import { BLOCK_FRAMES, FINISHED, RENDERED } from './send-capture.ts';

/**
 * A render thread's helper (see RenderHelper). In a split render it runs spessasynth's reverb, chorus and delay on
 * the sends the render thread captured, block by block in the synthesiser's own order, and adds them to the dry mix;
 * then it encodes the mastered track's MP3. Needs no sound bank.
 */
const port = parentPort;
if (!port) throw new Error('The music render helper must run in a worker thread');

interface Mix {
  shared: SharedMix;
  reverb: ReverbProcessor;
  chorus: ChorusProcessor;
  delay: DelayProcessor;
}

let mix: Promise<Mix> | undefined;
let failure: string | undefined;

port.on('message', (message: HelperRequest) => {
  switch (message.type) {
    case 'warm':
      // A second of silence through LAME loads its WebAssembly; spessasynth loads with the first mix.
      Promise.all([import('spessasynth_core'), encodeStereoMp3(new Float32Array(44100), new Float32Array(44100), 44100, 192)]).then(
        () => reply({ type: 'ready' }),
        (error: unknown) => reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
      break;
    case 'start':
      failure = undefined;
      mix = startMix(message.mix, message.sampleRate);
      break;
    case 'chunk':
      mix = mix?.then((current) => {
        const { counters } = current.shared;
        // The load pairs with the render thread's store, so its writes to the chunk are visible here.
        if (failure === undefined && Atomics.load(counters, RENDERED) > message.chunk.index) addEffects(current, message.chunk);
        else failure ??= `Chunk ${message.chunk.index} was announced before it was rendered`;
        // Frees the chunk's ring slot for the render thread, even after a failure, so it never waits in vain.
        Atomics.store(counters, FINISHED, message.chunk.index + 1);
        Atomics.notify(counters, FINISHED);
        return current;
      });
      break;
    case 'finish':
      if (!mix) {
        reply({ type: 'failed', message: 'No mix was started' });
        break;
      }
      void mix.then(
        () => reply(failure === undefined ? { type: 'mixed' } : { type: 'failed', message: failure }),
        (error: unknown) => reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
      mix = undefined;
      break;
    case 'envelope':
      try {
        message.out.set(truePeakEnvelope([message.channel], message.threshold));
        Atomics.store(message.status, 0, ENVELOPE_DONE);
      } catch {
        Atomics.store(message.status, 0, ENVELOPE_FAILED);
      }
      Atomics.notify(message.status, 0);
      break;
    case 'encode':
      encodeStereoMp3(message.left, message.right, message.sampleRate, message.bitrate).then(
        (mp3) => reply({ type: 'encoded', mp3 }, [mp3.buffer as ArrayBuffer]),
        (error: unknown) => reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
      break;
  }
});

function reply(message: HelperReply, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

/** Fresh processors from a fresh synthesiser, built exactly as the render thread built the ones it records against. */
async function startMix(shared: SharedMix, sampleRate: number): Promise<Mix> {
  const { SpessaSynthProcessor } = await import('spessasynth_core');
  const synth = new SpessaSynthProcessor(sampleRate, { eventsEnabled: false, effectsEnabled: true });
  speedUpReverb(synth.reverbProcessor);
  return { shared, reverb: synth.reverbProcessor, chorus: synth.chorusProcessor, delay: synth.delayProcessor };
}

function addEffects(mix: Mix, chunk: ChunkReady): void {
  const { shared: { left, right, sends, delayBlocks, chunkFrames, slots }, reverb, chorus, delay } = mix;
  const slotStart = (chunk.index % slots) * chunkFrames;
  let nextChange = 0;
  for (let offset = 0; offset < chunk.frames; offset += BLOCK_FRAMES) {
    const count = Math.min(BLOCK_FRAMES, chunk.frames - offset);
    const frame = chunk.start + offset;
    while (nextChange < chunk.changes.length && (chunk.changes[nextChange]?.frame ?? Infinity) <= frame) applyChange(mix, chunk.changes[nextChange++]);
    const ring = slotStart + offset;
    const reverbInput = sends.reverb.subarray(ring, ring + count);
    const delayInput = sends.delay.subarray(ring, ring + count);
    // The order of SynthesizerCore.processSplit: chorus (feeding reverb and delay), delay (feeding reverb), reverb.
    chorus.process(sends.chorus.subarray(ring, ring + count), left, right, reverbInput, delayInput, frame, count);
    if (delayBlocks[ring / BLOCK_FRAMES]) delay.process(delayInput, left, right, reverbInput, frame, count);
    reverb.process(reverbInput, left, right, frame, count);
  }
  while (nextChange < chunk.changes.length) applyChange(mix, chunk.changes[nextChange++]);
}

function applyChange(mix: Mix, change: EffectParameterChange | undefined): void {
  if (!change) return;
  if (!Reflect.set(mix[change.effect], change.field, change.value)) failure = `Cannot set ${change.effect}.${change.field}`;
}
