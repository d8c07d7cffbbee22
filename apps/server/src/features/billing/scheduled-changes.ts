import type { BillingOverview, CheckoutRequest } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import { priceOf, type BillingContext } from './billing-context.ts';
import { overview } from './overview.ts';

/*
 * Changes scheduled for the period end: a downgrade, a cancel, or the move to free after a failed payment. The
 * renewal job applies them (renewal.ts); here they are made and withdrawn.
 */

export async function scheduleDowngrade(ctx: BillingContext, userId: string, request: CheckoutRequest): Promise<void> {
  await ctx.repository.updateSubscription(userId, {
    scheduledPlan: request.plan,
    scheduledInterval: request.interval,
    scheduledReason: 'downgrade',
    updatedAt: ctx.now(),
  });
}

/** Withdraws a scheduled downgrade or cancel; a move to free after a failed payment stays until a payment. */
export async function cancelScheduledChange(ctx: BillingContext, userId: string): Promise<BillingOverview> {
  const subscription = await ctx.ensureSubscription(userId);
  if (!subscription.scheduledReason) throw new AppError('NOT_FOUND', 'No plan change is scheduled');
  if (subscription.scheduledReason === 'payment_failed') {
    throw new AppError('CONFLICT', 'The last payment failed: update your payment details to keep the plan');
  }
  if (subscription.scheduledReason === 'cancel') await tellProviderCancel(ctx, userId, false);
  await clearScheduledChange(ctx, userId);
  return overview(ctx, userId);
}

/** The provider is told first: when it cannot be reached, the scheduled change stays as it was. */
export async function clearScheduledChange(ctx: BillingContext, userId: string): Promise<void> {
  await restoreProviderPrice(ctx, userId);
  await ctx.repository.updateSubscription(userId, {
    scheduledPlan: null,
    scheduledInterval: null,
    scheduledReason: null,
    updatedAt: ctx.now(),
  });
}

/** A downgrade withdrawn (or replaced by a cancel): the provider subscription goes back to the current plan's price. */
export async function restoreProviderPrice(ctx: BillingContext, userId: string): Promise<void> {
  const subscription = await ctx.ensureSubscription(userId);
  const change = ctx.provider.changeSubscriptionPlan?.bind(ctx.provider);
  if (subscription.scheduledReason !== 'downgrade' || !subscription.providerSubscriptionId || !change) return;
  const plan = (await ctx.account(userId)).plan;
  await change({
    subscriptionId: subscription.providerSubscriptionId,
    plan,
    interval: subscription.interval,
    priceCents: priceOf(await ctx.planRow(plan), subscription.interval),
    pendingChangeId: null,
    prorate: false,
  });
}

/** Tells a provider subscription to stop (or resume) renewing at the period end; nothing without one. */
export async function tellProviderCancel(ctx: BillingContext, userId: string, cancelAtPeriodEnd: boolean): Promise<void> {
  const subscription = await ctx.ensureSubscription(userId);
  if (!subscription.providerSubscriptionId) return;
  await ctx.provider.setCancelAtPeriodEnd?.({ subscriptionId: subscription.providerSubscriptionId, cancelAtPeriodEnd });
}
