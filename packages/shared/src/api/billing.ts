import { z } from 'zod';
import { PLAN_TIERS } from '../constants.ts';

/**
 * Subscriptions and the credit cycle (the FAQ's rules): a plan's monthly credits are granted at each cycle start,
 * unused credits roll over for up to 3 cycles (oldest spent first), upgrades apply at once and are prorated,
 * downgrades wait for the next cycle, cancel keeps the plan to the end of the period, 14-day money-back.
 */
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const BILLING_PROVIDERS = ['manual', 'stripe'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** A grant's unspent remainder expires this many cycles after the cycle it was granted in. */
export const CREDIT_ROLLOVER_CYCLES = 3;
/** The money-back window after a payment. */
export const REFUND_WINDOW_DAYS = 14;

/** Plan features the server enforces; a call that needs one the plan lacks gets FEATURE_NOT_IN_PLAN. */
export const GATED_FEATURES = ['musicGeneration', 'voiceCloning', 'voiceIsolator', 'apiAccess', 'commercialLicense'] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

/** details of a FEATURE_NOT_IN_PLAN error: which feature, and where to upgrade. */
export const featureNotInPlanDetailsSchema = z.object({
  feature: z.enum(GATED_FEATURES),
  plan: z.enum(PLAN_TIERS),
  upgradeUrl: z.string(),
});
export type FeatureNotInPlanDetails = z.infer<typeof featureNotInPlanDetailsSchema>;

/** Body of POST /api/billing/checkout: the plan and billing interval the user wants. */
export const checkoutRequestSchema = z.object({
  plan: z.enum(PLAN_TIERS),
  interval: z.enum(BILLING_INTERVALS),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

const isoDate = z.string();

export const subscriptionStatusSchema = z.enum(['active', 'past_due', 'canceled']);

export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_TIERS),
  interval: z.enum(BILLING_INTERVALS),
  status: subscriptionStatusSchema,
  currentPeriodStart: isoDate,
  currentPeriodEnd: isoDate,
  /** Cancelled: the plan runs to currentPeriodEnd, then the account moves to free. */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade (or a move to free after a failed payment) waiting for currentPeriodEnd; cancellable until then. */
  scheduledChange: z
    .object({ plan: z.enum(PLAN_TIERS), interval: z.enum(BILLING_INTERVALS), effectiveAt: isoDate, reason: z.enum(['downgrade', 'payment_failed', 'cancel']) })
    .nullable(),
  /** Until when the last payment can be refunded (14-day money-back); null when nothing is refundable. */
  refundableUntil: isoDate.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A plan change waiting for payment: the operator's approval under `manual`, Stripe Checkout under `stripe`. */
export const pendingChangeSchema = z.object({
  id: z.string(),
  plan: z.enum(PLAN_TIERS),
  interval: z.enum(BILLING_INTERVALS),
  /** What the change costs now, in cents (prorated for an upgrade within the period). */
  amountDueCents: z.number().int(),
  /** Credits granted when it is paid (pro rata for an upgrade within the period). */
  creditsOnPayment: z.number().int(),
  createdAt: isoDate,
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.literal('USD'),
  status: z.enum(['open', 'paid', 'failed', 'refunded', 'void']),
  periodStart: isoDate,
  periodEnd: isoDate,
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Credits in the cycle: what the credits popover and Settings > Billing show. */
export const creditCycleSchema = z.object({
  balance: z.number().int(),
  usedThisCycle: z.number().int(),
  cycleStart: isoDate,
  nextRenewalAt: isoDate,
  nextRenewalCredits: z.number().int(),
  /** Unspent grant remainders and when each lapses, soonest first. */
  expiring: z.array(z.object({ amount: z.number().int(), expiresAt: isoDate })),
});
export type CreditCycle = z.infer<typeof creditCycleSchema>;

/** GET /api/billing. */
export const billingOverviewSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  subscription: subscriptionSchema,
  pendingChange: pendingChangeSchema.nullable(),
  credits: creditCycleSchema,
  invoices: z.array(invoiceSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/**
 * Reply of POST /api/billing/checkout:
 * - `redirect`: go to the provider's page (Stripe Checkout);
 * - `pending`: waiting for the operator (manual billing), shown as a pending request;
 * - `applied`: done at once (nothing to pay, e.g. a scheduled downgrade or a move to free).
 */
export const checkoutReplySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('redirect'), url: z.string() }),
  z.object({ action: z.literal('pending'), billing: billingOverviewSchema }),
  z.object({ action: z.literal('applied'), billing: billingOverviewSchema }),
]);
export type CheckoutReply = z.infer<typeof checkoutReplySchema>;

/** What choosing a plan would do: GET /api/billing/checkout-quote?plan=&interval= (changes nothing). */
export const checkoutQuoteSchema = z.object({
  plan: z.enum(PLAN_TIERS),
  interval: z.enum(BILLING_INTERVALS),
  currentPlan: z.enum(PLAN_TIERS),
  currentInterval: z.enum(BILLING_INTERVALS),
  /** upgrade: prorated, waits for payment; downgrade and cancel: at the period end; same: withdraws a scheduled change. */
  change: z.enum(['same', 'upgrade', 'downgrade', 'cancel']),
  provider: z.enum(BILLING_PROVIDERS),
  /** Due now, in cents (an upgrade's prorated price; 0 otherwise). */
  amountDueCents: z.number().int(),
  /** Credits granted when the upgrade is paid (pro rata for the rest of this cycle; 0 otherwise). */
  creditsNow: z.number().int(),
  /** When the new plan applies: once paid for an upgrade (now), the period end for a downgrade or a cancel. */
  effectiveAt: isoDate,
  /** The plan's regular price per interval, in cents, charged at each renewal. */
  renewalPriceCents: z.number().int(),
  /** Credits each monthly cycle brings on the new plan, and when the first such cycle starts. */
  renewalCredits: z.number().int(),
  renewalAt: isoDate,
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/** Reply of POST /api/billing/portal (Stripe's Customer Portal). */
export const portalReplySchema = z.object({ url: z.string() });
export type PortalReply = z.infer<typeof portalReplySchema>;
