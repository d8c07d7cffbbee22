import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_EVENTS, REALTIME_NAMESPACES } from '@sound-studio/shared';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { connectNamespace } from '../../../lib/socket.ts';
import { billingQueryKey } from '../../billing/index.ts';
import { plansQueryKey } from '../api/use-plans.ts';

/** Section 4: a plan_updated event on the user's socket reloads the plans (and the balance and billing, which may follow). */
export function usePlanUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!getAccessToken()) return;
    const socket = connectNamespace(REALTIME_NAMESPACES.user, () => ({ token: getAccessToken() ?? '' }));
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: plansQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
      void queryClient.invalidateQueries({ queryKey: billingQueryKey });
    };
    socket.on(REALTIME_EVENTS.planUpdated, readAgain);
    // An update before the connection was made, or while it was down, went unheard. The balance and billing are the
    // credit updates' to read again on a connection (the header's), so they are not asked for twice.
    socket.onConnect(() => void queryClient.invalidateQueries({ queryKey: plansQueryKey }));
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
}
