import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingInterval, BillingOverview, CheckoutReply, PlanTier } from '@sound-studio/shared';
import { useToast } from '../../../components/ui/toast.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { useCheckoutRequest } from '../api/billing-api.ts';
import { planLabel } from './plan-label.ts';

/** What an applied change says: a downgrade waits for the cycle's end, anything else is already in place. */
function useAppliedMessage(): (billing: BillingOverview) => string {
  const { t } = useTranslation();
  const { date } = useFormatters();
  return (billing) => {
    const scheduled = billing.subscription.scheduledChange;
    if (scheduled) return t('billing.checkout.scheduled', { plan: planLabel(scheduled.plan), date: date(scheduled.effectiveAt) });
    return t('billing.checkout.applied', { plan: planLabel(billing.subscription.plan) });
  };
}

/**
 * Starts a plan change from the pricing page: Stripe sends the user to its Checkout page, manual billing leaves a
 * pending request (shown by the overview), and a change with nothing to pay is confirmed with a toast.
 */
export function useCheckout() {
  const request = useCheckoutRequest();
  const toast = useToast();
  const appliedMessage = useAppliedMessage();
  const { mutate } = request;
  const choose = useCallback(
    (plan: PlanTier, interval: BillingInterval) =>
      mutate(
        { plan, interval },
        {
          onSuccess: (reply: CheckoutReply) => {
            if (reply.action === 'redirect') window.location.assign(reply.url);
            if (reply.action === 'applied') toast.show(appliedMessage(reply.billing), 'success');
          },
        },
      ),
    [appliedMessage, mutate, toast],
  );
  return {
    choose,
    /** The plan being requested right now, for its card's spinner. */
    choosing: request.isPending ? (request.variables?.plan ?? null) : null,
    error: request.error,
    reset: request.reset,
  };
}
