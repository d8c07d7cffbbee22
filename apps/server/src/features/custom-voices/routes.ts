import {
  deleteVoiceReplySchema,
  myVoicesReplySchema,
  renameVoiceRequestSchema,
  successEnvelope,
  voiceSchema,
} from '@sound-studio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import type { CustomVoices } from './custom-voices.ts';

const TAGS = ['voices'];
const idParamsSchema = z.object({ id: z.string().max(100).describe('A custom voice id') });

/** My Voices: the caller's designed and cloned voices with their slot count, rename and delete. */
export function customVoicesRoutes(customVoices: CustomVoices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/voices/mine',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: "The caller's custom voices (newest first) and voice slots: used and the plan's total",
          security: SECURITY.bearer,
          response: { 200: successEnvelope(myVoicesReplySchema), ...errorReplies },
        },
      },
      async (request) => {
        const userId = requireAuth(request).userId;
        const [voices, slots] = await Promise.all([customVoices.list(userId), customVoices.slots(userId)]);
        return ok({ voices, slots });
      },
    );

    app.patch(
      '/voices/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: 'Rename one of your custom voices',
          security: SECURITY.bearerAndCsrf,
          params: idParamsSchema,
          body: renameVoiceRequestSchema,
          response: { 200: successEnvelope(voiceSchema), ...errorReplies },
        },
      },
      async (request) => ok(await customVoices.rename(requireAuth(request).userId, request.params.id, request.body.name)),
    );

    app.delete(
      '/voices/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: 'Delete one of your custom voices and its preview; its slot is free again',
          security: SECURITY.bearerAndCsrf,
          params: idParamsSchema,
          response: { 200: successEnvelope(deleteVoiceReplySchema), ...errorReplies },
        },
      },
      async (request) => ok({ deleted: true as const, slots: await customVoices.delete(requireAuth(request).userId, request.params.id) }),
    );
  };
}
