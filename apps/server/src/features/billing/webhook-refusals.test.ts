import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillingOverview, PendingChange } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { dataOf, errorOf, freshAccessToken, openTestDatabase, TestApp, TestClock, type RegisteredUser, type TestReply } from '../../../test/harness.ts';
import { startFakeStripeServer, type FakeStripeServer, type WebhookDelivery } from '../../../test/stripe/fake-stripe.ts';
import { StripeBillingProvider } from './providers/stripe.ts';

/*
 * POST /api/billing/webhooks/stripe refuses, with 400 in our envelope and without any effect, a correctly signed
 * event it cannot read (logged at warn) and a signature from outside the tolerance, past or future.
 */

let database: DatabaseHandle;
let t: TestApp;
let fake: FakeStripeServer;
const warnings: unknown[][] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeStripeServer();
  t = await TestApp.start({
    database,
    clock: new TestClock('2030-03-10T12:00:00.000Z'),
    env: { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret },
    billingProviders: {
      stripe: () => new StripeBillingProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl }),
    },
  });
  captureWarnings(t);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await database?.close();
});

/** Each request's logger is a child of the app's: its warnings are recorded here. */
function captureWarnings(app: TestApp): void {
  const log = app.app.log;
  const makeChild = log.child.bind(log);
  vi.spyOn(log, 'child').mockImplementation((...args: Parameters<typeof log.child>) => {
    const child = makeChild(...args);
    const warn = child.warn.bind(child);
    vi.spyOn(child, 'warn').mockImplementation((...warning: unknown[]) => {
      warnings.push(warning);
      (warn as (...values: unknown[]) => void)(...warning);
    });
    return child;
  });
}

async function overviewOf(user: RegisteredUser): Promise<BillingOverview> {
  return dataOf<BillingOverview>(await t.request({ url: '/api/billing', token: freshAccessToken(t, user) }));
}

function deliver(delivery: Pick<WebhookDelivery, 'payload' | 'signatureHeader'>): Promise<TestReply> {
  return t.request({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    body: Buffer.from(delivery.payload, 'utf8'),
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signatureHeader },
    csrf: false,
  });
}

/** A user whose upgrade to creator waits for Stripe's checkout. */
async function userWithPendingUpgrade(): Promise<{ user: RegisteredUser; pending: PendingChange }> {
  const user = await t.register();
  await t.request({ method: 'POST', url: '/api/billing/checkout', token: freshAccessToken(t, user), body: { plan: 'creator', interval: 'monthly' } });
  return { user, pending: (await overviewOf(user)).pendingChange as PendingChange };
}

/** The completed checkout of `pending`, changed by `mutate` (the parsed event) and signed as Stripe signs. */
function completedCheckout(pending: PendingChange, mutate: (event: { [key: string]: unknown }) => void) {
  const delivery = fake.webhook('checkout.session.completed', {
    'data.object.client_reference_id': pending.id,
    'data.object.subscription': `sub_${pending.id}`,
    'data.object.customer': `cus_${pending.id}`,
  });
  const event = JSON.parse(delivery.payload) as { [key: string]: unknown };
  mutate(event);
  const payload = JSON.stringify(event);
  return { payload, signatureHeader: fake.sign(payload) };
}

const objectOf = (event: { [key: string]: unknown }) => (event.data as { object: { [key: string]: unknown } }).object;

describe('a correctly signed event we cannot read', () => {
  it.each([
    ['without data.object', (event: { [key: string]: unknown }) => { event.data = {}; }, /data\.object/],
    ['with a subscription id of the wrong type', (event: { [key: string]: unknown }) => { objectOf(event).subscription = 12345; }, /subscription/],
    ['with client_reference_id of the wrong type', (event: { [key: string]: unknown }) => { objectOf(event).client_reference_id = { id: 'x' }; }, /client_reference_id/],
    ['on the old API version 2024-06-20', (event: { [key: string]: unknown }) => { event.api_version = '2024-06-20'; }, /API version 2024-06-20/],
  ])('is refused %s with 400, logged at warn, and changes nothing; the same event readable is applied once', async (_name, mutate, problem) => {
    const { user, pending } = await userWithPendingUpgrade();
    const unreadable = completedCheckout(pending, mutate);
    warnings.length = 0;

    const reply = await deliver(unreadable);
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toEqual({ success: false, code: 'VALIDATION_ERROR', error: expect.stringMatching(problem) });
    expect(warnings).toEqual([[{ problem: expect.stringMatching(problem) }, 'payment webhook refused: unexpected payload']]);
    expect(await overviewOf(user)).toMatchObject({ subscription: { plan: 'free' }, pendingChange: { id: pending.id } });

    // No claim was kept for the refused delivery: the event's readable form (same id) still takes effect.
    const eventId = (JSON.parse(unreadable.payload) as { id: string }).id;
    const readable = completedCheckout(pending, (event) => { event.id = eventId; });
    expect(dataOf(await deliver(readable))).toEqual({ received: true, duplicate: false });
    expect(await overviewOf(user)).toMatchObject({ subscription: { plan: 'creator' }, pendingChange: null });
  });
});

describe('a correctly signed invoice we cannot read', () => {
  /** The paid invoice of `subscriptionId`, changed by `mutate` and signed. */
  function paidInvoice(subscriptionId: string, mutate: (invoice: { [key: string]: unknown }) => void, eventId?: string) {
    const delivery = fake.webhook('invoice.paid', {
      'data.object.id': `in_${subscriptionId}`,
      'data.object.parent.subscription_details.subscription': subscriptionId,
      ...(eventId ? { id: eventId } : {}),
    });
    const event = JSON.parse(delivery.payload) as { [key: string]: unknown };
    mutate(objectOf(event));
    const payload = JSON.stringify(event);
    return { payload, signatureHeader: fake.sign(payload), eventId: event.id as string };
  }
  const metadataOf = (invoice: { [key: string]: unknown }) => (invoice.parent as { subscription_details: { [key: string]: unknown } }).subscription_details;

  it.each([
    ['without lines', (invoice: { [key: string]: unknown }) => { delete invoice.lines; }, /lines/],
    ['without amount_paid', (invoice: { [key: string]: unknown }) => { delete invoice.amount_paid; }, /amount_paid/],
    ['whose metadata is a string', (invoice: { [key: string]: unknown }) => { metadataOf(invoice).metadata = 'pc-42'; }, /metadata/],
  ])('is refused %s with 400, logged, and records no payment; the readable event is recorded', async (_name, mutate, problem) => {
    const { user, pending } = await userWithPendingUpgrade();
    const subscriptionId = `sub_${pending.id}`;
    expect((await deliver(completedCheckout(pending, () => undefined))).statusCode).toBe(200);
    warnings.length = 0;

    const unreadable = paidInvoice(subscriptionId, mutate);
    const reply = await deliver(unreadable);
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).error).toMatch(problem);
    expect(warnings).toHaveLength(1);
    expect((await overviewOf(user)).invoices).toEqual([]);

    expect((await deliver(paidInvoice(subscriptionId, () => undefined, unreadable.eventId))).statusCode).toBe(200);
    expect((await overviewOf(user)).invoices).toEqual([expect.objectContaining({ amountCents: 2200, status: 'paid' })]);
  });
});

describe('the signature tolerance', () => {
  it('refuses a delivery signed ten minutes in the future, changing nothing', async () => {
    const { user, pending } = await userWithPendingUpgrade();
    const completed = completedCheckout(pending, () => undefined);
    const ahead = { ...completed, signatureHeader: fake.sign(completed.payload, { timestamp: Math.floor(Date.now() / 1000) + 600 }) };

    const reply = await deliver(ahead);
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringMatching(/tolerance/) });
    expect((await overviewOf(user)).subscription.plan).toBe('free');
  });

  it('refuses one signed ten minutes ago, and takes the same event signed now', async () => {
    const { user, pending } = await userWithPendingUpgrade();
    const completed = completedCheckout(pending, () => undefined);
    const stale = { ...completed, signatureHeader: fake.sign(completed.payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }) };

    expect((await deliver(stale)).statusCode).toBe(400);
    expect((await overviewOf(user)).subscription.plan).toBe('free');
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await overviewOf(user)).subscription.plan).toBe('creator');
  });
});
