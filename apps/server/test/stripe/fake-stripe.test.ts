import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripeServer, type FakeStripeServer } from './fake-stripe.ts';
import {
  BILLING_PORTAL_SESSIONS_FIXTURE, CHECKOUT_SESSIONS_FIXTURE, ERRORS_FIXTURE, EVENT_TYPES, eventFixture, INVOICE_PAYMENTS_FIXTURE, REFUNDS_FIXTURE, SUBSCRIPTIONS_UPDATE_FIXTURE, WEBHOOKS_FIXTURE,
} from './stripe-fixtures.ts';

// The fake must be able to fail: these check it against the documented examples and refuse what Stripe refuses.
let fake: FakeStripeServer;

beforeAll(async () => {
  fake = await startFakeStripeServer();
});
afterAll(() => fake.close());

function post(path: string, body: string, key = fake.secretKey): Promise<Response> {
  return fetch(`${fake.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
}

async function errorOf(response: Response): Promise<{ code?: string; param?: string; type: string; message: string }> {
  return ((await response.json()) as { error: { code?: string; param?: string; type: string; message: string } }).error;
}

describe('fake Stripe API', () => {
  it('accepts the documented request examples and answers in the documented object shapes', async () => {
    const checkout = await post('/v1/checkout/sessions', CHECKOUT_SESSIONS_FIXTURE.request.example);
    expect(checkout.status).toBe(200);
    const session = (await checkout.json()) as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual(Object.keys(CHECKOUT_SESSIONS_FIXTURE.reply.example).sort());
    expect(session.object).toBe('checkout.session');

    const portal = await post('/v1/billing_portal/sessions', BILLING_PORTAL_SESSIONS_FIXTURE.request.example);
    expect(portal.status).toBe(200);
    expect(await portal.json()).toMatchObject({ object: 'billing_portal.session', customer: 'cus_NciAYcXfLnqBoz', return_url: 'https://example.com/account' });
  });

  it('accepts the documented subscription update, refund and invoice payments examples, in their documented shapes', async () => {
    const subscription = await post('/v1/subscriptions/sub_1MowQVLkdIwHu7ixeRlqHVzs', SUBSCRIPTIONS_UPDATE_FIXTURE.request.example);
    expect(subscription.status).toBe(200);
    expect(await subscription.json()).toMatchObject({ id: 'sub_1MowQVLkdIwHu7ixeRlqHVzs', object: 'subscription', metadata: { order_id: '6735' } });

    const refund = await post('/v1/refunds', REFUNDS_FIXTURE.request.example);
    expect(refund.status).toBe(200);
    const refunded = (await refund.json()) as Record<string, unknown>;
    expect(Object.keys(refunded).sort()).toEqual(Object.keys(REFUNDS_FIXTURE.reply.example).sort());
    expect(refunded).toMatchObject({ object: 'refund', charge: 'ch_1NirD82eZvKYlo2CIvbtLWuY', status: 'succeeded' });

    const paymentIntent = fake.payInvoice('in_103Q0w2eZvKYlo2C5PYwf6Wf', 2000);
    const list = await fetch(`${fake.baseUrl}/v1/invoice_payments?${INVOICE_PAYMENTS_FIXTURE.request.example}`, { headers: { Authorization: `Bearer ${fake.secretKey}` } });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ object: 'list', data: [{ object: 'invoice_payment', invoice: 'in_103Q0w2eZvKYlo2C5PYwf6Wf', status: 'paid', payment: { type: 'payment_intent', payment_intent: paymentIntent } }] });
  });

  it('refuses undocumented or conflicting parameters and unknown ids on the subscription, refund and invoice payment endpoints', async () => {
    const unknownParam = await post('/v1/subscriptions/sub_1', 'cancel_at_end=true');
    expect(await errorOf(unknownParam)).toMatchObject({ code: 'parameter_unknown', param: 'cancel_at_end' });
    const notBoolean = await post('/v1/subscriptions/sub_1', 'cancel_at_period_end=yes');
    expect(await errorOf(notBoolean)).toMatchObject({ param: 'cancel_at_period_end' });
    const both = await post('/v1/subscriptions/sub_1', 'cancel_at_period_end=true&cancel_at=1731678400');
    expect((await errorOf(both)).message).toMatch(/only specify one of these parameters: cancel_at, cancel_at_period_end/);
    const notSubscription = await post('/v1/subscriptions/cus_1', 'cancel_at_period_end=true');
    expect(notSubscription.status).toBe(404);

    const unknownIntent = await post('/v1/refunds', 'payment_intent=pi_never_paid');
    expect(unknownIntent.status).toBe(404);
    expect(await errorOf(unknownIntent)).toMatchObject({ code: 'resource_missing', param: 'payment_intent' });
    const refundInvoice = await post('/v1/refunds', 'invoice=in_1');
    expect(await errorOf(refundInvoice)).toMatchObject({ code: 'parameter_unknown', param: 'invoice' });
    const nothingToRefund = await post('/v1/refunds', 'amount=100');
    expect(await errorOf(nothingToRefund)).toMatchObject({ code: 'parameter_missing' });

    const badStatus = await fetch(`${fake.baseUrl}/v1/invoice_payments?invoice=in_1&status=succeeded`, { headers: { Authorization: `Bearer ${fake.secretKey}` } });
    expect(await errorOf(badStatus)).toMatchObject({ param: 'status' });
  });

  it('expires an open Checkout Session, which then cannot be paid, and refuses to expire one that is not open (400, the error shape)', async () => {
    const created = (await (await post('/v1/checkout/sessions', CHECKOUT_SESSIONS_FIXTURE.request.example)).json()) as { id: string };
    const expired = await post(`/v1/checkout/sessions/${created.id}/expire`, '');
    expect(expired.status).toBe(200);
    const session = (await expired.json()) as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual(Object.keys(CHECKOUT_SESSIONS_FIXTURE.reply.example).sort());
    expect(session).toMatchObject({ id: created.id, object: 'checkout.session', status: 'expired', url: null });
    expect(() => fake.completeCheckout(created.id, { subscriptionId: 'sub_never' })).toThrow(/expired and cannot be paid/);

    const paid = (await (await post('/v1/checkout/sessions', CHECKOUT_SESSIONS_FIXTURE.request.example)).json()) as { id: string };
    const completed = fake.completeCheckout(paid.id, { subscriptionId: 'sub_paid' });
    expect(completed.event).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: paid.id, status: 'complete', payment_status: 'paid', subscription: 'sub_paid' } } });
    expect(() => fake.completeCheckout(paid.id, { subscriptionId: 'sub_paid' })).toThrow(/complete and cannot be paid/);
    for (const id of [paid.id, created.id]) {
      const refused = await post(`/v1/checkout/sessions/${id}/expire`, '');
      expect(refused.status).toBe(400);
      const error = await errorOf(refused);
      expect(Object.keys(error).sort()).toEqual(Object.keys(ERRORS_FIXTURE.replyExample.error).sort());
      expect(error).toMatchObject({ type: 'invalid_request_error', message: expect.stringMatching(/only a Checkout Session whose status is open can be expired/) });
    }
    expect((await post('/v1/checkout/sessions/cs_test_unknown/expire', '')).status).toBe(404);
  });

  it('refuses an undocumented parameter the way Stripe does', async () => {
    const response = await post('/v1/checkout/sessions', `${CHECKOUT_SESSIONS_FIXTURE.request.example}&client_reference=pc-1`);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', param: 'client_reference' });
  });

  it('refuses a wrong nested value (an interval Stripe does not know) and a missing required one', async () => {
    const base = 'mode=subscription&success_url=https%3A%2F%2Fexample.com&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=100&line_items[0][price_data][product_data][name]=Plan';
    const badInterval = await post('/v1/checkout/sessions', `${base}&line_items[0][price_data][recurring][interval]=monthly`);
    expect(await errorOf(badInterval)).toMatchObject({ param: 'line_items[0][price_data][recurring][interval]' });
    const noPortalCustomer = await post('/v1/billing_portal/sessions', 'return_url=https%3A%2F%2Fexample.com');
    expect(await errorOf(noPortalCustomer)).toMatchObject({ code: 'parameter_missing', param: 'customer' });
    const noLineItems = await post('/v1/checkout/sessions', 'mode=subscription&success_url=https%3A%2F%2Fexample.com');
    expect(await errorOf(noLineItems)).toMatchObject({ code: 'parameter_missing', param: 'line_items' });
  });

  it('refuses customer and customer_email together, and a wrong API key', async () => {
    const both = await post('/v1/checkout/sessions', `${CHECKOUT_SESSIONS_FIXTURE.request.example}&customer=cus_1&customer_email=a%40b.c`);
    expect(both.status).toBe(400);
    expect((await errorOf(both)).message).toMatch(/only specify one of these parameters: customer, customer_email/);
    const unauthorised = await post('/v1/checkout/sessions', CHECKOUT_SESSIONS_FIXTURE.request.example, 'sk_test_wrong');
    expect(unauthorised.status).toBe(401);
  });

  it('replays an idempotent request and refuses its key with other parameters', async () => {
    const send = (body: string) => fetch(`${fake.baseUrl}/v1/checkout/sessions`, {
      method: 'POST', headers: { Authorization: `Bearer ${fake.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': 'key-1' }, body,
    });
    const first = (await (await send(CHECKOUT_SESSIONS_FIXTURE.request.example)).json()) as { id: string };
    const again = (await (await send(CHECKOUT_SESSIONS_FIXTURE.request.example)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    const other = await send(`${CHECKOUT_SESSIONS_FIXTURE.request.example}&client_reference_id=other`);
    expect(other.status).toBe(400);
    expect(await errorOf(other)).toMatchObject({ type: 'idempotency_error' });
  });

  it('records each request with its parsed form body', async () => {
    fake.requests.length = 0;
    await post('/v1/billing_portal/sessions', 'customer=cus_1&return_url=https%3A%2F%2Fexample.com%2Fback');
    expect(fake.requests.map(({ path, form }) => ({ path, form }))).toEqual([{ path: '/v1/billing_portal/sessions', form: { customer: 'cus_1', return_url: 'https://example.com/back' } }]);
  });
});

describe('fake Stripe webhooks', () => {
  it('has a documented payload for every event type it delivers', () => {
    for (const type of EVENT_TYPES) expect(eventFixture(type).event).toMatchObject({ object: 'event', type });
  });

  it('signs deliveries as the docs describe: t=<unix>,v1=hex(HMAC-SHA256(secret, "<t>.<body>"))', () => {
    const delivery = fake.webhook('invoice.paid', {}, { timestamp: 1492774577 });
    const expected = createHmac('sha256', fake.webhookSecret).update(`1492774577.${delivery.payload}`).digest('hex');
    expect(delivery.signatureHeader).toBe(`t=1492774577,v1=${expected}`);
    expect(WEBHOOKS_FIXTURE.headerExample).toMatch(/^t=\d+,v1=[0-9a-f]{64}/);
  });

  it('gives every new delivery its own event id and a redelivery the same one', () => {
    const first = fake.webhook('invoice.paid');
    const second = fake.webhook('invoice.paid');
    expect(first.event.id).not.toBe(second.event.id);
    expect(JSON.parse(fake.redeliver(first).payload)).toMatchObject({ id: first.event.id });
  });

  it('only sets fields the documented example has (a misspelt path fails)', () => {
    expect(() => fake.webhook('invoice.paid', { 'data.object.subscription': 'sub_1' })).toThrow(/no data.object.subscription/);
  });

  it('POSTs a delivery to an endpoint with its raw body and Stripe-Signature header', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const endpoint = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const delivery = fake.webhook('customer.subscription.deleted');
    const reply = await fake.deliver(`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/billing/webhooks/stripe`, delivery);
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    expect(reply.status).toBe(200);
    expect(received).toEqual([{ headers: expect.objectContaining({ 'stripe-signature': delivery.signatureHeader, 'content-type': 'application/json; charset=utf-8' }), body: delivery.payload }]);
  });
});
