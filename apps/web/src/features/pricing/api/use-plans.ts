import { useQuery } from '@tanstack/react-query';
import { plansReplySchema, type Plan } from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';

export const plansQueryKey = ['plans'] as const;

/** Active plans in display order (the server sorts too; the page must not depend on it). */
export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: ({ signal }) => api.get('/auth/plans', { schema: plansReplySchema, signal }),
    select: (plans: Plan[]) => plans.filter((plan) => plan.status === 'active').sort((a, b) => a.display.order - b.display.order),
  });
}
