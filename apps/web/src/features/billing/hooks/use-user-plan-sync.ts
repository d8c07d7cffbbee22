import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isCurrentPlan, type BillingOverview } from '@sound-studio/shared';
import { authApi, useAuth } from '../../auth/index.ts';

/**
 * Keeps the signed-in user's plan label (which marks the pricing page's current plan) in step with billing: when the
 * overview names another plan than the label (an approval, a refund, a cycle that ended a cancelled plan), the user
 * and the balance are read again, once per plan seen.
 */
export function useUserPlanSync(overview: BillingOverview | undefined): void {
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const syncedPlan = useRef<string | null>(null);
  const plan = overview?.subscription.plan;
  const label = user?.subscription;
  useEffect(() => {
    if (!plan || label === undefined) return;
    if (isCurrentPlan(label, { name: plan, displayName: plan }) || syncedPlan.current === plan) return;
    syncedPlan.current = plan;
    void queryClient.invalidateQueries({ queryKey: ['credits'] });
    authApi
      .validate()
      .then(({ user: fresh }) => updateUser(fresh))
      .catch(() => {
        // The label stays as it was until the next page that shows billing reads the user again.
        syncedPlan.current = null;
      });
  }, [label, plan, queryClient, updateUser]);
}
