import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planSchema, plansReplySchema, successEnvelope } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import {
  adminGrantReplySchema,
  adminGrantRequestSchema,
  adminPlanParamsSchema,
  adminPlanPatchSchema,
  adminUsersQuerySchema,
  adminUsersReplySchema,
} from './schemas.ts';
import { AdminService } from './service.ts';

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** Constant-time comparison; hashing first makes the lengths equal. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The admin guard: an onRequest hook for every operator route (other features' admin routes use it too). */
export function adminTokenGuard(adminToken: string): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const header = request.headers[ADMIN_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !sameSecret(token, adminToken)) {
      throw new AppError('FORBIDDEN', 'A valid X-Admin-Token header is required');
    }
  };
}

/** The operator API under /api/admin, guarded by the X-Admin-Token header (ADMIN_TOKEN or DATA_DIR/admin-token). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminService({ db: app.db, clock: app.clock, credits: app.credits, realtime: app.realtime });
  const common = { tags: ['admin'], security: SECURITY.admin };

  app.addHook('onRequest', adminTokenGuard(app.config.adminToken));

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
