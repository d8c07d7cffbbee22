import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plansReplySchema, successEnvelope } from '@sound-studio/shared';
import { errorReplies, ok } from '../../lib/http.ts';
import { listPlans } from '../../lib/plan-catalog.ts';

/** GET /api/auth/plans: the plans on sale (status active), in display order, for the pricing page (public). */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'Subscription plans sorted by display order',
        response: { 200: successEnvelope(plansReplySchema), ...errorReplies },
      },
    },
    async () => ok((await listPlans(app.db)).filter((plan) => plan.status === 'active')),
  );
};
