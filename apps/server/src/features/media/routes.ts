import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { AppError } from '../../lib/errors.ts';
import { isValidFileKey } from '../../lib/file-store/file-store.ts';
import { sendStoredFile } from '../../lib/file-store/send-stored-file.ts';
import { errorReplies } from '../../lib/http.ts';
import { ownerOfMediaKey } from '../../lib/media-links.ts';
import { STORED_MEDIA_CSP } from '../../lib/security-headers.ts';

const CONTENT_TYPES: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' };

const mediaParamsSchema = z.object({ '*': z.string().describe('The file key, e.g. tts/<userId>/<id>.mp3') });
const mediaQuerySchema = z.object({
  exp: z.string().optional().describe('Expiry of a signed link (Unix seconds)'),
  sig: z.string().optional().describe('Signature of a signed link'),
  download: z.string().max(200).optional().describe('Save as an attachment under this file name (e.g. "My speech.mp3")'),
});

/** A header-safe file name: no quotes, slashes or control characters; the stored file's extension is kept. */
function attachmentName(requested: string, key: string): string {
  const extension = key.slice(key.lastIndexOf('.'));
  const base = requested.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().replace(/\.[A-Za-z0-9]+$/, '') || 'audio';
  return `${base}${extension}`;
}

/**
 * GET /api/media/<key>: a stored file, seekable (Range). Access is by a signed link (what <audio> elements use) or by
 * the owner's bearer token; someone else's file is "not found" so its existence is not revealed.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    {
      config: { apiRateLimit: false },
      schema: {
        tags: ['media'],
        summary: 'Download or stream a stored file (signed link or owner bearer token; Range requests give 206)',
        params: mediaParamsSchema,
        querystring: mediaQuerySchema,
        produces: ['audio/mpeg', 'application/json'],
        response: { 200: z.unknown().describe('The file'), 206: z.unknown().describe('One byte range of the file'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { exp, sig, download } = request.query;
      if (exp !== undefined || sig !== undefined) {
        const check = isValidFileKey(key) ? app.mediaLinks.check(key, exp, sig) : 'invalid';
        if (check === 'expired') throw new AppError('FORBIDDEN', 'This media link has expired');
        if (check === 'invalid') throw new AppError('FORBIDDEN', 'Invalid media link');
      } else {
        await app.authenticate(request);
        if (!isValidFileKey(key) || ownerOfMediaKey(key) !== requireAuth(request).userId.toLowerCase()) {
          throw new AppError('NOT_FOUND', 'File not found');
        }
      }
      const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      // Uploaded artwork and media never run as a page of our origin, even when opened directly.
      reply.header('content-security-policy', STORED_MEDIA_CSP);
      if (download !== undefined) {
        const name = attachmentName(download, key);
        // Header values must be Latin-1: plain ASCII in filename, the real name (UTF-8) in filename*.
        const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
        reply.header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
      }
      return sendStoredFile(request, reply, app.files, key, {
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        cacheControl: 'private, max-age=3600',
      });
    },
  );
};
