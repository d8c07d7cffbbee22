import { readFile } from 'node:fs/promises';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { documentTooComplex, extractDocumentText } from './document-text.ts';
import type { ExtractionReply, ExtractionRequest } from './document-worker-protocol.ts';

/**
 * Body of a document worker thread: reads one uploaded file at a time and extracts its text. It runs under the
 * pool's memory and time limits, so a decompression bomb or a pathological page costs this thread, not the server.
 */
const port: MessagePort | null = parentPort;
if (!port) throw new Error('document-worker must run in a worker thread');

port.on('message', (request: ExtractionRequest) => {
  void extract(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ type: 'ready' } satisfies ExtractionReply);

async function extract(request: ExtractionRequest): Promise<ExtractionReply> {
  try {
    const document = await extractDocumentText(request.fileName, await readFile(request.path));
    return { type: 'done', id: request.id, document };
  } catch (error) {
    // Stack overflows and over-long strings or arrays come from the content's shape, not from a bug.
    const refusal = error instanceof RangeError ? documentTooComplex('memory') : error;
    if (refusal instanceof AppError) {
      return { type: 'refused', id: request.id, code: refusal.code, message: refusal.message, details: refusal.details };
    }
    return { type: 'failed', id: request.id, detail: error instanceof Error ? error.message : String(error) };
  }
}
