import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '@sound-studio/shared';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';
import { errorReplies, ok } from '../../lib/http.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  redis: z.boolean().describe('True when REDIS_URL is set and the connection is ready'),
});

/** GET /api/health: answers only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and which backing services are in use',
        response: { 200: successEnvelope(healthSchema), ...errorReplies },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return ok({ status: 'ok' as const, database: app.databaseKind, redis: app.redis?.status === 'ready' });
    },
  );
};
