import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_EVENTS, REALTIME_NAMESPACES } from '@sound-studio/shared';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { connectNamespace } from '../../../lib/socket.ts';
import { billingQueryKey } from '../../billing/index.ts';

/**
 * The server sends `credits_changed` on every ledger change of this user (a grant, a plan approval, a spend in another
 * tab or with an API key): the balance and the billing cycle's usage are read again, so the header never needs a reload.
 */
export function useCreditUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!getAccessToken()) return;
    const socket = connectNamespace(REALTIME_NAMESPACES.user, () => ({ token: getAccessToken() ?? '' }));
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
      void queryClient.invalidateQueries({ queryKey: billingQueryKey });
    };
    // A change before the connection was made, or while it was down, sent an event nobody heard.
    socket.on(REALTIME_EVENTS.creditsChanged, readAgain).onConnect(readAgain);
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
}
