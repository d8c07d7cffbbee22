import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './errors.ts';

/** An upload written to disk; whoever receives it calls `remove()` when done with it, whatever happened. */
export interface TemporaryFile {
  path: string;
  sizeBytes: number;
  remove(): Promise<void>;
}

export interface TemporaryFileOptions {
  /** Created when missing; one folder per kind of upload makes leftovers easy to see. */
  directory: string;
  /** Start of the file name, e.g. 'document-'. */
  prefix: string;
  maxBytes: number;
  /** The 413 message past `maxBytes`. */
  tooLargeMessage: string;
}

/**
 * Streams an upload (for example a multipart file part) to a new temporary file, never holding it in memory. The size
 * limit is enforced while the bytes arrive, and a stream that ends truncated (busboy's own `fileSize` limit) counts as
 * too large. On every failure, too large, client abort or disk error, the partial file is removed before the error
 * is rethrown. Generic on purpose: any upload route can use it.
 */
export async function streamToTemporaryFile(source: Readable & { truncated?: boolean }, options: TemporaryFileOptions): Promise<TemporaryFile> {
  await mkdir(options.directory, { recursive: true });
  const target = path.join(options.directory, `${options.prefix}${randomUUID()}`);
  const remove = () => rm(target, { force: true });
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
  let sizeBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      callback(sizeBytes > options.maxBytes ? tooLarge() : null, chunk);
    },
  });
  // Created before any byte flows: a write stream that opens its file itself may still be opening when the pipeline
  // fails, and would then create the file after it was removed.
  const file = await open(target, 'wx');
  try {
    await pipeline(source, counter, file.createWriteStream());
    if (source.truncated) throw tooLarge();
  } catch (error) {
    // The stream closes its handle when it ends or fails; a handle already closed makes this a no-op.
    await file.close().catch(() => undefined);
    await remove();
    throw error;
  }
  return { path: target, sizeBytes, remove };
}
