import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';

/** Replies smaller than this go out as they are: compressing them saves less than the headers cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON and text only. Audio is already compressed (and streamed or served in ranges), event streams must reach the
 * client piece by piece, and uploads, images and archives gain nothing. Built web assets come precompressed from the
 * static plugin and carry their Content-Encoding, which this plugin leaves alone.
 */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:json|[\w.+-]+\+json|javascript|xml)|text\/(?:html|plain|css|csv|javascript|xml|markdown)|image\/svg\+xml)(?:;|$)/i;

export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE_TYPE.test(contentType.trim());
}

/**
 * Compresses JSON and text replies over 1 KB on the fly (brotli or gzip by Accept-Encoding). Brotli runs at quality 5:
 * close to gzip's speed on the request path with smaller output; the static assets get quality 11 at build time.
 * Hijacked replies (the speech streams) never pass through here.
 */
export async function installReplyCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never compressed by our clients; leave their Content-Encoding to the routes.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: isCompressibleType,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}
