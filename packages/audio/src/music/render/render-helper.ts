import { Worker } from 'node:worker_threads';
import type { ChunkReady, HelperReply, HelperRequest, HelperWorkerData, Mp3Bitrate, SharedMix, SplitSong } from './protocol.ts';
import { workerScript } from '../../worker-script.ts';

/** A shared stereo mix the helper is finishing. */
export interface SharedRender {
  /** The render thread's part of the chunk (its voices' dry mix and sends) is in the shared memory. */
  add(chunk: ChunkReady): void;
  /** Resolves once the helper has added its voices and the effects to every chunk. */
  finish(): Promise<void>;
}

/**
 * A render thread's second thread, for one song at a time: it synthesises part of the voices (with its own copy of
 * the sound bank) and runs spessasynth's send effects while the render thread synthesises the rest, computes half of
 * the mastering's true-peak envelope, and encodes half of the MP3.
 */
export class RenderHelper {
  private thread: Worker | undefined;

  constructor(private readonly soundFontPath: string) {}

  /** Starts a song in shared memory; each chunk is announced once the render thread has rendered its part. */
  startMix(mix: SharedMix, sampleRate: number, song: SplitSong): SharedRender {
    this.post({ type: 'start', mix, sampleRate, song });
    return {
      add: (chunk) => this.post({ type: 'chunk', chunk }),
      finish: () => this.request({ type: 'finish' }).then((reply) => {
        if (reply.type !== 'mixed') throw new Error('The render helper answered out of turn');
      }),
    };
  }

  /**
   * Starts truePeakEnvelope([channel], threshold) into `out`; `status` (all in shared memory) says when it is done,
   * so the caller can wait for it synchronously (Atomics) after doing its own part.
   */
  startEnvelope(channel: Float32Array, threshold: number, out: Float32Array, status: Int32Array): void {
    this.post({ type: 'envelope', channel, threshold, out, status });
  }

  /** Arrays in shared memory reach the helper without a copy (the caller must not change them meanwhile); others are copied. */
  encodeMp3(left: Float32Array, right: Float32Array, sampleRate: number, bitrate: Mp3Bitrate): Promise<Uint8Array> {
    return this.request({ type: 'encode', left, right, sampleRate, bitrate }).then((reply) => {
      if (reply.type !== 'encoded') throw new Error('The render helper answered out of turn');
      return reply.mp3;
    });
  }

  /** Starts the thread and loads what it runs (the sound bank, LAME), so the first song does not wait for it. */
  async warmUp(): Promise<void> {
    await this.request({ type: 'warm' });
  }

  close(): Promise<number> | undefined {
    const thread = this.thread;
    this.thread = undefined;
    return thread?.terminate();
  }

  private post(message: HelperRequest, transfer: ArrayBuffer[] = []): void {
    this.ensureThread().postMessage(message, transfer);
  }

  /** Posts a request that has an answer; only one is ever outstanding (the render thread does one song at a time). */
  private request(message: HelperRequest): Promise<HelperReply> {
    const thread = this.ensureThread();
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      const onExit = (): void => reject(new Error('The music render helper exited'));
      thread.once('error', onError);
      thread.once('exit', onExit);
      thread.once('message', (reply: HelperReply) => {
        thread.off('error', onError);
        thread.off('exit', onExit);
        thread.unref();
        if (reply.type === 'failed') reject(new Error(`Music render helper failed: ${reply.message}`));
        else resolve(reply);
      });
      thread.postMessage(message);
    });
  }

  private ensureThread(): Worker {
    if (!this.thread) {
      const workerData: HelperWorkerData = { soundFontPath: this.soundFontPath };
      const thread = new Worker(workerScript(import.meta.url, './helper-worker-entry.mjs', 'music-render-helper'), { name: 'music-render-helper', workerData });
      // A crashed thread fails the request in progress (see request) and is replaced for the next song.
      const forget = (): void => { if (this.thread === thread) this.thread = undefined; };
      thread.on('error', forget);
      thread.on('exit', forget);
      this.thread = thread;
    }
    this.thread.ref();
    return this.thread;
  }
}
