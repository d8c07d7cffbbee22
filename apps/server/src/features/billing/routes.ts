import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingOverviewSchema,
  checkoutQuoteSchema,
  checkoutReplySchema,
  checkoutRequestSchema,
  portalReplySchema,
  successEnvelope,
} from '@sound-studio/shared';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { AppError } from '../../lib/errors.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { billingAdminRoutes } from './admin-routes.ts';
import { createBillingProvider, type ProviderFactories } from './providers/index.ts';
import { WebhookPayloadError, WebhookSignatureError, type BillingEvent } from './providers/provider.ts';
import { BillingService } from './service.ts';

const TAGS = ['billing'];
/** Where the provider's pages send the user back (the web app's billing settings). */
const BILLING_PAGE = '/settings/billing';

export interface BillingRoutesOptions {
  /** Payment providers besides `manual`, by name (BILLING_PROVIDER picks one). */
  providers?: ProviderFactories;
}

/** Subscriptions, plan changes, invoices and payment webhooks; the renewal job runs while the app runs. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const provider = createBillingProvider(app.config.billing, options.providers);
  const service = new BillingService({ db: app.db, clock: app.clock, credits: app.credits, provider, log: app.log });
  installRenewalJob(app, service);
  await app.register(billingAdminRoutes, { service });
  await app.register(webhookRoutes, { service, provider: provider.name });

  const user = { onRequest: app.authenticate };
  const overviewReply = { 200: successEnvelope(billingOverviewSchema), ...errorReplies };

  app.get(
    '/billing',
    { ...user, schema: { tags: TAGS, summary: "The caller's plan, billing period, pending change, credit cycle and invoices", security: SECURITY.bearer, response: overviewReply } },
    async (request) => ok(await service.overview(requireAuth(request).userId)),
  );

  app.post(
    '/billing/checkout',
    {
      ...user,
      schema: {
        tags: TAGS,
        summary:
          'Change plan: an upgrade is prorated and waits for payment (redirect to the provider, or pending for the ' +
          "operator's approval under manual billing); a downgrade is scheduled for the period end; free cancels",
        security: SECURITY.bearerAndCsrf,
        body: checkoutRequestSchema,
        response: { 200: successEnvelope(checkoutReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.checkout(requireAuth(request).userId, request.body, returnUrls(request))),
  );

  app.get(
    '/billing/checkout-quote',
    {
      ...user,
      schema: {
        tags: TAGS,
        summary:
          'What choosing a plan would do, without doing it: the change (upgrade, downgrade, cancel), the amount due now ' +
          'and the credits it brings, when it applies, and what each renewal costs and grants',
        security: SECURITY.bearer,
        querystring: checkoutRequestSchema,
        response: { 200: successEnvelope(checkoutQuoteSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.checkoutQuote(requireAuth(request).userId, request.query)),
  );

  const simple = (summary: string) => ({ ...user, schema: { tags: TAGS, summary, security: SECURITY.bearerAndCsrf, response: overviewReply } });

  app.delete('/billing/pending-change', simple('Withdraw the plan change waiting for payment'), async (request) =>
    ok(await service.cancelPendingChange(requireAuth(request).userId)),
  );
  app.delete('/billing/scheduled-change', simple('Withdraw a downgrade (or cancel) scheduled for the period end'), async (request) =>
    ok(await service.cancelScheduledChange(requireAuth(request).userId)),
  );
  app.post('/billing/cancel', simple('Cancel: the plan runs to the end of the period, then the account moves to free'), async (request) =>
    ok(await service.cancel(requireAuth(request).userId)),
  );
  app.post('/billing/resume', simple('Undo a cancel before the period ends'), async (request) =>
    ok(await service.resume(requireAuth(request).userId)),
  );
  app.post(
    '/billing/refund',
    simple('14-day money-back: refund the last payment, take back its unspent credits and move to free now'),
    async (request) => ok(await service.refund(requireAuth(request).userId)),
  );

  app.post(
    '/billing/portal',
    {
      ...user,
      schema: {
        tags: TAGS,
        summary: "The payment provider's customer portal (payment details, invoices); 404 under manual billing",
        security: SECURITY.bearerAndCsrf,
        response: { 200: successEnvelope(portalReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.portal(requireAuth(request).userId, `${originOf(request)}${BILLING_PAGE}`)),
  );
};

/**
 * POST /billing/webhooks/stripe: the provider signs the raw body, so this route alone keeps the body as bytes. No
 * session and no CSRF token: the signature is the proof (a forged one gets 400).
 */
const webhookRoutes: FastifyPluginAsyncZod<{ service: BillingService; provider: string }> = async (app, { service, provider }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/billing/webhooks/stripe',
    {
      schema: {
        tags: TAGS,
        summary: "Stripe's payment events (signed with STRIPE_WEBHOOK_SECRET); each event is handled once by its id",
        response: { 200: successEnvelope(z.object({ received: z.boolean(), duplicate: z.boolean() })), ...errorReplies },
      },
    },
    async (request) => {
      if (provider !== 'stripe') throw new AppError('NOT_FOUND', 'Stripe billing is not enabled');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = parseDelivery(request, service, rawBody, Array.isArray(signature) ? signature[0] : signature);
      if (!event) return ok({ received: true, duplicate: false });
      return ok({ received: true, ...(await service.handleEvent(event)) });
    },
  );
};

/**
 * A forged or stale signature, or a signed event whose payload we cannot read, is refused with 400 before anything
 * changes. The unreadable one is logged: it is Stripe (or the endpoint's API version) that needs a look, not us.
 */
function parseDelivery(request: FastifyRequest, service: BillingService, rawBody: Buffer, signature: string | undefined): BillingEvent | null {
  try {
    return service.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('VALIDATION_ERROR', error.message);
    if (error instanceof WebhookPayloadError) {
      request.log.warn({ problem: error.message }, 'payment webhook refused: unexpected payload');
      throw new AppError('VALIDATION_ERROR', error.message);
    }
    throw error;
  }
}

/** Runs the renewal job every BILLING_CYCLE_CHECK_SECONDS; a run never overlaps the previous one. */
function installRenewalJob(app: FastifyInstance, service: BillingService): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= service
      .runDueRenewals()
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'billing renewal run failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, app.config.billing.cycleCheckSeconds * 1000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function returnUrls(request: FastifyRequest) {
  const page = `${originOf(request)}${BILLING_PAGE}`;
  return { successUrl: `${page}?checkout=success`, cancelUrl: `${page}?checkout=cancel` };
}
