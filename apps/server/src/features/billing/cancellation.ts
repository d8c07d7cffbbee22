import type { BillingOverview } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import { periodFrom, type BillingContext, type Work } from './billing-context.ts';
import { overview } from './overview.ts';
import { closeCheckoutOf } from './pending-changes.ts';
import { catchUp } from './renewal.ts';
import type { SubscriptionRow } from './repository.ts';
import { clearScheduledChange, restoreProviderPrice, tellProviderCancel } from './scheduled-changes.ts';

/** Cancel: the plan runs to the end of the period, then the account moves to free. */
export async function cancel(ctx: BillingContext, userId: string): Promise<BillingOverview> {
  await catchUp(ctx, userId);
  const account = await ctx.account(userId);
  if (account.plan === 'free') throw new AppError('CONFLICT', 'The free plan has nothing to cancel');
  // The provider first: when it cannot be reached, nothing here has changed and a retry starts over. A resume after
  // this cancel keeps the current plan, so a downgraded provider price is put back first. The waiting change's
  // checkout page is closed before anything else: paid a moment ago, the cancel is refused and nothing was told.
  await closeCheckoutOf(ctx, await ctx.repository.findPendingFor(userId));
  await restoreProviderPrice(ctx, userId);
  await tellProviderCancel(ctx, userId, true);
  await ctx.transaction(async (work) => {
    await work.repository.cancelPendingFor(userId, ctx.now());
    await work.repository.updateSubscription(userId, {
      scheduledPlan: 'free',
      scheduledInterval: 'monthly',
      scheduledReason: 'cancel',
      updatedAt: ctx.now(),
    });
  });
  return overview(ctx, userId);
}

/** Undoes a cancel before the period ends. */
export async function resume(ctx: BillingContext, userId: string): Promise<BillingOverview> {
  const subscription = await ctx.ensureSubscription(userId);
  if (subscription.scheduledReason !== 'cancel') throw new AppError('CONFLICT', 'The subscription is not cancelled');
  await tellProviderCancel(ctx, userId, false);
  await clearScheduledChange(ctx, userId);
  return overview(ctx, userId);
}

/** The account is on free from now (a refund, or the provider ended its subscription): monthly cycles, nothing scheduled. */
export async function moveToFree(ctx: BillingContext, work: Work, subscription: SubscriptionRow, extra: { providerSubscriptionId?: null } = {}): Promise<void> {
  const period = periodFrom(subscription.cycleAnchor, subscription.cycleIndex, 'monthly');
  await work.repository.setPlan(subscription.userId, 'free', ctx.now());
  await work.repository.updateSubscription(subscription.userId, {
    interval: 'monthly',
    status: 'canceled',
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    scheduledPlan: null,
    scheduledInterval: null,
    scheduledReason: null,
    ...extra,
    updatedAt: ctx.now(),
  });
}
