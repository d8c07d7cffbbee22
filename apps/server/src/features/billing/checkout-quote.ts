import type { CheckoutQuote, CheckoutRequest } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import { priceOf, type BillingContext } from './billing-context.ts';
import { quoteUpgrade } from './pending-changes.ts';
import { classify } from './plan-changes.ts';
import { catchUp } from './renewal.ts';

/**
 * What the pricing page's button would do, priced the way checkout prices it, so the user can confirm first:
 * an upgrade's prorated amount and credits now, or the period end a downgrade or cancel waits for, and what each
 * renewal then costs and brings. Nothing is stored.
 */
export async function checkoutQuote(ctx: BillingContext, userId: string, request: CheckoutRequest): Promise<CheckoutQuote> {
  await catchUp(ctx, userId);
  const target = await ctx.planRow(request.plan);
  if (target.status !== 'active') throw new AppError('NOT_FOUND', `The ${request.plan} plan is not on sale`);
  const { kind, subscription, current } = await classify(ctx, userId, request);
  const account = await ctx.account(userId);
  const now = ctx.now();
  const upgrade = kind === 'upgrade' ? quoteUpgrade(now, request, { subscription, current, target }).quote : null;
  const periodEnd = subscription.currentPeriodEnd.toISOString();
  // A cancel moves the account to free at the period end; its renewals are the free plan's.
  const renewalPlan = kind === 'cancel' ? await ctx.planRow('free') : kind === 'same' ? current : target;
  return {
    plan: request.plan,
    interval: request.interval,
    currentPlan: account.plan,
    currentInterval: subscription.interval,
    change: kind,
    provider: ctx.provider.name,
    amountDueCents: upgrade?.amountDueCents ?? 0,
    creditsNow: upgrade?.credits ?? 0,
    effectiveAt: kind === 'downgrade' || kind === 'cancel' ? periodEnd : now.toISOString(),
    renewalPriceCents: priceOf(renewalPlan, kind === 'cancel' ? 'monthly' : request.interval),
    renewalCredits: renewalPlan.monthlyCredits,
    renewalAt: kind === 'downgrade' || kind === 'cancel' ? periodEnd : subscription.nextCycleAt.toISOString(),
  };
}
