import { REFUND_WINDOW_DAYS, type BillingOverview } from '@sound-studio/shared';
import { AppError } from '../../lib/errors.ts';
import type { BillingContext, Work } from './billing-context.ts';
import { moveToFree } from './cancellation.ts';
import { overview } from './overview.ts';
import { closeCheckoutOf } from './pending-changes.ts';
import { catchUp } from './renewal.ts';
import { tellProviderCancel } from './scheduled-changes.ts';

/**
 * The 14-day money-back guarantee: the last payment is refunded, every credit it bought that is not spent yet is taken
 * back, those on hold for unfinished work included (CreditService.reverseGrants), and the account moves to free at once.
 */
export async function refund(ctx: BillingContext, userId: string): Promise<BillingOverview> {
  await catchUp(ctx, userId);
  const invoice = await ctx.refundableInvoice(userId);
  if (!invoice?.paidAt) throw new AppError('CONFLICT', `No payment of the last ${REFUND_WINDOW_DAYS} days can be refunded`);
  const paidAt = invoice.paidAt;
  // The waiting change is withdrawn with the plan: its checkout page is closed first, so it cannot be paid afterwards.
  await closeCheckoutOf(ctx, await ctx.repository.findPendingFor(userId));
  // The money goes back first: when the provider refuses, nothing here changes.
  await ctx.provider.refundPayment?.({ userId, providerInvoiceId: invoice.providerInvoiceId, amountCents: invoice.amountCents });
  // The account is free from now on, so the provider must not bill it again. A retry after a failure here refunds
  // nothing twice: the provider's refund is once per invoice.
  await tellProviderCancel(ctx, userId, true);
  await ctx.transaction(async (work) => {
    const subscription = await work.repository.findSubscription(userId, true);
    if (!subscription) throw new AppError('NOT_FOUND', 'Subscription not found');
    await work.repository.setInvoiceStatus(invoice.id, 'refunded');
    await takeBackCreditsOfPayment(work, userId, paidAt);
    await work.repository.cancelPendingFor(userId, ctx.now());
    await moveToFree(ctx, work, subscription);
  });
  return overview(ctx, userId);
}

/**
 * The monthly grants made since the refunded payment are reversed: what is left of them leaves the balance, and their
 * credits on hold are taken over by the rest of the balance or written off on the holds.
 */
async function takeBackCreditsOfPayment(work: Work, userId: string, paidAt: Date): Promise<void> {
  await work.credits.reverseGrants(
    userId,
    (open) => open.filter((grant) => grant.reason === 'monthly_grant' && grant.createdAt.getTime() >= paidAt.getTime()),
    'Credits of a refunded payment',
  );
}
