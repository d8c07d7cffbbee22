import type { BillingOverview, CreditCycle, PlanTier } from '@sound-studio/shared';
import { cycleStart } from '../../lib/credit-cycle.ts';
import type { BillingContext } from './billing-context.ts';
import { catchUp } from './renewal.ts';
import type { SubscriptionRow } from './repository.ts';
import { invoiceView, pendingView, subscriptionView } from './views.ts';

const INVOICES_SHOWN = 24;

/** The caller's billing page: plan and period, the change waiting for payment, the credit cycle and the invoices. */
export async function overview(ctx: BillingContext, userId: string): Promise<BillingOverview> {
  await catchUp(ctx, userId);
  const account = await ctx.account(userId);
  const subscription = await ctx.ensureSubscription(userId);
  const [pending, invoices, credits, refundable] = await Promise.all([
    ctx.repository.findPendingFor(userId),
    ctx.repository.listInvoices(userId, INVOICES_SHOWN),
    creditCycle(ctx, account.plan, subscription),
    ctx.refundableInvoice(userId),
  ]);
  return {
    provider: ctx.provider.name,
    subscription: subscriptionView(account.plan, subscription, refundable),
    pendingChange: pending ? pendingView(pending) : null,
    credits,
    invoices: invoices.map(invoiceView),
  };
}

async function creditCycle(ctx: BillingContext, plan: PlanTier, subscription: SubscriptionRow): Promise<CreditCycle> {
  const userId = subscription.userId;
  const start = cycleStart(subscription.cycleAnchor, subscription.cycleIndex);
  const nextPlan =
    subscription.scheduledPlan && subscription.currentPeriodEnd.getTime() <= subscription.nextCycleAt.getTime()
      ? subscription.scheduledPlan
      : plan;
  const [balance, usedThisCycle, grants, nextPlanRow] = await Promise.all([
    ctx.deps.credits.balance(userId),
    ctx.repository.spentSince(userId, start),
    ctx.deps.credits.openGrants(userId),
    ctx.planRow(nextPlan),
  ]);
  const expiring = grants
    .filter((grant) => grant.remaining > 0 && grant.expiresAt !== null)
    .map((grant) => ({ amount: grant.remaining, expiresAt: (grant.expiresAt as Date).toISOString() }))
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
  return {
    balance,
    usedThisCycle,
    cycleStart: start.toISOString(),
    nextRenewalAt: subscription.nextCycleAt.toISOString(),
    nextRenewalCredits: nextPlanRow.monthlyCredits,
    expiring,
  };
}
