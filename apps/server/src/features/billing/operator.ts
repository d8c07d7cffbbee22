import type { PlanTier } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import { UUID_PATTERN, type BillingContext } from './billing-context.ts';
import { applyPendingChange } from './pending-changes.ts';
import { pendingView } from './views.ts';

/** The operator's view under /api/admin/subscriptions: the changes waiting for approval and the paid accounts. */
export async function adminOverview(ctx: BillingContext) {
  const [pending, paid] = await Promise.all([ctx.repository.listPendingChanges(), ctx.repository.listPaidSubscriptions()]);
  return {
    pendingChanges: pending.map(({ change, email, currentPlan }) => ({ ...pendingView(change), email, currentPlan: currentPlan as PlanTier })),
    subscriptions: paid.map(({ subscription, email, plan }) => ({
      email,
      plan: plan as PlanTier,
      interval: subscription.interval,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      scheduledPlan: subscription.scheduledPlan,
    })),
  };
}

/**
 * The operator decides a pending change (manual billing): approved, it was paid and takes effect now; rejected, the
 * account keeps its plan.
 */
export async function resolveAsOperator(ctx: BillingContext, pendingChangeId: string, decision: 'approved' | 'rejected') {
  if (!UUID_PATTERN.test(pendingChangeId)) throw new AppError('NOT_FOUND', 'No such pending change');
  const change = await ctx.transaction(async (work) => {
    const pending = await work.repository.findPendingChange(pendingChangeId, true);
    if (!pending) throw new AppError('NOT_FOUND', 'No such pending change');
    if (pending.status !== 'pending') throw new AppError('CONFLICT', `This change was already ${pending.status}`);
    if (decision === 'approved') await applyPendingChange(ctx, work, pending, { recordInvoice: true });
    else await work.repository.resolvePendingChange(pending.id, 'rejected', ctx.now());
    return pending;
  });
  const account = await ctx.account(change.userId);
  return { pendingChange: pendingView(change), status: decision, email: account.email, plan: account.plan };
}
