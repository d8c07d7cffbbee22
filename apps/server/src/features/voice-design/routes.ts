import {
  customVoiceReplySchema,
  saveDesignedVoiceRequestSchema,
  successEnvelope,
  voiceDesignPreviewRequestSchema,
  voiceDesignPreviewsReplySchema,
} from '@sound-studio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/authentication.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import type { VoiceDesignService } from './service.ts';

const TAGS = ['voice-design'];

/** Voice design: three free candidate previews from a description (English or Turkish), then save one. */
export function voiceDesignRoutes(service: VoiceDesignService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/voice-design/previews',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary:
            'Three candidate voices for a description, each speaking the preview text (free; candidates are kept 24 h)',
          security: SECURITY.bearerAndCsrf,
          body: voiceDesignPreviewRequestSchema,
          response: { 200: successEnvelope(voiceDesignPreviewsReplySchema), ...errorReplies },
        },
      },
      async (request) => ok(await service.previews(requireAuth(request).userId, request.body)),
    );

    app.post(
      '/voice-design/voices',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: 'Save one candidate to My Voices under a name (takes a voice slot; 409 when none is left)',
          security: SECURITY.bearerAndCsrf,
          body: saveDesignedVoiceRequestSchema,
          response: { 201: successEnvelope(customVoiceReplySchema), ...errorReplies },
        },
      },
      async (request, reply) => reply.status(201).send(ok(await service.save(requireAuth(request).userId, request.body))),
    );
  };
}
