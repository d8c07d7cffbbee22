import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditSummarySchema, successEnvelope } from '@sound-studio/shared';
import { requireAuth } from '../../lib/authentication.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { CreditsSummaryService } from './service.ts';

/** The signed-in user's own credits; there is no way to ask for anyone else's. */
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CreditsSummaryService(app.db, app.clock);

  app.get(
    '/credits/summary',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['credits'],
        summary: "The caller's balance, plan allowance, this month's usage and latest transactions",
        security: SECURITY.bearer,
        response: { 200: successEnvelope(creditSummarySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.summary(requireAuth(request).userId)),
  );
};
