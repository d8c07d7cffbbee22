import type { BillingOverview, CheckoutRequest } from '@sound-studio/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { grantExpiry, prorate } from '../../lib/credit-cycle.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlanRow } from '../../lib/plan-repository.ts';
import { currentCycle, periodFrom, priceOf, type BillingContext, type Work } from './billing-context.ts';
import { overview } from './overview.ts';
import type { PendingChangeRow, SubscriptionRow } from './repository.ts';

/*
 * A pending change is an upgrade quoted and waiting for its payment: the provider's checkout or invoice, or the
 * operator's approval under manual billing. An account has at most one.
 */

/** 409 when a change about to be withdrawn or replaced turns out paid: its webhook applies it, nothing is lost. */
const PAID_MEANWHILE = 'Your earlier payment just went through; reload the page to see your new plan';

/** What an upgrade costs now (prorated against what is left of the current period) and the period it buys. */
export function quoteUpgrade(now: Date, request: CheckoutRequest, plans: { subscription: SubscriptionRow; current: PlanRow; target: PlanRow }) {
  const { subscription, current, target } = plans;
  const currentPeriod = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
  const keepsPeriod = request.interval === subscription.interval && current.name !== 'free';
  const period = keepsPeriod ? currentPeriod : periodFrom(subscription.cycleAnchor, subscription.cycleIndex, request.interval);
  const quote = prorate({
    now,
    current: { priceCents: priceOf(current, subscription.interval), period: currentPeriod, monthlyCredits: current.monthlyCredits },
    next: { priceCents: priceOf(target, request.interval), period, monthlyCredits: target.monthlyCredits },
    cycle: currentCycle(subscription),
  });
  return { quote, period };
}

/** Quotes the upgrade (prorated) and stores it as the account's one pending change, replacing an older one. */
export async function createPendingChange(
  ctx: BillingContext,
  userId: string,
  request: CheckoutRequest,
  plans: { subscription: SubscriptionRow; current: PlanRow; target: PlanRow },
): Promise<PendingChangeRow> {
  const now = ctx.now();
  const { quote, period } = quoteUpgrade(now, request, plans);
  const replaced = await ctx.repository.findPendingFor(userId);
  await closeCheckoutOf(ctx, replaced);
  return ctx
    .transaction(async (work) => {
      // Only the change whose page was closed; one that appeared meanwhile makes the insert below a conflict.
      if (replaced) await work.repository.cancelPendingChange(replaced.id, now);
      return work.repository.insertPendingChange({
        userId,
        plan: request.plan,
        interval: request.interval,
        amountDueCents: quote.amountDueCents,
        creditsOnPayment: quote.credits,
        periodStart: period.start,
        periodEnd: period.end,
        status: 'pending',
        createdAt: now,
      });
    })
    .catch((error: unknown) => {
      // Two checkouts of one account at once: the one-pending-change index lets one through.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Another plan change is being made; try again');
      throw error;
    });
}

/**
 * Closes the provider's checkout page of a change about to be withdrawn or replaced, before anything here changes, so
 * the user cannot pay it later from another tab. The provider out of reach: 503 and nothing changed. Paid a moment
 * ago: 409, and the change stays pending for its webhook to apply (refusing is safer than guessing which change the
 * user wants now).
 */
export async function closeCheckoutOf(ctx: BillingContext, pending: PendingChangeRow | undefined): Promise<void> {
  if (!pending?.providerCheckoutId || !ctx.provider.expireCheckout) return;
  const expiry = await ctx.provider.expireCheckout(pending.providerCheckoutId);
  if (expiry === 'completed') throw new AppError('CONFLICT', PAID_MEANWHILE, { pendingChangeId: pending.id });
}

/**
 * Keeps the checkout page's id on its change. When the change was withdrawn or replaced while the page was being made
 * (another tab), the page is closed at once and the user told, rather than sent to pay for a change we no longer hold.
 */
export async function rememberCheckout(ctx: BillingContext, pending: PendingChangeRow, checkoutId: string): Promise<void> {
  if (await ctx.repository.recordCheckout(pending.id, checkoutId)) return;
  await ctx.provider.expireCheckout?.(checkoutId);
  throw new AppError('CONFLICT', 'This plan change was replaced in another window; reload the page');
}

/**
 * Runs the provider call that asks for the change's payment. When it fails (refused, or the provider is out of reach)
 * nothing was billed, so the change is withdrawn instead of blocking the account with a payment that will not come.
 */
export async function withWithdrawOnFailure<T>(ctx: BillingContext, pending: PendingChangeRow, askForPayment: () => Promise<T>): Promise<T> {
  try {
    return await askForPayment();
  } catch (error) {
    await ctx.repository.cancelPendingChange(pending.id, ctx.now());
    throw error;
  }
}

/**
 * A paid change takes effect: the plan at once, the prorated credits (once per change: the grant's unique key), and
 * under manual billing the invoice (a provider reports its own). The caller holds the change's row lock.
 */
export async function applyPendingChange(
  ctx: BillingContext,
  work: Work,
  pending: PendingChangeRow,
  options: { recordInvoice: boolean; customerId?: string | null; providerSubscriptionId?: string | null },
): Promise<void> {
  const now = ctx.now();
  const subscription = await work.repository.findSubscription(pending.userId, true);
  if (!subscription) throw new AppError('NOT_FOUND', 'Subscription not found');
  // A change paid after its quoted period ran out starts a fresh period from the current cycle.
  const period =
    pending.periodEnd.getTime() > now.getTime()
      ? { start: pending.periodStart, end: pending.periodEnd }
      : periodFrom(subscription.cycleAnchor, subscription.cycleIndex, pending.interval);
  await work.repository.setPlan(pending.userId, pending.plan, now);
  await work.repository.updateSubscription(pending.userId, {
    interval: pending.interval,
    status: 'active',
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    scheduledPlan: null,
    scheduledInterval: null,
    scheduledReason: null,
    ...(options.customerId ? { providerCustomerId: options.customerId } : {}),
    ...(options.providerSubscriptionId ? { providerSubscriptionId: options.providerSubscriptionId } : {}),
    updatedAt: now,
  });
  const planRow = await ctx.planRow(pending.plan, work.db);
  if (pending.creditsOnPayment > 0) {
    await work.credits.grantOnce(
      pending.userId,
      pending.creditsOnPayment,
      `${planRow.displayName}: credits for the rest of this cycle`,
      `plan-change:${pending.id}`,
      grantExpiry(subscription.cycleAnchor, subscription.cycleIndex),
    );
  }
  if (options.recordInvoice && pending.amountDueCents > 0) {
    await work.repository.insertInvoice({
      userId: pending.userId,
      description: `${planRow.displayName} (${pending.interval})`,
      amountCents: pending.amountDueCents,
      status: 'paid',
      periodStart: period.start,
      periodEnd: period.end,
      createdAt: now,
      paidAt: now,
    });
  }
  await work.repository.resolvePendingChange(pending.id, 'approved', now);
}

/** The user withdraws the change waiting for payment; its checkout page is closed first. */
export async function cancelPendingChange(ctx: BillingContext, userId: string): Promise<BillingOverview> {
  const waiting = await ctx.repository.findPendingFor(userId);
  if (!waiting) throw new AppError('NOT_FOUND', 'No plan change is waiting');
  await closeCheckoutOf(ctx, waiting);
  await ctx.repository.cancelPendingChange(waiting.id, ctx.now());
  return overview(ctx, userId);
}
