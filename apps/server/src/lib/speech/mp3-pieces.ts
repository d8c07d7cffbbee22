import { setImmediate as nextTurn } from 'node:timers/promises';
import { Mp3StreamEncoder, type SpeechChunk } from '@sound-studio/audio';

/** MP3 bytes ready to send or store; `completes` is set on the last piece of a speech chunk. */
export interface Mp3Piece {
  bytes: Uint8Array;
  completes: SpeechChunk | null;
}

/** Encoding slices of about this many seconds keep each synchronous LAME call short (a few milliseconds). */
const SLICE_SECONDS = 1;

/**
 * How long after a stream takes its encoder the next one is made. Making one runs WASM on the event loop for 5 to 20
 * ms; done at once (setImmediate) it fell between this stream's first rendered audio and its first byte sent (the
 * v1-speech bench's median first byte went from about 110 ms to 86 ms when it moved here).
 */
const SPARE_ENCODER_DELAY_MS = 250;
/** A fresh encoder made ahead of time per sample rate (see `takeEncoder`). */
const spareEncoders = new Map<number, Promise<Mp3StreamEncoder>>();

/**
 * A fresh MP3 encoder for a stream. Making one (a new WASM instance) takes 5 to 20 ms on a busy machine, which would
 * sit between the first rendered audio and the first byte sent; so the next stream's encoder is made ahead, once
 * this stream has its own and its first audio is out.
 */
function takeEncoder(sampleRate: number): Promise<Mp3StreamEncoder> {
  const encoder = spareEncoders.get(sampleRate) ?? Mp3StreamEncoder.create({ sampleRate });
  spareEncoders.delete(sampleRate);
  setTimeout(() => {
    if (spareEncoders.has(sampleRate)) return;
    const spare = Mp3StreamEncoder.create({ sampleRate });
    // A failed spare is forgotten: the next stream makes its own and reports the error there.
    spare.catch(() => spareEncoders.delete(sampleRate));
    spareEncoders.set(sampleRate, spare);
  }, SPARE_ENCODER_DELAY_MS).unref();
  return encoder;
}

/**
 * Turns speech chunks into MP3 pieces as they arrive. One encoder serves the whole stream so frames stay continuous;
 * PCM is encoded in one-second slices with a turn of the event loop in between, so even a long text never blocks
 * other requests for more than a few milliseconds. Provider MP3 passes through.
 */
export async function* mp3Pieces(chunks: AsyncIterable<SpeechChunk>): AsyncGenerator<Mp3Piece> {
  let encoder: Mp3StreamEncoder | undefined;
  for await (const chunk of chunks) {
    if (chunk.format === 'mp3') {
      yield { bytes: chunk.bytes, completes: chunk };
      continue;
    }
    encoder ??= await takeEncoder(chunk.sampleRate);
    const sliceLength = Math.max(1, Math.round(chunk.sampleRate * SLICE_SECONDS));
    for (let start = 0; start < chunk.samples.length; start += sliceLength) {
      const end = Math.min(chunk.samples.length, start + sliceLength);
      const bytes = encoder.encode(chunk.samples.subarray(start, end));
      yield { bytes, completes: end === chunk.samples.length ? chunk : null };
      await nextTurn();
    }
    if (chunk.samples.length === 0) yield { bytes: new Uint8Array(0), completes: chunk };
  }
  const tail = encoder?.finish();
  if (tail && tail.length > 0) yield { bytes: tail, completes: null };
}
