import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PRICING_PATH } from '@sound-studio/shared';
import { isApiError } from '../../../lib/api/index.ts';
import { useLocalizedPath } from '../../../lib/i18n.ts';

/**
 * Section 8: a 402 INSUFFICIENT_CREDITS goes to details.redirectUrl or /pricing. Returns true when it handled the
 * error, so the caller shows its own message only for the rest.
 */
export function useCreditsRedirect(): (error: unknown) => boolean {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || error.code !== 'INSUFFICIENT_CREDITS') return false;
      const redirect = typeof error.details?.redirectUrl === 'string' && error.details.redirectUrl.startsWith('/') ? error.details.redirectUrl : PRICING_PATH;
      void navigate(localized(redirect));
      return true;
    },
    [localized, navigate],
  );
}
