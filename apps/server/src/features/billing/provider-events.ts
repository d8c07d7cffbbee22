import { UUID_PATTERN, type BillingContext, type Work } from './billing-context.ts';
import { moveToFree } from './cancellation.ts';
import { isLatePayment, settleLatePayment } from './late-payments.ts';
import { applyPendingChange } from './pending-changes.ts';
import type { BillingEvent } from './providers/provider.ts';
import type { SubscriptionRow } from './repository.ts';

type EventOf<T extends BillingEvent['type']> = Extract<BillingEvent, { type: T }>;

/**
 * A payment provider's event, handled at most once: the event's claim row and its effects commit together, so a
 * concurrent or replayed delivery finds the claim and does nothing (and a failed handling leaves no claim).
 */
export async function handleEvent(ctx: BillingContext, event: BillingEvent): Promise<{ duplicate: boolean }> {
  const duplicate = await ctx.transaction(async (work) => {
    const claimed = await work.repository.claimWebhookEvent(event.id, ctx.provider.name, event.type, ctx.now());
    if (!claimed) return true;
    await applyEvent(ctx, work, event);
    return false;
  });
  return { duplicate };
}

async function applyEvent(ctx: BillingContext, work: Work, event: BillingEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.completed':
      return checkoutCompleted(ctx, work, event);
    case 'invoice.paid':
      return invoicePaid(ctx, work, event);
    case 'invoice.payment_failed':
      return paymentFailed(ctx, work, event);
    case 'subscription.updated':
      return subscriptionUpdated(ctx, work, event);
    case 'subscription.deleted': {
      const subscription = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
      if (subscription) await moveToFree(ctx, work, subscription, { providerSubscriptionId: null });
      return;
    }
  }
}

async function checkoutCompleted(ctx: BillingContext, work: Work, event: EventOf<'checkout.completed'>): Promise<void> {
  if (!UUID_PATTERN.test(event.pendingChangeId)) return;
  const pending = await work.repository.findPendingChange(event.pendingChangeId, true);
  if (!pending) return;
  if (isLatePayment(pending)) {
    const { customerId, subscriptionId, invoiceId, amountCents } = event;
    return settleLatePayment(ctx, work, pending, { customerId, subscriptionId, invoiceId, amountCents });
  }
  if (pending.status !== 'pending') return;
  await applyPendingChange(ctx, work, pending, {
    recordInvoice: false,
    customerId: event.customerId,
    providerSubscriptionId: event.subscriptionId,
  });
}

async function invoicePaid(ctx: BillingContext, work: Work, event: EventOf<'invoice.paid'>): Promise<void> {
  const linked = await subscriptionOfPaidInvoice(ctx, work, event);
  if (!linked) return;
  const upgraded = await applyUpgradeOfInvoice(ctx, work, linked, event);
  const subscription = upgraded ?? linked;
  const planRow = await ctx.planRow((await ctx.account(subscription.userId, work.repository)).plan, work.db);
  await work.repository.insertProviderInvoice({
    userId: subscription.userId,
    description: `${planRow.displayName} (${subscription.interval})`,
    amountCents: event.amountCents,
    status: 'paid',
    periodStart: event.periodStart,
    periodEnd: event.periodEnd,
    providerInvoiceId: event.invoiceId,
    createdAt: ctx.now(),
    paidAt: ctx.now(),
  });
  const paymentRecovered = subscription.scheduledReason === 'payment_failed';
  await work.repository.updateSubscription(subscription.userId, {
    status: 'active',
    // A proration invoice bills the rest of the running period: the period itself stays as it is.
    ...(upgraded ? {} : { currentPeriodStart: event.periodStart, currentPeriodEnd: event.periodEnd }),
    ...(paymentRecovered ? { scheduledPlan: null, scheduledInterval: null, scheduledReason: null } : {}),
    updatedAt: ctx.now(),
  });
}

async function paymentFailed(ctx: BillingContext, work: Work, event: EventOf<'invoice.payment_failed'>): Promise<void> {
  const subscription = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
  if (!subscription) return;
  // The plan stays paid for until the period ends; then the renewal job moves the account to free.
  await work.repository.updateSubscription(subscription.userId, {
    status: 'past_due',
    scheduledPlan: 'free',
    scheduledInterval: 'monthly',
    scheduledReason: 'payment_failed',
    updatedAt: ctx.now(),
  });
}

async function subscriptionUpdated(ctx: BillingContext, work: Work, event: EventOf<'subscription.updated'>): Promise<void> {
  const subscription = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
  if (!subscription) return;
  const scheduled = event.cancelAtPeriodEnd
    ? { scheduledPlan: 'free' as const, scheduledInterval: 'monthly' as const, scheduledReason: 'cancel' as const }
    : subscription.scheduledReason === 'cancel'
      ? { scheduledPlan: null, scheduledInterval: null, scheduledReason: null }
      : {};
  await work.repository.updateSubscription(subscription.userId, {
    ...scheduled,
    currentPeriodEnd: event.currentPeriodEnd,
    updatedAt: ctx.now(),
  });
}

/**
 * The subscription a paid invoice belongs to. Stripe does not order its events: the first invoice may come before
 * checkout.completed has linked the subscription. Then the invoice's pending change is applied here (as the
 * completed checkout would), so the payment is recorded; the later checkout.completed finds it applied and stops.
 * A change that no longer waits is settled as a late payment (kept, or refunded and then not recorded as paid).
 */
async function subscriptionOfPaidInvoice(ctx: BillingContext, work: Work, event: EventOf<'invoice.paid'>): Promise<SubscriptionRow | undefined> {
  const linked = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
  if (linked || !event.pendingChangeId || !UUID_PATTERN.test(event.pendingChangeId)) return linked;
  const pending = await work.repository.findPendingChange(event.pendingChangeId, true);
  const customerId = event.customerId ?? null;
  if (pending && isLatePayment(pending)) {
    const payment = { customerId, subscriptionId: event.subscriptionId, invoiceId: event.invoiceId, amountCents: event.amountCents };
    await settleLatePayment(ctx, work, pending, payment);
  } else if (pending?.status === 'pending') {
    await applyPendingChange(ctx, work, pending, { recordInvoice: false, customerId, providerSubscriptionId: event.subscriptionId });
  }
  return work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
}

/**
 * The proration invoice of an upgrade made on the running subscription: its metadata names our pending change, which
 * takes effect now (plan and pro-rata credits, once: the change is resolved and its grant keyed). Later invoices of
 * the subscription still carry the id, but the change is no longer pending. Returns the updated row, or undefined.
 */
async function applyUpgradeOfInvoice(
  ctx: BillingContext,
  work: Work,
  subscription: SubscriptionRow,
  event: EventOf<'invoice.paid'>,
): Promise<SubscriptionRow | undefined> {
  if (!event.pendingChangeId || !UUID_PATTERN.test(event.pendingChangeId)) return undefined;
  const pending = await work.repository.findPendingChange(event.pendingChangeId, true);
  if (pending?.status !== 'pending' || pending.userId !== subscription.userId) return undefined;
  await applyPendingChange(ctx, work, pending, { recordInvoice: false });
  return work.repository.findSubscription(subscription.userId, true);
}
