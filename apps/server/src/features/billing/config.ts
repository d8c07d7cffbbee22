import { z } from 'zod';
import { BILLING_PROVIDERS, type BillingProviderName } from '@sound-studio/shared';

export interface BillingConfig {
  /** Who takes payments: `manual` (offline, the operator approves) or `stripe`. */
  provider: BillingProviderName;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** How often the renewal job looks for credit cycles and billing periods that have started. */
  cycleCheckSeconds: number;
}

const schema = z
  .object({
    BILLING_PROVIDER: z.enum(BILLING_PROVIDERS).default('manual'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    BILLING_CYCLE_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  })
  .refine((values) => values.BILLING_PROVIDER !== 'stripe' || Boolean(values.STRIPE_SECRET_KEY), {
    path: ['STRIPE_SECRET_KEY'],
    message: 'is required when BILLING_PROVIDER is stripe',
  })
  .refine((values) => values.BILLING_PROVIDER !== 'stripe' || Boolean(values.STRIPE_WEBHOOK_SECRET), {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required when BILLING_PROVIDER is stripe',
  });

/** Reads the BILLING_* and STRIPE_* variables; problems come back as lines for the configuration error. */
export function billingConfigFrom(env: Record<string, string | undefined>): { config: BillingConfig } | { problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0]);
        const shown = variable.startsWith('STRIPE_') ? '' : ` (got "${env[variable] ?? ''}")`;
        const message = variable === 'BILLING_PROVIDER' ? `must be one of ${BILLING_PROVIDERS.join(', ')}` : issue.message;
        return `  ${variable} ${message}${shown}`;
      }),
    };
  }
  const values = parsed.data;
  return {
    config: {
      provider: values.BILLING_PROVIDER,
      stripeSecretKey: values.STRIPE_SECRET_KEY ?? null,
      stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET ?? null,
      cycleCheckSeconds: values.BILLING_CYCLE_CHECK_SECONDS,
    },
  };
}
