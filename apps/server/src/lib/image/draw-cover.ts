import { Worker } from 'node:worker_threads';
import { workerScript } from '@sound-studio/audio';

const ENTRY = workerScript(import.meta.url, './cover-worker-entry.mjs', 'cover-worker');
/** Our own covers draw in well under a second; anything slower is refused rather than left to run. */
const TIME_LIMIT_MS = 10_000;

export interface CoverDrawing {
  svg: string;
  size: number;
}

/**
 * Draws an SVG to a square PNG in a thread of its own, under memory and time limits: drawing takes 0.1 to 2 s of CPU,
 * which would otherwise stall every request on the event loop. Covers are rare and cached, so a thread per drawing is
 * simpler than a pool and costs little.
 */
export function drawCover(drawing: CoverDrawing): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, {
      name: 'share-cover',
      workerData: drawing,
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
    });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new Error('The cover took too long to draw'))), TIME_LIMIT_MS);
    worker.once('message', (png: Uint8Array) => finish(() => resolve(Buffer.from(png.buffer, png.byteOffset, png.byteLength))));
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`The cover thread exited with code ${code}`))));
  });
}
