import type { BillingConfig } from '../config.ts';
import { createManualProvider } from './manual.ts';
import type { BillingProvider } from './provider.ts';
import { StripeBillingProvider } from './stripe.ts';

/** Provider factories by BILLING_PROVIDER name; tests replace one (a local fake), the app uses the built-in ones. */
export type ProviderFactories = Partial<Record<BillingConfig['provider'], (config: BillingConfig) => BillingProvider>>;

const BUILT_IN: Required<ProviderFactories> = {
  manual: () => createManualProvider(),
  stripe: (config) => {
    // loadConfig refuses BILLING_PROVIDER=stripe without both secrets, so these are set here.
    if (!config.stripeSecretKey || !config.stripeWebhookSecret) throw new Error('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return new StripeBillingProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret });
  },
};

/** The provider BILLING_PROVIDER selects (a given factory first, then the built-in one). */
export function createBillingProvider(config: BillingConfig, factories: ProviderFactories = {}): BillingProvider {
  const factory = factories[config.provider] ?? BUILT_IN[config.provider];
  return factory(config);
}
