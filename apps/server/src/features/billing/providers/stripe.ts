import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { BillingInterval, PlanTier } from '@sound-studio/shared';
import {
  PaymentProviderUnavailableError, WebhookSignatureError, type BillingEvent, type BillingProvider, type CheckoutExpiry, type CheckoutInput, type CheckoutStart, type PortalInput,
  type RefundInput, type SubscriptionPlanChange,
} from './provider.ts';
import { assertSignedRecently, DEFAULT_WEBHOOK_TOLERANCE_SECONDS, idOf, toBillingEvent } from './stripe-webhooks.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the API lives, e.g. a local fake's http://127.0.0.1:PORT; Stripe's own API when absent. */
  apiBase?: string;
  /**
   * Prices created in the Stripe Dashboard, by plan and interval. Without one, Checkout gets an inline `price_data`
   * (the checkout's amount, recurring monthly or yearly), so a studio needs no catalogue in Stripe to start.
   */
  priceIds?: Partial<Record<PlanTier, Partial<Record<BillingInterval, string>>>>;
  /** ISO currency, lower case; our invoices are in US dollars. */
  currency?: string;
  /** Per-request timeout; with one retry a dead API fails the user's request within about twice this. */
  timeoutMs?: number;
  /** Retries of a request that failed on the network or with a 5xx (the SDK reuses the idempotency key). */
  maxNetworkRetries?: number;
  /** How far a webhook's signature time may be from now, either way (Stripe's default, 300 s). */
  webhookToleranceSeconds?: number;
}

/**
 * The SDK's defaults (80 s, several retries with back-off) would keep a user waiting on a dead API for minutes; Stripe
 * answers these calls in well under a second, so 8 s and one retry fail in seconds yet survive a slow moment.
 */
const DEFAULT_TIMEOUT_MS = 8_000;
const DEFAULT_MAX_NETWORK_RETRIES = 1;

const STRIPE_INTERVALS: Record<BillingInterval, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

/**
 * Stripe as the payment provider: Checkout Sessions for new subscriptions, the Customer Portal for changes, and signed
 * webhooks turned into provider-neutral events. Reads the API version the SDK pins (2025-03-31.basil or later shapes:
 * an invoice's subscription under `parent.subscription_details`, billing periods on subscription items).
 */
export class StripeBillingProvider implements BillingProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly priceIds: StripeProviderOptions['priceIds'];
  private readonly currency: string;
  private readonly webhookToleranceSeconds: number;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...apiLocation(options.apiBase),
      appInfo: { name: 'Sound Studio' },
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxNetworkRetries: options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES,
    });
    this.webhookSecret = options.webhookSecret;
    this.priceIds = options.priceIds;
    this.currency = options.currency ?? 'usd';
    this.webhookToleranceSeconds = options.webhookToleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  }

  async startCheckout(input: CheckoutInput): Promise<CheckoutStart> {
    const ids = { userId: input.userId, plan: input.plan, interval: input.interval, pendingChangeId: input.pendingChangeId };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      line_items: [this.lineItem(input)],
      client_reference_id: input.pendingChangeId,
      metadata: ids,
      // The subscription carries the same ids, so its own events can be traced to the user without a lookup.
      subscription_data: { metadata: ids },
      // Stripe takes one or the other: a known customer keeps one customer (and one portal) per user.
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    };
    // A second click on the same pending change reuses its session instead of opening a second subscription; the
    // digest lets a re-priced change get a new session (Stripe refuses a reused key with different parameters).
    const idempotencyKey = `checkout-${input.pendingChangeId}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16)}`;
    const session = await this.call(() => this.stripe.checkout.sessions.create(params, { idempotencyKey }));
    if (!session.url) throw new Error('Stripe created a Checkout Session without a url');
    return { kind: 'redirect', url: session.url, checkoutId: session.id };
  }

  /**
   * Stripe expires only an open session and refuses any other (a 400 whose code it does not document), so after a
   * refusal the session's status is read back: complete means the customer paid first, expired means it is closed.
   */
  async expireCheckout(checkoutId: string): Promise<CheckoutExpiry> {
    try {
      await this.call(() => this.stripe.checkout.sessions.expire(checkoutId));
      return 'expired';
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const session = await this.call(() => this.stripe.checkout.sessions.retrieve(checkoutId));
      if (session.status === 'complete') return 'completed';
      if (session.status === 'expired') return 'expired';
      throw error;
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    // Once per subscription: a retried webhook gets the first answer instead of a refusal to cancel twice.
    await this.call(() => this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-subscription-${subscriptionId}` }));
  }

  async openPortal(input: PortalInput): Promise<{ url: string } | null> {
    // The portal belongs to a Stripe customer; a user who never checked out has none yet.
    if (!input.customerId) return null;
    const customer = input.customerId;
    const session = await this.call(() => this.stripe.billingPortal.sessions.create({ customer, return_url: input.returnUrl }));
    return { url: session.url };
  }

  /**
   * Returns the invoice's payment. Since 2025-03-31.basil an invoice names no payment_intent or charge itself; its
   * payments are Invoice Payment objects, so the paid one is looked up and refunded.
   */
  async refundPayment(input: RefundInput): Promise<void> {
    // An operator-approved change was paid outside Stripe: there is nothing here to return.
    if (!input.providerInvoiceId) return;
    const payment = await this.paidPaymentOf(input.providerInvoiceId);
    const params: Stripe.RefundCreateParams = {
      ...payment,
      amount: input.amountCents,
      reason: 'requested_by_customer',
      metadata: { userId: input.userId, invoiceId: input.providerInvoiceId },
    };
    // One refund per invoice: a retried or repeated request gets the first refund back instead of paying twice.
    await this.call(() => this.stripe.refunds.create(params, { idempotencyKey: `refund-${input.providerInvoiceId}` }));
  }

  async setCancelAtPeriodEnd(input: { subscriptionId: string; cancelAtPeriodEnd: boolean }): Promise<void> {
    // Setting a flag is idempotent by itself. The key is fresh per call, so the SDK's network retries reuse it but a
    // later cancel after a resume is not answered with the earlier reply (Stripe keeps keys for 24 hours).
    const idempotencyKey = `cancel-at-period-end-${input.subscriptionId}-${randomUUID()}`;
    await this.call(() => this.stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: input.cancelAtPeriodEnd }, { idempotencyKey }));
  }

  /**
   * Replaces the subscription's one item price. Stripe's subscription `price_data` takes an existing product id (no
   * product_data, unlike Checkout), so the item's own product is kept. `always_invoice` bills the prorated difference
   * at once; `none` leaves the current period as paid and the next renewal invoice charges the new price. The metadata
   * carries the pending change onto the proration invoice (an empty value removes the key in Stripe).
   */
  async changeSubscriptionPlan(input: SubscriptionPlanChange): Promise<void> {
    const subscription = await this.call(() => this.stripe.subscriptions.retrieve(input.subscriptionId));
    const [item] = subscription.items.data;
    const product = item ? idOf(item.price.product) : null;
    if (!item || !product) throw new Error(`Stripe subscription ${input.subscriptionId} has no priced item to change`);
    const priceId = this.priceIds?.[input.plan]?.[input.interval];
    const price: Stripe.SubscriptionUpdateParams.Item = priceId
      ? { id: item.id, price: priceId }
      : {
          id: item.id,
          price_data: {
            currency: this.currency,
            product,
            unit_amount: input.priceCents,
            recurring: { interval: STRIPE_INTERVALS[input.interval] },
          },
        };
    const params: Stripe.SubscriptionUpdateParams = {
      items: [price],
      proration_behavior: input.prorate ? 'always_invoice' : 'none',
      metadata: { plan: input.plan, interval: input.interval, pendingChangeId: input.pendingChangeId ?? '' },
    };
    // A retry of the same change (same parameters) is answered once; a later different change gets its own key.
    const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
    const idempotencyKey = `plan-change-${input.subscriptionId}-${input.pendingChangeId ?? randomUUID()}-${digest}`;
    await this.call(() => this.stripe.subscriptions.update(input.subscriptionId, params, { idempotencyKey }));
  }

  private async paidPaymentOf(invoiceId: string): Promise<{ payment_intent: string } | { charge: string }> {
    const payments = await this.call(() => this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' }));
    for (const { payment } of payments.data) {
      const paymentIntent = idOf(payment.payment_intent ?? null);
      if (paymentIntent) return { payment_intent: paymentIntent };
      const charge = idOf(payment.charge ?? null);
      if (charge) return { charge };
    }
    // Paid out of band (marked paid in the Dashboard): refusing keeps our records unchanged for the operator to settle.
    throw new Error(`Stripe invoice ${invoiceId} has no paid card payment to refund`);
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent | null {
    if (!signatureHeader) throw new WebhookSignatureError('The webhook has no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, this.webhookToleranceSeconds);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
    }
    assertSignedRecently(signatureHeader, this.webhookToleranceSeconds, Date.now());
    return toBillingEvent(event);
  }

  /** One API call; an outage (network, timeout, Stripe's 5xx) becomes PaymentProviderUnavailableError. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isStripeOutage(error)) throw new PaymentProviderUnavailableError(this.name, error);
      throw error;
    }
  }

  private lineItem(input: CheckoutInput): Stripe.Checkout.SessionCreateParams.LineItem {
    const priceId = this.priceIds?.[input.plan]?.[input.interval];
    if (priceId) return { price: priceId, quantity: 1 };
    return {
      quantity: 1,
      price_data: {
        currency: this.currency,
        unit_amount: input.amountDueCents,
        recurring: { interval: STRIPE_INTERVALS[input.interval] },
        product_data: { name: `Sound Studio ${capitalise(input.plan)} (${input.interval})` },
      },
    };
  }
}

/**
 * Stripe is down or out of reach: no connection, a timeout (both StripeConnectionError once the retries are spent), or
 * an error on its side (api_error, any 5xx). A 4xx is Stripe refusing this request (a card, a parameter, a key): that
 * is not fixed by waiting and stays an error of its own.
 */
export function isStripeOutage(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) return true;
  return error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500;
}

/** The SDK's host/port/protocol options for a base URL such as http://127.0.0.1:12111. */
function apiLocation(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
