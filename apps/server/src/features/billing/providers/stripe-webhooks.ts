import { z } from 'zod';
import { WebhookPayloadError, WebhookSignatureError, type BillingEvent } from './provider.ts';

/** The webhook event types this provider understands; enable exactly these on the Stripe endpoint. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** Stripe's default signature tolerance: a delivery signed more than this away from now is refused. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The first API version with the invoice and subscription shapes read here (2025-03-31.basil). */
const OLDEST_WEBHOOK_API_VERSION = '2025-03-31';
const API_VERSION_DATE = /^\d{4}-\d{2}-\d{2}/;

/*
 * The fields read from each event, as Stripe documents them for 2025-03-31.basil and later. Anything else in the
 * payload is ignored; a field we read that is missing or of another type makes the event unreadable.
 */
const objectId = z.string().min(1);
/** A reference Stripe sends as an id, or as the object when the endpoint expands it. */
const reference = z.union([objectId, z.object({ id: objectId })]);
const unixSeconds = z.number().int().nonnegative();

const eventSchema = z.object({
  id: objectId,
  type: z.string().min(1),
  api_version: z.string().nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSessionSchema = z.object({
  client_reference_id: z.string().nullable(),
  customer: reference.nullable(),
  subscription: reference.nullable(),
  invoice: reference.nullable(),
  amount_total: z.number().int().nonnegative().nullable(),
});

/** Since 2025-03-31.basil an invoice names its subscription (and that subscription's metadata) under `parent`. */
const invoiceParentSchema = z
  .object({
    subscription_details: z.object({ subscription: reference, metadata: z.record(z.string(), z.string()).nullable() }).nullable(),
  })
  .nullable();

const failedInvoiceSchema = z.object({ id: objectId, parent: invoiceParentSchema });

const paidInvoiceSchema = failedInvoiceSchema.extend({
  amount_paid: z.number().int().nonnegative(),
  customer: reference.nullable(),
  period_start: unixSeconds,
  period_end: unixSeconds,
  lines: z.object({
    data: z.array(z.object({ parent: z.object({ type: z.string() }).nullable(), period: z.object({ start: unixSeconds, end: unixSeconds }) })),
  }),
});

const subscriptionSchema = z.object({
  id: objectId,
  cancel_at_period_end: z.boolean(),
  cancel_at: unixSeconds.nullable(),
  items: z.object({ data: z.array(z.object({ current_period_end: unixSeconds })) }),
});

const deletedSubscriptionSchema = z.object({ id: objectId });

type StripeEvent = z.infer<typeof eventSchema>;
type PaidInvoice = z.infer<typeof paidInvoiceSchema>;

/**
 * Stripe's SDK refuses a signature older than the tolerance but accepts one from the future; a clock far ahead, or a
 * delivery captured and signed for later, is refused here the same way.
 */
export function assertSignedRecently(signatureHeader: string, toleranceSeconds: number, nowMs: number): void {
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1]);
  if (!Number.isFinite(timestamp)) throw new WebhookSignatureError('The Stripe-Signature header has no timestamp');
  if (timestamp - nowMs / 1000 > toleranceSeconds) throw new WebhookSignatureError('Timestamp outside the tolerance zone (in the future)');
}

/**
 * A verified event as a provider-neutral one: null for a type we do not handle or an object that is not ours (to be
 * acknowledged), WebhookPayloadError when the payload does not have the documented shape.
 */
export function toBillingEvent(payload: unknown): BillingEvent | null {
  const event = readable(eventSchema, payload, 'the event');
  assertReadableVersion(event);
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return fromCheckoutCompleted(event.id, readable(checkoutSessionSchema, object, event.type));
    case 'invoice.paid':
      return fromInvoicePaid(event.id, readable(paidInvoiceSchema, object, event.type));
    case 'invoice.payment_failed': {
      const invoice = readable(failedInvoiceSchema, object, event.type);
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
      return subscriptionId ? { id: event.id, type: 'invoice.payment_failed', subscriptionId, invoiceId: invoice.id } : null;
    }
    case 'customer.subscription.updated':
      return fromSubscriptionUpdated(event.id, readable(subscriptionSchema, object, event.type));
    case 'customer.subscription.deleted':
      return { id: event.id, type: 'subscription.deleted', subscriptionId: readable(deletedSubscriptionSchema, object, event.type).id };
    default:
      return null;
  }
}

function readable<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new WebhookPayloadError(`The Stripe webhook's ${what} is not in the documented shape${where}: ${issue?.message ?? 'invalid'}`);
}

/**
 * An endpoint on an older API version sends invoices without `parent` and subscriptions with their period at the top:
 * read as today's shapes, a paid invoice would look like no subscription's and be dropped. It is refused (and logged)
 * until the endpoint's version is raised.
 */
function assertReadableVersion(event: StripeEvent): void {
  const version = event.api_version;
  if (!version) return;
  if (!API_VERSION_DATE.test(version) || version.slice(0, 10) < OLDEST_WEBHOOK_API_VERSION) {
    throw new WebhookPayloadError(`Stripe webhook ${event.id} uses API version ${version}; set the endpoint to ${OLDEST_WEBHOOK_API_VERSION}.basil or later`);
  }
}

function fromCheckoutCompleted(id: string, session: z.infer<typeof checkoutSessionSchema>): BillingEvent | null {
  // A session we did not create (a payment link, another app on the account) carries no pending change of ours.
  if (!session.client_reference_id) return null;
  return {
    id,
    type: 'checkout.completed',
    pendingChangeId: session.client_reference_id,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    invoiceId: idOf(session.invoice),
    amountCents: session.amount_total,
  };
}

function fromInvoicePaid(id: string, invoice: PaidInvoice): BillingEvent | null {
  const details = invoice.parent?.subscription_details ?? null;
  const subscriptionId = idOf(details?.subscription ?? null);
  if (!subscriptionId) return null;
  const period = billedPeriod(invoice);
  // Stripe copies the subscription's metadata (set at checkout via subscription_data) onto its invoices.
  const pendingChangeId = details?.metadata?.pendingChangeId ?? null;
  return {
    id, type: 'invoice.paid', subscriptionId, amountCents: invoice.amount_paid, periodStart: period.start, periodEnd: period.end, invoiceId: invoice.id,
    pendingChangeId, customerId: idOf(invoice.customer),
  };
}

function fromSubscriptionUpdated(id: string, subscription: z.infer<typeof subscriptionSchema>): BillingEvent | null {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  if (periodEnds.length === 0) return null;
  const currentPeriodEnd = Math.max(...periodEnds);
  // The portal may cancel with either flag: at period end, or with cancel_at set to the period's end.
  const cancelAtPeriodEnd = subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= currentPeriodEnd);
  return { id, type: 'subscription.updated', subscriptionId: subscription.id, cancelAtPeriodEnd, currentPeriodEnd: fromUnix(currentPeriodEnd) };
}

/**
 * The service period an invoice pays for. The invoice's own period_start/period_end cover the usage collected before it
 * (for a renewal, the previous cycle), so the period comes from its subscription lines.
 */
function billedPeriod(invoice: PaidInvoice): { start: Date; end: Date } {
  const lines = invoice.lines.data.filter((line) => line.parent?.type === 'subscription_item_details');
  if (lines.length === 0) return { start: fromUnix(invoice.period_start), end: fromUnix(invoice.period_end) };
  return {
    start: fromUnix(Math.min(...lines.map((line) => line.period.start))),
    end: fromUnix(Math.max(...lines.map((line) => line.period.end))),
  };
}

export function idOf(value: string | { id: string } | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.id;
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}
