import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { parseRangeHeader } from './byte-ranges.ts';
import type { FileStore, StoredFileInfo } from './file-store.ts';

export interface StoredFileReplyOptions {
  contentType: string;
  cacheControl: string;
  /** Already looked up by the caller (saves a second stat). */
  info?: StoredFileInfo | null;
}

/**
 * Replies a stored file with range support, so audio elements can seek: `Accept-Ranges: bytes`, 206 with
 * Content-Range for a single range, 416 for a range outside the file, 200 otherwise.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  key: string,
  options: StoredFileReplyOptions,
): Promise<FastifyReply> {
  const info = options.info === undefined ? await store.stat(key) : options.info;
  if (!info) throw new AppError('NOT_FOUND', 'File not found');
  const range = parseRangeHeader(request.headers.range, info.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('last-modified', info.modifiedAt.toUTCString());
  if (range.kind === 'unsatisfiable') {
    throw new AppError('RANGE_NOT_SATISFIABLE', 'Requested range not satisfiable', { size: info.size }, {
      'content-range': `bytes */${info.size}`,
    });
  }
  if (range.kind === 'whole') {
    return reply.type(options.contentType).header('content-length', info.size).send(await store.read(key));
  }
  const { start, end } = range.range;
  return reply
    .status(206)
    .type(options.contentType)
    .header('content-range', `bytes ${start}-${end}/${info.size}`)
    .header('content-length', end - start + 1)
    .send(await store.read(key, range.range));
}
