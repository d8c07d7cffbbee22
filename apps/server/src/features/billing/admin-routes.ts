import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_INTERVALS, pendingChangeSchema, PLAN_TIERS, subscriptionStatusSchema, successEnvelope } from '@sound-studio/shared';
import { z } from 'zod';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { adminTokenGuard } from '../admin/routes.ts';
import type { BillingService } from './service.ts';

/** Shapes of /api/admin/subscriptions, shared by the routes and the admin command. */
export const adminSubscriptionsReplySchema = z.object({
  pendingChanges: z.array(pendingChangeSchema.extend({ email: z.string(), currentPlan: z.enum(PLAN_TIERS) })),
  subscriptions: z.array(
    z.object({
      email: z.string(),
      plan: z.enum(PLAN_TIERS),
      interval: z.enum(BILLING_INTERVALS),
      status: subscriptionStatusSchema,
      currentPeriodEnd: z.string(),
      scheduledPlan: z.enum(PLAN_TIERS).nullable(),
    }),
  ),
});
export type AdminSubscriptionsReply = z.infer<typeof adminSubscriptionsReplySchema>;

export const adminPendingDecisionSchema = z.object({
  pendingChange: pendingChangeSchema,
  status: z.enum(['approved', 'rejected']),
  email: z.string(),
  /** The account's plan after the decision. */
  plan: z.enum(PLAN_TIERS),
});
export type AdminPendingDecision = z.infer<typeof adminPendingDecisionSchema>;

const pendingParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The operator's side of manual billing under /api/admin, guarded like the rest of /api/admin. */
export const billingAdminRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  const common = { tags: ['admin'], security: SECURITY.admin };
  app.addHook('onRequest', adminTokenGuard(app.config.adminToken));

  app.get(
    '/admin/subscriptions',
    {
      schema: {
        ...common,
        summary: 'Plan changes waiting for approval, and the paid subscriptions',
        response: { 200: successEnvelope(adminSubscriptionsReplySchema), ...errorReplies },
      },
    },
    async () => ok(await service.adminOverview()),
  );

  app.post(
    '/admin/subscriptions/:id/approve',
    {
      schema: {
        ...common,
        summary: 'Confirm a pending plan change was paid: the plan, its prorated credits and the invoice apply now',
        params: pendingParamsSchema,
        response: { 200: successEnvelope(adminPendingDecisionSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.approve(request.params.id)),
  );

  app.post(
    '/admin/subscriptions/:id/reject',
    {
      schema: {
        ...common,
        summary: 'Refuse a pending plan change; the account keeps its plan',
        params: pendingParamsSchema,
        response: { 200: successEnvelope(adminPendingDecisionSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.reject(request.params.id)),
  );
};
