import { parentPort, workerData } from 'node:worker_threads';
import type { BasicSoundBank, SpessaSynthProcessor, SpessaSynthSequencer } from 'spessasynth_core';
import { encodeStereoMp3 } from '../encode.ts';
import { truePeakEnvelope } from '../master/true-peak.ts';
import { ENVELOPE_DONE, ENVELOPE_FAILED, type ChunkReady, type HelperReply, type HelperRequest, type HelperWorkerData, type SharedMix, type SplitSong } from './protocol.ts';
import { addCapturedSends, FINISHED, RENDERED } from './send-capture.ts';
import { loadSoundBank, parseMidi, renderBlocks, startSong } from './synthesize.ts';
import { keepNotes } from './voice-split.ts';

/**
 * A render thread's helper (see RenderHelper). In a split render it plays the same song as the render thread, with
 * only its share of the notes, one chunk behind: it adds its voices to the render thread's dry mix and runs the send
 * effects on the sends of both; then it encodes part of the mastered track's MP3.
 */
const port = parentPort;
if (!port) throw new Error('The music render helper must run in a worker thread');
const { soundFontPath } = workerData as HelperWorkerData;

let bank: Promise<BasicSoundBank> | undefined;

function soundBank(): Promise<BasicSoundBank> {
  bank ??= loadSoundBank(soundFontPath);
  return bank;
}

/** The helper's synthesiser for the song in progress. */
interface HelperSong {
  synth: SpessaSynthProcessor;
  sequencer: SpessaSynthSequencer;
  /** The chunk being rendered, for the chorus that adds the render thread's sends. */
  position: { chunk: ChunkReady };
}

/** A split render in progress; without a song when the helper could not start one (`failure` says why). */
interface Mix {
  shared: SharedMix;
  song: HelperSong | undefined;
}

let mix: Promise<Mix> | undefined;
let failure: string | undefined;

port.on('message', (message: HelperRequest) => {
  switch (message.type) {
    case 'warm':
      // A second of silence through LAME loads its WebAssembly.
      Promise.all([soundBank(), encodeStereoMp3(new Float32Array(44100), new Float32Array(44100), 44100, 192)]).then(
        () => reply({ type: 'ready' }),
        (error: unknown) => reply({ type: 'failed', message: errorMessage(error) }),
      );
      break;
    case 'start':
      failure = undefined;
      mix = startMix(message.mix, message.sampleRate, message.song);
      break;
    case 'chunk':
      mix = mix?.then((current) => {
        const { counters } = current.shared;
        try {
          // The load pairs with the render thread's store, so its writes to the chunk are visible here.
          if (failure === undefined && current.song && Atomics.load(counters, RENDERED) > message.chunk.index) renderChunk(current.song, current.shared, message.chunk);
          else failure ??= `Chunk ${message.chunk.index} was announced before it was rendered`;
        } catch (error) {
          failure ??= errorMessage(error);
        }
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
        (error: unknown) => reply({ type: 'failed', message: errorMessage(error) }),
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
        (error: unknown) => reply({ type: 'failed', message: errorMessage(error) }),
      );
      break;
  }
});

function reply(message: HelperReply, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A fresh synthesiser playing the helper's notes of the song, its chorus adding the render thread's sends. Never
 * rejects: a song that cannot start records the failure, and every chunk still frees its ring slot.
 */
async function startMix(shared: SharedMix, sampleRate: number, split: SplitSong): Promise<Mix> {
  try {
    const spessa = await import('spessasynth_core');
    const sequence = parseMidi(spessa, split.midi);
    const mine = new Set(split.units);
    keepNotes(sequence, (unit) => mine.has(unit));
    const position = { chunk: { index: 0, start: 0, frames: 0 } };
    const reference = new spessa.SpessaSynthProcessor(sampleRate, { eventsEnabled: false, effectsEnabled: true });
    const chorusProcessor = addCapturedSends(reference.chorusProcessor, shared, () => position.chunk);
    const { synth, sequencer } = await startSong(spessa, await soundBank(), sequence, sampleRate, { chorusProcessor });
    return { shared, song: { synth, sequencer, position } };
  } catch (error) {
    failure ??= `The helper could not start the song: ${errorMessage(error)}`;
    return { shared, song: undefined };
  }
}

function renderChunk(song: HelperSong, shared: SharedMix, chunk: ChunkReady): void {
  song.position.chunk = chunk;
  renderBlocks(song.synth, song.sequencer, shared.left, shared.right, chunk.start, chunk.start + chunk.frames);
}
