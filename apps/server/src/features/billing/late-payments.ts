import type { BillingContext, Work } from './billing-context.ts';
import { applyPendingChange } from './pending-changes.ts';
import type { PendingChangeRow } from './repository.ts';

/*
 * A payment for a change that no longer waits: withdrawn or replaced while its checkout page stayed open (a page made
 * before pages were closed on withdrawal, or one that could not be closed in time), or rejected by the operator. The
 * money is never kept for nothing. Kept and applied when it is still the account's latest choice; otherwise refunded
 * through the provider with the provider subscription it opened cancelled. Both are logged at warn.
 */

/** What the provider's event tells of the payment. */
export interface LatePayment {
  subscriptionId: string | null;
  customerId: string | null;
  invoiceId: string | null;
  amountCents: number | null;
}

/** A change a payment came in for although it no longer waits (applied ones are simply paid twice by events). */
export function isLatePayment(change: PendingChangeRow): boolean {
  return change.status === 'canceled' || change.status === 'rejected';
}

/** The caller holds the change's row lock, inside the event's transaction (a failure here leaves the event unclaimed). */
export async function settleLatePayment(ctx: BillingContext, work: Work, change: PendingChangeRow, payment: LatePayment): Promise<void> {
  const details = { userId: change.userId, pendingChangeId: change.id, status: change.status, ...payment };
  if (await keepsLatePayment(work, change, payment)) {
    await applyPendingChange(ctx, work, change, { recordInvoice: false, customerId: payment.customerId, providerSubscriptionId: payment.subscriptionId });
    ctx.log.warn(details, 'late payment applied: a withdrawn plan change was paid and is still the latest choice');
    return;
  }
  if (!payment.invoiceId) {
    // A checkout event without its invoice: the subscription's first invoice.paid carries both and refunds it.
    ctx.log.warn(details, 'late payment to refund: waiting for its invoice');
    return;
  }
  await refundLatePayment(ctx, work, change, { ...payment, invoiceId: payment.invoiceId });
  ctx.log.warn(details, 'late payment refunded: a withdrawn or replaced plan change was paid after a later choice');
}

/**
 * Kept when the user withdrew the change and chose nothing since, and no other provider subscription bills the account
 * (keeping this one would bill it twice). A later change (waiting or applied) was quoted from the plan before this
 * one, so applying this one under it would price and credit that change wrongly: refunded instead.
 */
async function keepsLatePayment(work: Work, change: PendingChangeRow, payment: LatePayment): Promise<boolean> {
  if (change.status !== 'canceled') return false;
  if (await work.repository.hasLaterChange(change)) return false;
  const subscription = await work.repository.findSubscription(change.userId, true);
  return !subscription?.providerSubscriptionId || subscription.providerSubscriptionId === payment.subscriptionId;
}

/**
 * Returns the payment (once per invoice at the provider, so a redelivered event pays back nothing twice) and ends the
 * subscription it opened, never the one the account runs on. The change is marked refunded so the other event of
 * the same payment (checkout.completed or the first invoice.paid) does nothing.
 */
async function refundLatePayment(ctx: BillingContext, work: Work, change: PendingChangeRow, payment: LatePayment & { invoiceId: string }): Promise<void> {
  const amountCents = payment.amountCents ?? change.amountDueCents;
  await ctx.provider.refundPayment?.({ userId: change.userId, providerInvoiceId: payment.invoiceId, amountCents });
  const account = await work.repository.findSubscription(change.userId, true);
  if (payment.subscriptionId && payment.subscriptionId !== account?.providerSubscriptionId) {
    await ctx.provider.cancelSubscription?.(payment.subscriptionId);
  }
  await work.repository.resolvePendingChange(change.id, 'refunded', ctx.now());
}
