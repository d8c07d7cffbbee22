import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export type CheckoutOutcome = 'success' | 'cancel' | null;

/**
 * The provider's pages send the user back to /settings/billing?checkout=success|cancel: bring the billing section
 * into view and say how the checkout ended.
 */
export function useCheckoutReturn(section: React.RefObject<HTMLElement | null>, ready: boolean): CheckoutOutcome {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const scrolled = useRef(false);
  const onBillingPath = pathname.endsWith('/settings/billing');
  useEffect(() => {
    if (!onBillingPath || !ready || scrolled.current) return;
    scrolled.current = true;
    section.current?.scrollIntoView?.({ block: 'start' });
  }, [onBillingPath, ready, section]);
  const outcome = params.get('checkout');
  return outcome === 'success' || outcome === 'cancel' ? outcome : null;
}
