import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingOverview, CheckoutRequest } from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';
import { lazySchemasFrom } from '../../../lib/lazy-schema.ts';

const schemas = lazySchemasFrom(() => import('./billing-schemas.ts'));
const billingOverviewSchema = schemas('billingOverviewSchema');
const checkoutQuoteSchema = schemas('checkoutQuoteSchema');
const checkoutReplySchema = schemas('checkoutReplySchema');
const portalReplySchema = schemas('portalReplySchema');
/** The details of a FEATURE_NOT_IN_PLAN refusal (`use-plan-gate.ts`). */
export const featureNotInPlanDetailsSchema = schemas('featureNotInPlanDetailsSchema');

export const billingQueryKey = ['billing'] as const;

/** While a change waits for the operator (manual billing), look for the answer this often. */
export const PENDING_POLL_MS = 5_000;

/**
 * GET /api/billing: plan, cycle, pending and scheduled changes, credits in the cycle, invoices. Polled while a change
 * is pending, so an approval shows up without a reload.
 */
export function useBillingOverview() {
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => api.get('/billing', { schema: billingOverviewSchema, signal }),
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.pendingChange ? PENDING_POLL_MS : false),
  });
}

/** The billing calls that change the subscription in place. */
export const BILLING_ACTIONS = {
  cancelPendingChange: { method: 'DELETE', path: '/billing/pending-change' },
  cancelScheduledChange: { method: 'DELETE', path: '/billing/scheduled-change' },
  cancelSubscription: { method: 'POST', path: '/billing/cancel' },
  resumeSubscription: { method: 'POST', path: '/billing/resume' },
  requestRefund: { method: 'POST', path: '/billing/refund' },
} as const;
export type BillingAction = keyof typeof BILLING_ACTIONS;

/** Each answers with the overview as it now stands. */
function runAction(action: BillingAction): Promise<BillingOverview> {
  const { method, path } = BILLING_ACTIONS[action];
  const options = { schema: billingOverviewSchema };
  return method === 'DELETE' ? api.delete(path, options) : api.post(path, undefined, options);
}

/**
 * After any change the overview is read again, and so is the credits summary (a refund or a plan change moves the
 * balance). The credits feature's keys start with 'credits'; billing does not import it (credits shows billing's cycle).
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (overview?: BillingOverview) => {
    if (overview) queryClient.setQueryData(billingQueryKey, overview);
    void queryClient.invalidateQueries({ queryKey: billingQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['credits'] });
  };
}

export function useBillingAction(action: BillingAction) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: () => runAction(action), onSuccess: (overview) => refresh(overview) });
}

/** POST /api/billing/checkout; the reply says whether to leave for the provider, wait, or show the applied change. */
export function useCheckoutRequest() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (request: CheckoutRequest) => api.post('/billing/checkout', request, { schema: checkoutReplySchema }),
    onSuccess: (reply) => {
      if (reply.action !== 'redirect') refresh(reply.billing);
    },
  });
}

/** GET /api/billing/checkout-quote: what choosing this plan would do, read fresh each time the question is asked. */
export function useCheckoutQuote(request: CheckoutRequest | null) {
  return useQuery({
    queryKey: [...billingQueryKey, 'quote', request?.plan, request?.interval],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ plan: request?.plan ?? '', interval: request?.interval ?? '' });
      return api.get(`/billing/checkout-quote?${params.toString()}`, { schema: checkoutQuoteSchema, signal });
    },
    enabled: request !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/billing/portal: Stripe's Customer Portal for payment details. */
export function usePortalRequest() {
  return useMutation({ mutationFn: () => api.post('/billing/portal', undefined, { schema: portalReplySchema }) });
}
