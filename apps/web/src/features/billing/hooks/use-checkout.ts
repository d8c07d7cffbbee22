import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { BillingInterval, CheckoutReply, PlanTier } from '@sound-studio/shared';
import { useToast } from '../../../components/ui/toast.tsx';
import { useFormatters } from '../../../lib/i18n.ts';
import { useCheckoutRequest } from '../api/billing-api.ts';
import { usePlanLabel } from './plan-label.ts';

/**
 * What a change says once made: a request waiting for payment names what is due; an applied downgrade waits for the
 * cycle's end; anything else is already in place.
 */
function useOutcomeMessage(): (reply: Exclude<CheckoutReply, { action: 'redirect' }>) => string {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const { currency, date } = useFormatters();
  return ({ action, billing }) => {
    const pending = billing.pendingChange;
    if (action === 'pending' && pending) {
      const interval = t(`billing.intervalAdjective.${pending.interval}`);
      return t('billing.checkout.requested', { plan: planLabel(pending.plan), interval, amount: currency(pending.amountDueCents / 100) });
    }
    const scheduled = billing.subscription.scheduledChange;
    if (scheduled) return t('billing.checkout.scheduled', { plan: planLabel(scheduled.plan), date: date(scheduled.effectiveAt) });
    return t('billing.checkout.applied', { plan: planLabel(billing.subscription.plan) });
  };
}

/**
 * Starts a plan change from the pricing page: Stripe sends the user to its Checkout page, manual billing leaves a
 * pending request (shown by the overview and said in a toast), and a change with nothing to pay is confirmed with a toast.
 */
export function useCheckout() {
  const request = useCheckoutRequest();
  const toast = useToast();
  const outcomeMessage = useOutcomeMessage();
  const { mutate } = request;
  const choose = useCallback(
    (plan: PlanTier, interval: BillingInterval) =>
      mutate(
        { plan, interval },
        {
          onSuccess: (reply: CheckoutReply) => {
            if (reply.action === 'redirect') window.location.assign(reply.url);
            else toast.show(outcomeMessage(reply), 'success');
          },
        },
      ),
    [outcomeMessage, mutate, toast],
  );
  return {
    choose,
    /** The plan being requested right now, for its card's spinner. */
    choosing: request.isPending ? (request.variables?.plan ?? null) : null,
    error: request.error,
    reset: request.reset,
  };
}
