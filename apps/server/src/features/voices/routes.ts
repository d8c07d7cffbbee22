import { voiceArtworkSvg } from '@sound-studio/audio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { voiceListResponseSchema, voicePreviewResponseSchema, type VoiceListResponse, type VoicePreviewResponse } from '@sound-studio/shared';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { AppError } from '../../lib/errors.ts';
import { sendStoredFile } from '../../lib/file-store/send-stored-file.ts';
import { errorReplies, SECURITY } from '../../lib/http.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import { findCatalogueTarget, voicePreviewPath } from '../../lib/voice-directory.ts';
import { VoicePreviewCache } from './preview-cache.ts';

const TAGS = ['voices'];
/** Previews and artwork change only with a new engine or catalogue release. */
const PREVIEW_CACHE_CONTROL = 'public, max-age=2592000';
const ARTWORK_CACHE_CONTROL = 'public, max-age=604800';

const voiceIdParamsSchema = z.object({ id: z.string().min(1).max(200).describe('A voice id or a mood id') });

function voiceNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Voice not found');
}

/**
 * The voice library: the list, preview lookups, preview audio (made once, then cached) and avatars. The list and the
 * lookup reply as section 7 gives them, their fields beside `success` rather than under `data`.
 */
export const voicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const previews = new VoicePreviewCache(app.files, app.speech);
  const neural = app.voices.neural;
  // A preview is rendered as soon as a model is installed, so the library can play it straight away.
  const unsubscribe = neural?.subscribe((models) => {
    for (const model of models) {
      for (const voice of model.voices) {
        previews.neuralPreview(voice, model.mtimeMs).catch((error: unknown) => app.log.warn({ err: error, voice: voice.id }, 'neural voice preview failed'));
      }
    }
  });
  app.addHook('onClose', async () => unsubscribe?.());
  const neuralTarget = (id: string) => {
    const voice = neural?.find(id);
    const model = voice ? neural?.models.find((candidate) => candidate.name === voice.model) : undefined;
    return voice && model ? { voice, model } : null;
  };

  app.get(
    '/voices/list-grouped',
    {
      schema: {
        tags: TAGS,
        summary: 'Every voice the caller may use: the library (default voice first), plus their own voices when signed in',
        security: [{}, ...SECURITY.bearer],
        response: { 200: voiceListResponseSchema, ...errorReplies },
      },
    },
    async (request): Promise<VoiceListResponse> => {
      // Public; a bearer token (when sent, it must be valid) adds the caller's own voices.
      if (request.headers.authorization) await app.authenticate(request);
      return { success: true, voices: await app.voices.list(request.auth ? requireAuth(request).userId : null) };
    },
  );

  app.get(
    '/voices/preview/:id',
    {
      schema: {
        tags: TAGS,
        summary: "A voice's (or one mood's) name and preview URL",
        params: voiceIdParamsSchema,
        response: { 200: voicePreviewResponseSchema, ...errorReplies },
      },
    },
    async (request): Promise<VoicePreviewResponse> => {
      const target = findCatalogueTarget(request.params.id) ?? neuralTarget(request.params.id);
      if (!target) throw voiceNotFound();
      return { success: true, name: target.voice.name, previewUrl: voicePreviewPath(request.params.id) };
    },
  );

  app.get(
    '/voices/:id/preview.mp3',
    {
      config: { apiRateLimit: false },
      schema: {
        tags: TAGS,
        summary: "The preview in the voice's own language (MP3; made on first request, then cached; Range supported)",
        params: voiceIdParamsSchema,
        produces: ['audio/mpeg', 'application/json'],
        response: { 200: z.unknown().describe('MP3 audio'), 206: z.unknown().describe('One byte range'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const installed = neuralTarget(request.params.id);
      const target = installed ? null : findCatalogueTarget(request.params.id);
      if (!target && !installed) throw voiceNotFound();
      const rendering = installed ? previews.neuralPreview(installed.voice, installed.model.mtimeMs) : target ? previews.preview(target.voice, target.mood) : null;
      const preview = await rendering?.catch((error: unknown) => {
        throw speechErrorToAppError(error);
      });
      if (!preview) throw voiceNotFound();
      return sendStoredFile(request, reply, app.files, preview.key, {
        contentType: 'audio/mpeg',
        cacheControl: PREVIEW_CACHE_CONTROL,
        info: preview.info,
      });
    },
  );

  app.get(
    '/voices/:id/artwork.svg',
    {
      config: { apiRateLimit: false },
      schema: {
        tags: TAGS,
        summary: "The voice's generated avatar (SVG)",
        params: voiceIdParamsSchema,
        produces: ['image/svg+xml', 'application/json'],
        response: { 200: z.string().describe('SVG image'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const target = findCatalogueTarget(request.params.id) ?? neuralTarget(request.params.id);
      // Upstream providers' voices get an avatar drawn from their id like the others.
      const upstream = target ? null : app.voices.upstream?.find(request.params.id);
      if (!target && !upstream) throw voiceNotFound();
      return reply.type('image/svg+xml').header('cache-control', ARTWORK_CACHE_CONTROL).send(voiceArtworkSvg(target ? target.voice.id : request.params.id));
    },
  );
};
