import { REFUND_WINDOW_DAYS, type Invoice, type PendingChange, type PlanTier, type Subscription } from '@sound-studio/shared';
import { DAY_MS } from './billing-context.ts';
import type { InvoiceRow, PendingChangeRow, SubscriptionRow } from './repository.ts';

/** Rows as the API shows them. */
export function subscriptionView(plan: PlanTier, row: SubscriptionRow, refundable: InvoiceRow | undefined): Subscription {
  return {
    plan,
    interval: row.interval,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.scheduledReason === 'cancel',
    scheduledChange:
      row.scheduledPlan && row.scheduledReason
        ? {
            plan: row.scheduledPlan,
            interval: row.scheduledInterval ?? 'monthly',
            effectiveAt: row.currentPeriodEnd.toISOString(),
            reason: row.scheduledReason,
          }
        : null,
    refundableUntil: refundable?.paidAt ? new Date(refundable.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString() : null,
  };
}

export function pendingView(row: PendingChangeRow): PendingChange {
  return {
    id: row.id,
    plan: row.plan,
    interval: row.interval,
    amountDueCents: row.amountDueCents,
    creditsOnPayment: row.creditsOnPayment,
    createdAt: row.createdAt.toISOString(),
  };
}

export function invoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: `SS-${String(row.sequence).padStart(6, '0')}`,
    description: row.description,
    amountCents: row.amountCents,
    currency: 'USD',
    status: row.status,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
