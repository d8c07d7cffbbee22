import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planSchema, plansReplySchema, successEnvelope } from '@sound-studio/shared';
import { installAdminGuard } from '../../lib/admin-guard.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import {
  adminGrantReplySchema,
  adminGrantRequestSchema,
  adminPlanParamsSchema,
  adminPlanPatchSchema,
  adminResetLinkReplySchema,
  adminResetLinkRequestSchema,
  adminUsersQuerySchema,
  adminUsersReplySchema,
} from './schemas.ts';
import { AdminService } from './service.ts';

/** The operator API under /api/admin, guarded by the X-Admin-Token header (ADMIN_TOKEN or DATA_DIR/admin-token). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminService({ db: app.db, clock: app.clock, credits: app.credits, realtime: app.realtime });
  const common = { tags: ['admin'], security: SECURITY.admin };

  installAdminGuard(app);

  app.get(
    '/admin/users',
    {
      schema: {
        ...common,
        summary: 'Accounts with plan and credit balance, oldest first',
        querystring: adminUsersQuerySchema,
        response: { 200: successEnvelope(adminUsersReplySchema), ...errorReplies },
      },
    },
    async (request) => ok({ users: await service.listUsers(request.query.limit) }),
  );

  app.post(
    '/admin/credits/grant',
    {
      schema: {
        ...common,
        summary: 'Grant credits to the account with this email (ledger reason admin_grant)',
        body: adminGrantRequestSchema,
        response: { 200: successEnvelope(adminGrantReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.grantCredits(request.body)),
  );

  app.post(
    '/admin/users/reset-link',
    {
      schema: {
        ...common,
        summary: 'A single-use password reset link (30 minutes) for the account with this email, to hand over by hand',
        body: adminResetLinkRequestSchema,
        response: { 200: successEnvelope(adminResetLinkReplySchema), ...errorReplies },
      },
    },
    // The operator is authenticated, so the address they reached the server at may start the link when PUBLIC_URL
    // is not set.
    async (request) =>
      ok(await service.resetLink(request.body.email, app.config.mail.publicUrl ?? `${request.protocol}://${request.host}`)),
  );

  app.get(
    '/admin/plans',
    {
      schema: {
        ...common,
        summary: 'Every plan in display order',
        response: { 200: successEnvelope(plansReplySchema), ...errorReplies },
      },
    },
    async () => ok(await service.listPlans()),
  );

  app.patch(
    '/admin/plans/:name',
    {
      schema: {
        ...common,
        summary: 'Edit a plan; connected clients receive plan_updated',
        params: adminPlanParamsSchema,
        body: adminPlanPatchSchema,
        response: { 200: successEnvelope(planSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.editPlan(request.params.name, request.body)),
  );
};
