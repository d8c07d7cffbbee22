import { isApiError } from '../../../lib/api/index.ts';

/**
 * The server's 503 PAYMENT_PROVIDER_UNAVAILABLE: Stripe could not be reached and trying again in a few minutes may
 * work. Worth its own message: the generic "did not go through" would not say that waiting helps.
 */
export function isPaymentProviderUnavailable(error: unknown): boolean {
  return isApiError(error) && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE';
}
