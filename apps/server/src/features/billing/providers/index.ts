import type { BillingConfig } from '../config.ts';
import { createManualProvider } from './manual.ts';
import type { BillingProvider } from './provider.ts';

/** Extra providers by name, wired where they are built (the Stripe adapter registers itself here when merged). */
export type ProviderFactories = Partial<Record<BillingConfig['provider'], (config: BillingConfig) => BillingProvider>>;

/**
 * The provider BILLING_PROVIDER selects. `manual` is built in; any other provider must be given a factory, so a
 * configuration naming a provider this build lacks stops the start instead of billing nobody.
 */
export function createBillingProvider(config: BillingConfig, factories: ProviderFactories = {}): BillingProvider {
  if (config.provider === 'manual') return createManualProvider();
  const factory = factories[config.provider];
  if (!factory) throw new Error(`BILLING_PROVIDER=${config.provider} is not available in this build`);
  return factory(config);
}
