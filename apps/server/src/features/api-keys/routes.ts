import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyListSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema, successEnvelope } from '@sound-studio/shared';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { ApiKeysService } from './service.ts';

const TAGS = ['api-keys'];
const idParamsSchema = z.object({ id: z.string().max(100) });

/**
 * The API page's keys, managed with the signed-in session only: an API key can never create, list or revoke keys
 * (app.authenticate refuses `ss_` tokens).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ApiKeysService(app.db, app.clock);

  app.get(
    '/api-keys',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The caller's API keys (prefix only), newest first, with this month's requests and credits",
        security: SECURITY.bearer,
        response: { 200: successEnvelope(apiKeyListSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.list(requireAuth(request).userId)),
  );

  app.post(
    '/api-keys',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary:
          'Create an API key (plans with API access only; 403 otherwise). The reply holds the full key: it is ' +
          'shown this once and stored only as a hash',
        security: SECURITY.bearerAndCsrf,
        body: createApiKeySchema,
        response: { 201: successEnvelope(createdApiKeySchema), ...errorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await service.create(requireAuth(request).userId, request.body))),
  );

  app.delete(
    '/api-keys/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Revoke an API key: the next request made with it is refused',
        security: SECURITY.bearerAndCsrf,
        params: idParamsSchema,
        response: { 200: successEnvelope(apiKeySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.revoke(requireAuth(request).userId, request.params.id)),
  );
};
