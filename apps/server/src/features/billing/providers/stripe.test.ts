import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripeServer, type FakeStripeServer } from '../../../../test/stripe/fake-stripe.ts';
import { PaymentProviderUnavailableError, WebhookPayloadError, WebhookSignatureError, type CheckoutInput } from './provider.ts';
import { StripeBillingProvider } from './stripe.ts';

// Values below are the documented examples' (stripe-fixtures/events/*.json), written out so a wrong mapping shows.
const DOC_CUSTOMER = 'cus_QzHq8K1rAbCdEf';
const DOC_SUBSCRIPTION = 'sub_1Q9BtALkdIwHu7ixW2tAq1mK';
const DOC_PERIOD_START = new Date(1729000000 * 1000);
const DOC_PERIOD_END = new Date(1731678400 * 1000);

let fake: FakeStripeServer;
let provider: StripeBillingProvider;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  provider = new StripeBillingProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

function checkoutInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    userId: 'user-7',
    email: 'jenny@example.com',
    pendingChangeId: 'pc-42',
    plan: 'creator',
    interval: 'monthly',
    amountDueCents: 2200,
    customerId: null,
    successUrl: 'https://studio.example/settings/billing?checkout=done',
    cancelUrl: 'https://studio.example/pricing',
    ...overrides,
  };
}

function onlyRequest(): FakeStripeServer['requests'][number] {
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0] as FakeStripeServer['requests'][number];
}

describe('StripeBillingProvider.startCheckout', () => {
  it('creates a subscription Checkout Session for the pending change and redirects to its url', async () => {
    const start = await provider.startCheckout(checkoutInput());

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers['idempotency-key']).toMatch(/^checkout-pc-42-[0-9a-f]{16}$/);
    expect(request.form).toEqual({
      mode: 'subscription',
      client_reference_id: 'pc-42',
      customer_email: 'jenny@example.com',
      metadata: { userId: 'user-7', plan: 'creator', interval: 'monthly', pendingChangeId: 'pc-42' },
      subscription_data: { metadata: { userId: 'user-7', plan: 'creator', interval: 'monthly', pendingChangeId: 'pc-42' } },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '2200', recurring: { interval: 'month' }, product_data: { name: 'Sound Studio Creator (monthly)' } } }],
      success_url: 'https://studio.example/settings/billing?checkout=done',
      cancel_url: 'https://studio.example/pricing',
    });
    const [session] = [...fake.checkoutSessions.values()];
    expect(session?.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(start).toEqual({ kind: 'redirect', url: session?.url, checkoutId: session?.id });
  });

  it('reuses a known customer (and sends no email then) and bills yearly by the year', async () => {
    await provider.startCheckout(checkoutInput({ customerId: 'cus_known', interval: 'yearly', amountDueCents: 21120 }));

    const { form } = onlyRequest();
    expect(form.customer).toBe('cus_known');
    expect(form.customer_email).toBeUndefined();
    expect(form.line_items).toEqual([{ quantity: '1', price_data: { currency: 'usd', unit_amount: '21120', recurring: { interval: 'year' }, product_data: { name: 'Sound Studio Creator (yearly)' } } }]);
  });

  it('reuses the session for a repeated click on the same change, and opens a new one when it is re-priced', async () => {
    const first = await provider.startCheckout(checkoutInput());
    const again = await provider.startCheckout(checkoutInput());
    const repriced = await provider.startCheckout(checkoutInput({ amountDueCents: 1900 }));

    expect(again).toEqual(first);
    expect(repriced).not.toEqual(first);
  });

  it('uses a configured Dashboard price for the plan and interval instead of inline price data', async () => {
    const priced = new StripeBillingProvider({
      secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl, priceIds: { creator: { monthly: 'price_creator_month' } },
    });
    await priced.startCheckout(checkoutInput());

    expect(onlyRequest().form.line_items).toEqual([{ price: 'price_creator_month', quantity: '1' }]);
  });

  it('fails loudly when Stripe refuses the request (wrong key)', async () => {
    const wrongKey = new StripeBillingProvider({ secretKey: 'sk_test_wrong', webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl });
    await expect(wrongKey.startCheckout(checkoutInput())).rejects.toThrow(/Invalid API Key/);
  });
});

describe('StripeBillingProvider.openPortal', () => {
  it('opens a Customer Portal session for the customer and returns its url', async () => {
    const portal = await provider.openPortal({ userId: 'user-7', customerId: DOC_CUSTOMER, returnUrl: 'https://studio.example/settings/billing' });

    const request = onlyRequest();
    expect(request.path).toBe('/v1/billing_portal/sessions');
    expect(request.form).toEqual({ customer: DOC_CUSTOMER, return_url: 'https://studio.example/settings/billing' });
    expect(portal?.url).toMatch(/^https:\/\/billing\.stripe\.com\/session\//);
  });

  it('has no portal for a user without a Stripe customer, and asks Stripe nothing', async () => {
    expect(await provider.openPortal({ userId: 'user-7', customerId: null, returnUrl: 'https://studio.example/settings/billing' })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('StripeBillingProvider.setCancelAtPeriodEnd', () => {
  it('sets cancel_at_period_end on the subscription, and clears it on a resume', async () => {
    await provider.setCancelAtPeriodEnd({ subscriptionId: DOC_SUBSCRIPTION, cancelAtPeriodEnd: true });
    await provider.setCancelAtPeriodEnd({ subscriptionId: DOC_SUBSCRIPTION, cancelAtPeriodEnd: false });

    expect(fake.requests.map((request) => [request.method, request.path, request.form])).toEqual([
      ['POST', `/v1/subscriptions/${DOC_SUBSCRIPTION}`, { cancel_at_period_end: 'true' }],
      ['POST', `/v1/subscriptions/${DOC_SUBSCRIPTION}`, { cancel_at_period_end: 'false' }],
    ]);
  });

  it('sends a fresh idempotency key each time, so a cancel after a resume is not answered with the first reply', async () => {
    await provider.setCancelAtPeriodEnd({ subscriptionId: DOC_SUBSCRIPTION, cancelAtPeriodEnd: true });
    await provider.setCancelAtPeriodEnd({ subscriptionId: DOC_SUBSCRIPTION, cancelAtPeriodEnd: true });

    const keys = fake.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(new RegExp(`^cancel-at-period-end-${DOC_SUBSCRIPTION}-`));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('fails loudly when Stripe does not know the subscription', async () => {
    await expect(provider.setCancelAtPeriodEnd({ subscriptionId: 'not_a_subscription', cancelAtPeriodEnd: true })).rejects.toThrow(/No such subscription/);
  });
});

describe('StripeBillingProvider.refundPayment', () => {
  it("finds the invoice's paid payment and refunds its PaymentIntent, once per invoice", async () => {
    const paymentIntent = fake.payInvoice('in_refund_1', 2200);

    await provider.refundPayment({ userId: 'user-7', providerInvoiceId: 'in_refund_1', amountCents: 2200 });
    await provider.refundPayment({ userId: 'user-7', providerInvoiceId: 'in_refund_1', amountCents: 2200 });

    const [lookup, refund] = fake.requests;
    expect([lookup?.method, lookup?.path, lookup?.form]).toEqual(['GET', '/v1/invoice_payments', { invoice: 'in_refund_1', status: 'paid' }]);
    expect([refund?.method, refund?.path, refund?.form]).toEqual(['POST', '/v1/refunds', {
      payment_intent: paymentIntent, amount: '2200', reason: 'requested_by_customer', metadata: { userId: 'user-7', invoiceId: 'in_refund_1' },
    }]);
    expect(refund?.headers['idempotency-key']).toBe('refund-in_refund_1');
    // The repeated call reuses the key: Stripe answers with the first refund instead of paying back twice.
    expect(fake.refunds).toHaveLength(1);
  });

  it('refuses (leaving our records alone) when the invoice has no paid payment in Stripe', async () => {
    await expect(provider.refundPayment({ userId: 'user-7', providerInvoiceId: 'in_paid_out_of_band', amountCents: 2200 })).rejects.toThrow(/no paid card payment/);
    expect(fake.requests.map((request) => request.path)).toEqual(['/v1/invoice_payments']);
  });

  it('fails loudly when Stripe refuses the refund (more than was paid)', async () => {
    fake.payInvoice('in_refund_small', 500);
    await expect(provider.refundPayment({ userId: 'user-7', providerInvoiceId: 'in_refund_small', amountCents: 2200 })).rejects.toThrow(/greater than unrefunded amount/);
  });

  it('asks Stripe nothing for a change paid outside Stripe (operator-approved, no invoice id)', async () => {
    await provider.refundPayment({ userId: 'user-7', providerInvoiceId: null, amountCents: 2200 });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('StripeBillingProvider.expireCheckout', () => {
  async function openSession(pendingChangeId: string): Promise<string> {
    const start = await provider.startCheckout(checkoutInput({ pendingChangeId }));
    if (start.kind !== 'redirect' || !start.checkoutId) throw new Error('expected a Checkout Session');
    fake.requests.length = 0;
    return start.checkoutId;
  }

  it('expires an open session, so the customer can no longer pay it', async () => {
    const sessionId = await openSession('pc-expire-open');
    expect(await provider.expireCheckout(sessionId)).toBe('expired');
    expect(onlyRequest()).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${sessionId}/expire`, form: {} });
    expect(() => fake.completeCheckout(sessionId, { subscriptionId: 'sub_too_late' })).toThrow();
  });

  it('answers completed for a session paid first: Stripe refuses to expire it and the session reads complete', async () => {
    const sessionId = await openSession('pc-expire-paid');
    fake.completeCheckout(sessionId, { subscriptionId: 'sub_paid_first' });
    expect(await provider.expireCheckout(sessionId)).toBe('completed');
    expect(fake.requests.map((request) => [request.method, request.path])).toEqual([
      ['POST', `/v1/checkout/sessions/${sessionId}/expire`],
      ['GET', `/v1/checkout/sessions/${sessionId}`],
    ]);
  });

  it('answers expired for a session already expired, and fails loudly for one Stripe does not know', async () => {
    const sessionId = await openSession('pc-expire-twice');
    await provider.expireCheckout(sessionId);
    expect(await provider.expireCheckout(sessionId)).toBe('expired');
    await expect(provider.expireCheckout('cs_test_unknown')).rejects.toThrow(/No such checkout.session/);
  });
});

describe('StripeBillingProvider.cancelSubscription', () => {
  it('cancels the subscription at once, once however often it is asked', async () => {
    await provider.cancelSubscription('sub_cancel_now');
    await provider.cancelSubscription('sub_cancel_now');
    expect(fake.requests.map((request) => [request.method, request.path, request.headers['idempotency-key']])).toEqual([
      ['DELETE', '/v1/subscriptions/sub_cancel_now', 'cancel-subscription-sub_cancel_now'],
      ['DELETE', '/v1/subscriptions/sub_cancel_now', 'cancel-subscription-sub_cancel_now'],
    ]);
    expect(fake.canceledSubscriptions).toEqual(['sub_cancel_now']);
  });
});

describe('StripeBillingProvider when Stripe is out of reach', () => {
  const unavailable = { code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 503, details: { provider: 'stripe' } };
  /** Every call that reaches Stripe, with inputs that succeed when Stripe answers. */
  const calls: Array<[string, () => Promise<unknown>]> = [
    ['startCheckout', () => provider.startCheckout(checkoutInput())],
    ['openPortal', () => provider.openPortal({ userId: 'user-7', customerId: DOC_CUSTOMER, returnUrl: 'https://studio.example/settings/billing' })],
    ['setCancelAtPeriodEnd', () => provider.setCancelAtPeriodEnd({ subscriptionId: DOC_SUBSCRIPTION, cancelAtPeriodEnd: true })],
    ['changeSubscriptionPlan', () => provider.changeSubscriptionPlan({ subscriptionId: DOC_SUBSCRIPTION, plan: 'pro', interval: 'monthly', priceCents: 9900, pendingChangeId: 'pc-43', prorate: true })],
    ['refundPayment', () => provider.refundPayment({ userId: 'user-7', providerInvoiceId: 'in_outage', amountCents: 2200 })],
  ];

  beforeAll(() => {
    fake.payInvoice('in_outage', 2200);
  });
  afterEach(async () => {
    fake.setOutage(null);
    await fake.comeBack().catch(() => undefined);
  });

  it('reports a refused connection as PAYMENT_PROVIDER_UNAVAILABLE for every call, and the same calls work once Stripe is back', async () => {
    await fake.goOffline();
    for (const [name, call] of calls) await expect(call(), name).rejects.toMatchObject(unavailable);
    await fake.comeBack();
    for (const [name, call] of calls) await expect(call(), name).resolves.not.toThrow();
  });

  it.each([500, 502, 503])("reports Stripe's %i as PAYMENT_PROVIDER_UNAVAILABLE after one retry", async (status) => {
    fake.setOutage(status);
    for (const [name, call] of calls) await expect(call(), name).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    fake.requests.length = 0;
    await expect(provider.startCheckout(checkoutInput())).rejects.toMatchObject(unavailable);
    // One try and one retry, not the SDK's default of several with growing back-off.
    expect(fake.requests.map((request) => request.path)).toEqual(['/v1/checkout/sessions', '/v1/checkout/sessions']);
  });

  it('gives up on a request Stripe never answers once the timeout passes', async () => {
    const impatient = new StripeBillingProvider({
      secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl, timeoutMs: 200, maxNetworkRetries: 0,
    });
    fake.setOutage('hang');
    await expect(impatient.startCheckout(checkoutInput())).rejects.toMatchObject(unavailable);
  });

  it("keeps Stripe's refusals on their merits (a wrong key, an unknown subscription) as they are: they are not outages", async () => {
    const wrongKey = new StripeBillingProvider({ secretKey: 'sk_test_wrong', webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl });
    const refusals = [
      wrongKey.startCheckout(checkoutInput()),
      provider.setCancelAtPeriodEnd({ subscriptionId: 'not_a_subscription', cancelAtPeriodEnd: true }),
    ];
    for (const refusal of refusals) {
      const error: unknown = await refusal.then(() => null, (reason: unknown) => reason);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(PaymentProviderUnavailableError);
    }
  });
});

describe('StripeBillingProvider.parseWebhook', () => {
  function parse(delivery: { payload: string; signatureHeader: string }): ReturnType<StripeBillingProvider['parseWebhook']> {
    return provider.parseWebhook(Buffer.from(delivery.payload, 'utf8'), delivery.signatureHeader);
  }

  it('maps checkout.session.completed to the pending change, customer, subscription and the invoice it paid', () => {
    const delivery = fake.webhook('checkout.session.completed', { 'data.object.client_reference_id': 'pc-42' });
    expect(parse(delivery)).toEqual({
      id: delivery.event.id, type: 'checkout.completed', pendingChangeId: 'pc-42', customerId: DOC_CUSTOMER, subscriptionId: DOC_SUBSCRIPTION,
      // The documented session's first invoice and amount (events/checkout.session.completed.json).
      invoiceId: 'in_1Q9BtALkdIwHu7ixGq2zYbXk', amountCents: 2200,
    });
  });

  it('ignores a completed Checkout Session that is not ours (no client_reference_id)', () => {
    expect(parse(fake.webhook('checkout.session.completed', { 'data.object.client_reference_id': null }))).toBeNull();
  });

  it('maps invoice.paid to the amount and the service period of its subscription lines', () => {
    const delivery = fake.webhook('invoice.paid');
    expect(parse(delivery)).toEqual({
      id: delivery.event.id, type: 'invoice.paid', subscriptionId: DOC_SUBSCRIPTION, amountCents: 2200,
      periodStart: DOC_PERIOD_START, periodEnd: DOC_PERIOD_END, invoiceId: 'in_1Q9BtALkdIwHu7ixGq2zYbXk', pendingChangeId: null, customerId: DOC_CUSTOMER,
    });
  });

  it("reads our pending change from the subscription metadata Stripe copies onto the invoice (for a first invoice that beats checkout.completed)", () => {
    const delivery = fake.webhook('invoice.paid', { 'data.object.parent.subscription_details.metadata': { pendingChangeId: 'pc-42', userId: 'user-7' } });
    expect(parse(delivery)).toMatchObject({ type: 'invoice.paid', pendingChangeId: 'pc-42', customerId: DOC_CUSTOMER });
  });

  it('ignores a paid invoice that belongs to no subscription', () => {
    expect(parse(fake.webhook('invoice.paid', { 'data.object.parent': null }))).toBeNull();
  });

  it('maps invoice.payment_failed to the subscription and invoice', () => {
    const delivery = fake.webhook('invoice.payment_failed');
    expect(parse(delivery)).toEqual({ id: delivery.event.id, type: 'invoice.payment_failed', subscriptionId: DOC_SUBSCRIPTION, invoiceId: 'in_1QB7kMLkdIwHu7ixT0pNq9Vd' });
  });

  it('maps customer.subscription.updated to cancel-at-period-end and the period end of its items', () => {
    const delivery = fake.webhook('customer.subscription.updated');
    expect(parse(delivery)).toEqual({ id: delivery.event.id, type: 'subscription.updated', subscriptionId: DOC_SUBSCRIPTION, cancelAtPeriodEnd: true, currentPeriodEnd: DOC_PERIOD_END });
  });

  it('reports a resumed subscription (both cancel fields cleared) as not cancelling', () => {
    const resumed = fake.webhook('customer.subscription.updated', { 'data.object.cancel_at_period_end': false, 'data.object.cancel_at': null });
    expect(parse(resumed)).toMatchObject({ type: 'subscription.updated', cancelAtPeriodEnd: false });
  });

  it('maps customer.subscription.deleted to the subscription', () => {
    const delivery = fake.webhook('customer.subscription.deleted');
    expect(parse(delivery)).toEqual({ id: delivery.event.id, type: 'subscription.deleted', subscriptionId: DOC_SUBSCRIPTION });
  });

  it('returns null for event types it does not handle', () => {
    expect(parse(fake.webhook('customer.created'))).toBeNull();
  });

  it('fails (so Stripe retries) on an endpoint whose API version predates the shapes it reads, rather than dropping a payment', () => {
    const old = fake.webhook('invoice.paid', { api_version: '2024-06-20' });
    expect(() => parse(old)).toThrow(/API version 2024-06-20/);
    expect(() => parse(old)).not.toThrow(WebhookSignatureError);
  });

  it('keeps the event id on a replay and on Stripe re-signing a retry, so the service can handle it once', () => {
    const delivery = fake.webhook('invoice.paid');
    const retry = fake.redeliver(delivery, { timestamp: Math.floor(Date.now() / 1000) + 5 });
    const ids = [parse(delivery), parse(delivery), parse(retry)].map((event) => event?.id);
    expect(ids).toEqual([delivery.event.id, delivery.event.id, delivery.event.id]);
  });

  it('refuses a delivery signed with another secret (a forgery)', () => {
    const forged = fake.webhook('invoice.paid', {}, { secret: 'whsec_not_the_endpoints' });
    expect(() => parse(forged)).toThrow(WebhookSignatureError);
  });

  it('refuses a delivery signed outside the five-minute tolerance (a stale replay)', () => {
    const stale = fake.webhook('invoice.paid', {}, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => parse(stale)).toThrow(WebhookSignatureError);
  });

  it('refuses a delivery signed ten minutes in the future: the tolerance applies both ways', () => {
    const ahead = fake.webhook('invoice.paid', {}, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect(() => parse(ahead)).toThrow(WebhookSignatureError);
  });

  it('accepts a delivery signed four minutes ago or four minutes ahead (clocks drift; the default tolerance is 300 s)', () => {
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 240, now + 240]) {
      expect(parse(fake.webhook('invoice.paid', {}, { timestamp }))).toMatchObject({ type: 'invoice.paid' });
    }
  });

  it('refuses a configured tolerance exceeded either way', () => {
    const strict = new StripeBillingProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl, webhookToleranceSeconds: 60 });
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 120, now + 120]) {
      const delivery = fake.webhook('invoice.paid', {}, { timestamp });
      expect(() => strict.parseWebhook(Buffer.from(delivery.payload, 'utf8'), delivery.signatureHeader)).toThrow(WebhookSignatureError);
    }
  });

  it('refuses a body changed after signing', () => {
    const delivery = fake.webhook('invoice.paid');
    const tampered = { ...delivery, payload: delivery.payload.replace('"amount_paid": 2200', '"amount_paid": 220000') };
    expect(tampered.payload).not.toBe(delivery.payload);
    expect(() => parse(tampered)).toThrow(WebhookSignatureError);
  });

  it('refuses a delivery without a signature header, or with a malformed one', () => {
    const delivery = fake.webhook('invoice.paid');
    expect(() => provider.parseWebhook(Buffer.from(delivery.payload), undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(delivery.payload), 'garbage')).toThrow(WebhookSignatureError);
  });

  describe('a correctly signed event in a shape we do not read', () => {
    /** A documented event changed by `mutate` (the parsed JSON), then signed as Stripe would sign it. */
    function signedVariant(type: Parameters<FakeStripeServer['webhook']>[0], mutate: (event: { [key: string]: unknown }) => void) {
      const event = JSON.parse(fake.webhook(type).payload) as { [key: string]: unknown };
      mutate(event);
      const payload = JSON.stringify(event);
      return { payload, signatureHeader: fake.sign(payload) };
    }
    const objectOf = (event: { [key: string]: unknown }) => (event.data as { object: { [key: string]: unknown } }).object;
    const invoiceParentOf = (event: { [key: string]: unknown }) =>
      (objectOf(event).parent as { subscription_details: { [key: string]: unknown } }).subscription_details;

    it.each([
      ['an invoice.paid without data.object', () => signedVariant('invoice.paid', (event) => { event.data = {}; })],
      ['a checkout.session.completed whose data.object is a string', () => signedVariant('checkout.session.completed', (event) => { event.data = { object: 'cs_test_1' }; })],
      ['an invoice.paid without lines', () => signedVariant('invoice.paid', (event) => { delete objectOf(event).lines; })],
      ['an invoice.paid without amount_paid', () => signedVariant('invoice.paid', (event) => { delete objectOf(event).amount_paid; })],
      ['an invoice.paid whose amount_paid is a string', () => signedVariant('invoice.paid', (event) => { objectOf(event).amount_paid = '2200'; })],
      ['an invoice.paid whose subscription id is a number', () => signedVariant('invoice.paid', (event) => { invoiceParentOf(event).subscription = 12345; })],
      ['a customer.subscription.updated whose id is a number', () => signedVariant('customer.subscription.updated', (event) => { objectOf(event).id = 12345; })],
      ['a customer.subscription.deleted without an id', () => signedVariant('customer.subscription.deleted', (event) => { delete objectOf(event).id; })],
      ['an invoice.paid whose metadata is a string', () => signedVariant('invoice.paid', (event) => { invoiceParentOf(event).metadata = 'pc-42'; })],
      ['an invoice.payment_failed whose metadata values are numbers', () => signedVariant('invoice.payment_failed', (event) => { invoiceParentOf(event).metadata = { pendingChangeId: 42 }; })],
      ['an event on the old API version 2024-06-20', () => signedVariant('invoice.paid', (event) => { event.api_version = '2024-06-20'; })],
      ['an event on an API version that is no date', () => signedVariant('invoice.paid', (event) => { event.api_version = 'latest'; })],
    ])('refuses %s as an unreadable payload, not a bad signature', (_name, delivery) => {
      const unreadable = delivery();
      expect(() => parse(unreadable)).toThrow(WebhookPayloadError);
    });

    it('still acknowledges (null) an event type it does not handle, whatever its object', () => {
      expect(parse(signedVariant('customer.created', (event) => { event.data = { object: { id: 42 } }; }))).toBeNull();
    });
  });
});
