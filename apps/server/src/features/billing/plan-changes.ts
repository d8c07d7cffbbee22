import type { BillingInterval, CheckoutReply, CheckoutRequest, PlanTier } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import type { PlanRow } from '../../lib/plan-repository.ts';
import { priceOf, type BillingContext } from './billing-context.ts';
import { cancel } from './cancellation.ts';
import { overview } from './overview.ts';
import { applyPendingChange, createPendingChange, rememberCheckout, withWithdrawOnFailure } from './pending-changes.ts';
import { catchUp } from './renewal.ts';
import type { PendingChangeRow, SubscriptionRow } from './repository.ts';
import { clearScheduledChange, scheduleDowngrade } from './scheduled-changes.ts';

export interface CheckoutUrls {
  successUrl: string;
  cancelUrl: string;
}

export type ChangeKind = 'same' | 'upgrade' | 'downgrade' | 'cancel';

/**
 * The pricing page's button: an upgrade waits for payment (a pending change: the provider's checkout, or the
 * operator under manual billing), a downgrade is scheduled for the period end, free means cancel, and choosing the
 * current plan withdraws a scheduled change.
 */
export async function checkout(ctx: BillingContext, userId: string, request: CheckoutRequest, urls: CheckoutUrls): Promise<CheckoutReply> {
  await catchUp(ctx, userId);
  const target = await ctx.planRow(request.plan);
  if (target.status !== 'active') throw new AppError('NOT_FOUND', `The ${request.plan} plan is not on sale`);
  const { kind, subscription, current } = await classify(ctx, userId, request);
  if (kind === 'same') {
    if (subscription.scheduledReason && subscription.scheduledReason !== 'payment_failed') await clearScheduledChange(ctx, userId);
    return { action: 'applied', billing: await overview(ctx, userId) };
  }
  if (kind === 'cancel') return { action: 'applied', billing: await cancel(ctx, userId) };
  // After a failed payment the account moves to free at the period end; a downgrade must not replace that move.
  if (kind === 'downgrade' && subscription.scheduledReason === 'payment_failed') {
    throw new AppError('CONFLICT', 'The last payment failed: update your payment details before changing the plan');
  }
  if (subscription.providerSubscriptionId) {
    const plans = { subscription, current, target, providerSubscriptionId: subscription.providerSubscriptionId };
    return changeProviderSubscription(ctx, userId, kind, request, plans);
  }
  if (kind === 'downgrade') {
    await scheduleDowngrade(ctx, userId, request);
    return { action: 'applied', billing: await overview(ctx, userId) };
  }
  const pending = await createPendingChange(ctx, userId, request, { subscription, current, target });
  if (pending.amountDueCents === 0) {
    await ctx.transaction((work) => applyPendingChange(ctx, work, pending, { recordInvoice: false }));
    return { action: 'applied', billing: await overview(ctx, userId) };
  }
  return startPayment(ctx, pending, subscription, urls);
}

/** Sends the pending change to the provider's checkout (a redirect), or leaves it for the operator (manual). */
async function startPayment(ctx: BillingContext, pending: PendingChangeRow, subscription: SubscriptionRow, urls: CheckoutUrls): Promise<CheckoutReply> {
  const userId = pending.userId;
  const email = (await ctx.account(userId)).email;
  const start = await withWithdrawOnFailure(ctx, pending, () =>
    ctx.provider.startCheckout({
      userId,
      email,
      pendingChangeId: pending.id,
      plan: pending.plan,
      interval: pending.interval,
      amountDueCents: pending.amountDueCents,
      customerId: subscription.providerCustomerId,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
    }),
  );
  if (start.kind === 'redirect') {
    if (start.checkoutId) await rememberCheckout(ctx, pending, start.checkoutId);
    return { action: 'redirect', url: start.url };
  }
  return { action: 'pending', billing: await overview(ctx, userId) };
}

/**
 * A plan paid by a running provider subscription (Stripe) changes that subscription instead of opening a second one.
 * Upgrade: the full new price with proration billed at once; the change applies when that invoice is paid
 * (invoice.paid carries the pending change id). Downgrade: the new price is set now without proration, so nothing is
 * billed or credited and the renewal invoice at the period end charges it (Stripe prices the renewal from the item
 * at the moment the period rolls over, before our renewal job runs, so changing it at the period end would bill the
 * old price once more); our plan changes at the period end as under manual billing. A provider that cannot change
 * a subscription, or a change of billing interval (Stripe would move the billing anchor), is refused.
 */
async function changeProviderSubscription(
  ctx: BillingContext,
  userId: string,
  kind: 'upgrade' | 'downgrade',
  request: CheckoutRequest,
  plans: { subscription: SubscriptionRow; current: PlanRow; target: PlanRow; providerSubscriptionId: string },
): Promise<CheckoutReply> {
  const { subscription, target, providerSubscriptionId } = plans;
  const changePlan = ctx.provider.changeSubscriptionPlan?.bind(ctx.provider);
  if (!changePlan) {
    throw new AppError(
      'CONFLICT',
      'Your plan is paid by card subscription: cancel it in Settings > Billing, then choose the new plan when the current period ends',
    );
  }
  if (request.interval !== subscription.interval) {
    throw new AppError('CONFLICT', `Your card subscription is billed ${subscription.interval}: choose a plan billed ${subscription.interval}`);
  }
  const change = { subscriptionId: providerSubscriptionId, plan: request.plan, interval: request.interval, priceCents: priceOf(target, request.interval) };
  if (kind === 'downgrade') {
    await changePlan({ ...change, pendingChangeId: null, prorate: false });
    await scheduleDowngrade(ctx, userId, request);
    return { action: 'applied', billing: await overview(ctx, userId) };
  }
  const pending = await createPendingChange(ctx, userId, request, plans);
  await withWithdrawOnFailure(ctx, pending, () => changePlan({ ...change, pendingChangeId: pending.id, prorate: true }));
  return { action: 'pending', billing: await overview(ctx, userId) };
}

export async function classify(ctx: BillingContext, userId: string, request: CheckoutRequest) {
  const account = await ctx.account(userId);
  const subscription = await ctx.ensureSubscription(userId);
  const current = await ctx.planRow(account.plan);
  const target = await ctx.planRow(request.plan);
  return { kind: changeKind(account.plan, subscription.interval, current, request, target), subscription, current };
}

/**
 * Upgrade: a dearer plan, or the same plan billed yearly instead of monthly. Downgrade: a cheaper plan, or yearly back
 * to monthly. Free: a cancel.
 */
export function changeKind(
  currentPlan: PlanTier,
  currentInterval: BillingInterval,
  current: PlanRow,
  request: CheckoutRequest,
  target: PlanRow,
): ChangeKind {
  if (request.plan === currentPlan && (request.interval === currentInterval || currentPlan === 'free')) return 'same';
  if (request.plan === 'free') return 'cancel';
  if (target.monthlyPriceCents !== current.monthlyPriceCents) {
    return target.monthlyPriceCents > current.monthlyPriceCents ? 'upgrade' : 'downgrade';
  }
  if (request.plan !== currentPlan) return target.monthlyCredits > current.monthlyCredits ? 'upgrade' : 'downgrade';
  return request.interval === 'yearly' ? 'upgrade' : 'downgrade';
}
