import type { BillingInterval, PlanTier } from '@sound-studio/shared';
import { cycleStart, grantExpiry } from '../../lib/credit-cycle.ts';
import { periodFrom, priceOf, type BillingContext, type Work } from './billing-context.ts';
import type { SubscriptionRow } from './repository.ts';

/** Accounts handled per run of the renewal job; the next run takes the rest. */
const RENEWAL_BATCH = 500;

/*
 * The credit cycle. Monthly credit cycles run from each account's sign-up; a billing period is one cycle, or twelve
 * for yearly billing. At each cycle start the renewal job ends the period when it is over (applying a scheduled
 * downgrade, cancel or failed payment), lapses the grants whose roll-over ran out, and grants the plan's monthly
 * credits once per cycle. Each account's row is locked while that happens, and the grant's unique key keeps it to
 * once even so.
 */

/** The renewal job: subscription rows for new accounts, then every account whose cycle has started. */
export async function runDueRenewals(ctx: BillingContext): Promise<number> {
  for (const user of await ctx.repository.usersWithoutSubscription(RENEWAL_BATCH)) await ctx.ensureSubscription(user.id);
  const due = await ctx.repository.dueSubscriptions(ctx.now(), RENEWAL_BATCH);
  for (const userId of due) await catchUp(ctx, userId);
  return due.length;
}

/** Processes every cycle start of the account up to now, oldest first (a server that was down catches up). */
export async function catchUp(ctx: BillingContext, userId: string): Promise<void> {
  await ctx.ensureSubscription(userId);
  while (await startNextCycle(ctx, userId)) {
    // each pass commits one cycle start
  }
}

/** One cycle start, in one transaction; false when the next one is still ahead. */
async function startNextCycle(ctx: BillingContext, userId: string): Promise<boolean> {
  return ctx.transaction(async (work) => {
    const subscription = await work.repository.findSubscription(userId, true);
    if (!subscription || subscription.nextCycleAt.getTime() > ctx.now().getTime()) return false;
    const index = subscription.cycleIndex + 1;
    const boundary = subscription.nextCycleAt;
    let plan = (await ctx.account(userId, work.repository)).plan;
    if (subscription.currentPeriodEnd.getTime() <= boundary.getTime()) plan = await endPeriod(ctx, work, subscription, index);
    await work.credits.expireGrants(userId, boundary);
    const planRow = await ctx.planRow(plan, work.db);
    if (planRow.monthlyCredits > 0) {
      await work.credits.grantOnce(
        userId,
        planRow.monthlyCredits,
        `${planRow.displayName}: monthly credits`,
        `cycle:${boundary.toISOString()}`,
        grantExpiry(subscription.cycleAnchor, index),
      );
    }
    await work.repository.updateSubscription(userId, {
      cycleIndex: index,
      nextCycleAt: cycleStart(subscription.cycleAnchor, index + 1),
      updatedAt: ctx.now(),
    });
    return true;
  });
}

/** The billing period is over: apply what was scheduled for its end, or renew. Returns the plan from now on. */
async function endPeriod(ctx: BillingContext, work: Work, subscription: SubscriptionRow, index: number): Promise<PlanTier> {
  const account = await ctx.account(subscription.userId, work.repository);
  const plan = subscription.scheduledPlan ?? account.plan;
  const interval: BillingInterval = plan === 'free' ? 'monthly' : (subscription.scheduledInterval ?? subscription.interval);
  const period = periodFrom(subscription.cycleAnchor, index, interval);
  const endsPaidPlan = subscription.scheduledReason === 'cancel' || subscription.scheduledReason === 'payment_failed';
  if (plan !== account.plan) await work.repository.setPlan(subscription.userId, plan, ctx.now());
  await work.repository.updateSubscription(subscription.userId, {
    interval,
    status: endsPaidPlan ? 'canceled' : 'active',
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    scheduledPlan: null,
    scheduledInterval: null,
    scheduledReason: null,
    updatedAt: ctx.now(),
  });
  // Offline billing renews by invoice; a payment provider reports its own renewal invoice (invoice.paid).
  const planRow = await ctx.planRow(plan, work.db);
  const price = priceOf(planRow, interval);
  if (ctx.provider.name === 'manual' && price > 0) {
    await work.repository.insertInvoice({
      userId: subscription.userId,
      description: `${planRow.displayName} (${interval}) renewal`,
      amountCents: price,
      status: 'paid',
      periodStart: period.start,
      periodEnd: period.end,
      createdAt: ctx.now(),
      paidAt: ctx.now(),
    });
  }
  return plan;
}
