import type { BillingProvider } from './provider.ts';

/**
 * Offline billing (the default): nothing is charged here. A paid change waits as a pending change until the operator
 * approves it (`npm run admin -- subscriptions approve <id>`) and bills by invoice; there are no webhooks and no portal.
 */
export function createManualProvider(): BillingProvider {
  return {
    name: 'manual',
    startCheckout: async () => ({ kind: 'pending' }),
    openPortal: async () => null,
    parseWebhook: () => null,
  };
}
