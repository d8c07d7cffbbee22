import type { BillingInterval, BillingProviderName, PlanTier } from '@sound-studio/shared';
import { AppError } from '../../../lib/errors.ts';

/**
 * What the billing service needs from a payment provider. `manual` (the offline default) takes no money itself: a
 * checkout becomes a pending change the operator approves (`npm run admin -- subscriptions approve <id>`). `stripe`
 * sends the user to Checkout / the Customer Portal and reports payments back through signed webhooks, which the
 * provider turns into the provider-neutral events below so the service never sees a Stripe type.
 */
export interface BillingProvider {
  readonly name: BillingProviderName;
  /** Starts paying for a pending change: a page to send the user to, or nothing (the operator confirms it). */
  startCheckout(input: CheckoutInput): Promise<CheckoutStart>;
  /** A page where the user manages payment details and invoices; null when the provider has none (manual). */
  openPortal(input: PortalInput): Promise<{ url: string } | null>;
  /**
   * Verifies a webhook delivery's signature and parses it; throws WebhookSignatureError when it does not verify and
   * WebhookPayloadError when it verifies but is not in the shape the provider reads.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent | null;
  /**
   * Optional: returns a payment (the 14-day money-back). Without it (manual) the operator refunds offline; the
   * account is still moved to free and the credits reversed.
   */
  refundPayment?(input: RefundInput): Promise<void>;
  /** Optional: tells the provider a cancel was made or withdrawn here, so it stops (or resumes) renewing. */
  setCancelAtPeriodEnd?(input: { subscriptionId: string; cancelAtPeriodEnd: boolean }): Promise<void>;
  /**
   * Optional: moves a running provider subscription to another plan's full recurring price. `prorate` bills the rest of
   * the period at once (an upgrade, reported back as invoice.paid carrying `pendingChangeId`); without it nothing is
   * billed now and the next renewal charges the new price (a downgrade). Without this method a plan paid by a provider
   * subscription cannot be changed here.
   */
  changeSubscriptionPlan?(input: SubscriptionPlanChange): Promise<void>;
  /**
   * Optional: closes the checkout page of a withdrawn or replaced change so it can no longer be paid. 'expired' also
   * when the page had run out by itself; 'completed' when the payment went through first (its webhook applies it).
   * Without this method (manual) there is no page to close.
   */
  expireCheckout?(checkoutId: string): Promise<CheckoutExpiry>;
  /** Optional: ends a provider subscription at once, billing nothing more (a late payment that was refunded). */
  cancelSubscription?(subscriptionId: string): Promise<void>;
}

export type CheckoutExpiry = 'expired' | 'completed';

export interface SubscriptionPlanChange {
  subscriptionId: string;
  plan: PlanTier;
  interval: BillingInterval;
  /** The new plan's full recurring price per interval, not the prorated amount. */
  priceCents: number;
  /** Our pending change the proration invoice pays for; null when nothing is paid now (it is cleared). */
  pendingChangeId: string | null;
  prorate: boolean;
}

export interface RefundInput {
  userId: string;
  /** The provider's invoice id when the payment came through the provider; null for an operator-approved change. */
  providerInvoiceId: string | null;
  amountCents: number;
}

export interface CheckoutInput {
  userId: string;
  email: string;
  /** Our pending change id, echoed back by the provider (Stripe: client_reference_id / metadata). */
  pendingChangeId: string;
  plan: PlanTier;
  interval: BillingInterval;
  amountDueCents: number;
  /** The provider's customer id if this user already has one. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** `checkoutId`: the provider's id of the page (Stripe: the Checkout Session), kept so the page can be expired. */
export type CheckoutStart = { kind: 'redirect'; url: string; checkoutId?: string } | { kind: 'pending' };

export interface PortalInput {
  userId: string;
  customerId: string | null;
  returnUrl: string;
}

/** Provider-neutral payment events; `id` is the provider's event id, handled at most once. */
export type BillingEvent =
  | {
      id: string; type: 'checkout.completed'; pendingChangeId: string; customerId: string | null; subscriptionId: string | null;
      /** The invoice the checkout paid and its amount (Stripe: the session's invoice and amount_total), to refund it. */
      invoiceId: string | null; amountCents: number | null;
    }
  | {
      id: string; type: 'invoice.paid'; subscriptionId: string; amountCents: number; periodStart: Date; periodEnd: Date; invoiceId: string;
      /**
       * The pending change the subscription was opened for, and its customer, when the provider tells (Stripe: the
       * subscription's metadata as copied onto the invoice): lets a first invoice that arrives before
       * checkout.completed still find its user.
       */
      pendingChangeId?: string | null; customerId?: string | null;
    }
  | { id: string; type: 'invoice.payment_failed'; subscriptionId: string; invoiceId: string }
  | { id: string; type: 'subscription.updated'; subscriptionId: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date }
  | { id: string; type: 'subscription.deleted'; subscriptionId: string };

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature does not match') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * A webhook whose signature verified but whose payload is not in the shape the provider reads (a missing or mistyped
 * field, an API version too old to read): refused with 400 and logged, and it changes nothing.
 */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/**
 * The provider could not be reached, timed out or failed on its side (a 5xx): 503 PAYMENT_PROVIDER_UNAVAILABLE. A
 * refusal on its merits (a declined card, an invalid request) is not an outage and keeps its own error. The service
 * calls the provider before it changes its own records, so after this error a retry starts from the same state.
 */
export class PaymentProviderUnavailableError extends AppError {
  override name = 'PaymentProviderUnavailableError';

  constructor(provider: BillingProviderName, cause: unknown) {
    super('PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider (${providerLabel(provider)}) cannot be reached right now. Please try again in a few minutes.`, {
      provider,
    });
    this.cause = cause;
  }
}

function providerLabel(provider: BillingProviderName): string {
  return provider === 'stripe' ? 'Stripe' : provider;
}
