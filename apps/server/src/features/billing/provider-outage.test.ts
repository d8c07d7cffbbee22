import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, CheckoutReply, PendingChange } from '@sound-studio/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import { dataOf, errorOf, freshAccessToken, openTestDatabase, TestApp, TestClock, type RegisteredUser, type TestReply } from '../../../test/harness.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../../../test/stripe/fake-stripe.ts';
import { StripeBillingProvider } from './providers/stripe.ts';

/*
 * Stripe out of reach (the port closed) or failing on its side (5xx): each call that reaches it answers 503
 * PAYMENT_PROVIDER_UNAVAILABLE, leaves our records as they were, and works when tried again once Stripe is back.
 */

const START = '2030-03-10T12:00:00.000Z';

let database: DatabaseHandle;
let t: TestApp;
let fake: FakeStripeServer;
let webhookUrl: string;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeStripeServer();
  t = await TestApp.start({
    database,
    clock: new TestClock(START),
    env: { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret },
    billingProviders: {
      stripe: () => new StripeBillingProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl }),
    },
  });
  webhookUrl = `${await t.listen()}/api/billing/webhooks/stripe`;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await database?.close();
});

afterEach(async () => {
  fake.setOutage(null);
  await fake.comeBack().catch(() => undefined);
});

type Outage = 'offline' | 500;
const OUTAGES: Outage[] = ['offline', 500];

async function startOutage(outage: Outage): Promise<void> {
  if (outage === 'offline') await fake.goOffline();
  else fake.setOutage(outage);
}

async function endOutage(): Promise<void> {
  fake.setOutage(null);
  await fake.comeBack().catch(() => undefined);
}

async function overviewOf(user: RegisteredUser): Promise<BillingOverview> {
  return dataOf<BillingOverview>(await t.request({ url: '/api/billing', token: freshAccessToken(t, user) }));
}

function checkout(user: RegisteredUser, plan: string): Promise<TestReply> {
  return t.request({ method: 'POST', url: '/api/billing/checkout', token: freshAccessToken(t, user), body: { plan, interval: 'monthly' } });
}

function withdraw(user: RegisteredUser): Promise<TestReply> {
  return t.request({ method: 'DELETE', url: '/api/billing/pending-change', token: freshAccessToken(t, user) });
}

/** The id of the Checkout Session the fake opened for our pending change. */
function sessionIdOf(pendingChangeId: string): string {
  const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.client_reference_id === pendingChangeId);
  if (typeof session?.id !== 'string') throw new Error(`no Checkout Session for ${pendingChangeId}`);
  return session.id;
}

function post(user: RegisteredUser, url: string): Promise<TestReply> {
  return t.request({ method: 'POST', url, token: freshAccessToken(t, user) });
}

/** The 503 a person can act on: our envelope, the code, and a message that says to try again. */
function expectProviderUnavailable(reply: TestReply): void {
  expect(reply.statusCode).toBe(503);
  expect(errorOf(reply)).toEqual({
    success: false,
    code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    error: expect.stringMatching(/Stripe.*cannot be reached.*try again/),
    details: { provider: 'stripe' },
  });
}

/** A user on `plan` paid by the Stripe subscription `subscriptionId` with the paid invoice `invoiceId`, refundable. */
async function subscribedUser(plan: string, subscriptionId: string): Promise<RegisteredUser> {
  const user = await t.register();
  expect(dataOf<CheckoutReply>(await checkout(user, plan)).action).toBe('redirect');
  const pending = (await overviewOf(user)).pendingChange as PendingChange;
  const completed = fake.webhook('checkout.session.completed', {
    'data.object.client_reference_id': pending.id,
    'data.object.subscription': subscriptionId,
    'data.object.customer': `cus_${subscriptionId}`,
  });
  expect((await fake.deliver(webhookUrl, completed)).status).toBe(200);
  const invoiceId = `in_${subscriptionId}`;
  fake.payInvoice(invoiceId, pending.amountDueCents);
  const paid = fake.webhook('invoice.paid', {
    'data.object.id': invoiceId,
    'data.object.amount_paid': pending.amountDueCents,
    'data.object.parent.subscription_details.subscription': subscriptionId,
  });
  expect((await fake.deliver(webhookUrl, paid)).status).toBe(200);
  return user;
}

describe.each(OUTAGES)('with Stripe %s', (outage) => {
  it('checkout answers 503, leaves no pending change behind, and the retry opens Checkout', async () => {
    const user = await t.register();
    await startOutage(outage);
    expectProviderUnavailable(await checkout(user, 'creator'));
    await endOutage();

    expect(await overviewOf(user)).toMatchObject({ pendingChange: null, subscription: { plan: 'free' } });
    const retry = dataOf<CheckoutReply>(await checkout(user, 'creator'));
    expect(retry).toEqual({ action: 'redirect', url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    expect((await overviewOf(user)).pendingChange).toMatchObject({ plan: 'creator' });
  });

  it('an upgrade of the running subscription answers 503, leaves no pending change, and the retry asks Stripe again', async () => {
    const user = await subscribedUser('starter', `sub_upgrade_${outage}`);
    await startOutage(outage);
    expectProviderUnavailable(await checkout(user, 'creator'));
    await endOutage();

    expect(await overviewOf(user)).toMatchObject({ pendingChange: null, subscription: { plan: 'starter' } });
    const retry = dataOf<CheckoutReply>(await checkout(user, 'creator'));
    expect(retry).toMatchObject({ action: 'pending', billing: { pendingChange: { plan: 'creator' } } });
  });

  it('cancel answers 503 and changes nothing (not even the waiting upgrade); the retry cancels', async () => {
    const user = await subscribedUser('starter', `sub_cancel_${outage}`);
    dataOf<CheckoutReply>(await checkout(user, 'creator'));
    await startOutage(outage);
    expectProviderUnavailable(await post(user, '/api/billing/cancel'));
    await endOutage();

    const unchanged = await overviewOf(user);
    expect(unchanged.subscription).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: false, scheduledChange: null });
    expect(unchanged.pendingChange).toMatchObject({ plan: 'creator' });
    const cancelled = dataOf<BillingOverview>(await post(user, '/api/billing/cancel'));
    expect(cancelled).toMatchObject({ pendingChange: null, subscription: { cancelAtPeriodEnd: true } });
  });

  it('resume answers 503 and keeps the cancel; the retry resumes', async () => {
    const user = await subscribedUser('starter', `sub_resume_${outage}`);
    dataOf<BillingOverview>(await post(user, '/api/billing/cancel'));
    await startOutage(outage);
    expectProviderUnavailable(await post(user, '/api/billing/resume'));
    await endOutage();

    expect((await overviewOf(user)).subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect(dataOf<BillingOverview>(await post(user, '/api/billing/resume')).subscription).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('refund answers 503 and keeps the plan, the invoice and the credits; the retry refunds once', async () => {
    const user = await subscribedUser('creator', `sub_refund_${outage}`);
    const userId = user.session.user.id;
    const before = await balanceAndLedger(t.db, userId);
    const refundsBefore = fake.refunds.length;
    await startOutage(outage);
    expectProviderUnavailable(await post(user, '/api/billing/refund'));
    await endOutage();

    const unchanged = await overviewOf(user);
    expect(unchanged.subscription).toMatchObject({ plan: 'creator', refundableUntil: expect.any(String) });
    expect(unchanged.invoices).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(await balanceAndLedger(t.db, userId)).toEqual(before);
    expect(fake.refunds).toHaveLength(refundsBefore);

    const refunded = dataOf<BillingOverview>(await post(user, '/api/billing/refund'));
    expect(refunded.subscription.plan).toBe('free');
    expect(refunded.invoices).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(fake.refunds).toHaveLength(refundsBefore + 1);
  });

  it('a new checkout and a withdrawal answer 503 when the waiting Checkout Session cannot be expired, change nothing, and the retries work', async () => {
    const user = await t.register();
    expect(dataOf<CheckoutReply>(await checkout(user, 'creator')).action).toBe('redirect');
    const waiting = (await overviewOf(user)).pendingChange as PendingChange;
    const sessionId = sessionIdOf(waiting.id);
    const sessionsBefore = fake.checkoutSessions.size;
    await startOutage(outage);
    expectProviderUnavailable(await checkout(user, 'pro'));
    expectProviderUnavailable(await withdraw(user));
    await endOutage();

    // The same change still waits on the same open session, and no other session was opened.
    expect((await overviewOf(user)).pendingChange).toEqual(waiting);
    expect(fake.checkoutSessions.get(sessionId)?.status).toBe('open');
    expect(fake.checkoutSessions.size).toBe(sessionsBefore);

    expect(dataOf<CheckoutReply>(await checkout(user, 'pro')).action).toBe('redirect');
    expect(fake.checkoutSessions.get(sessionId)?.status).toBe('expired');
    const replacement = (await overviewOf(user)).pendingChange as PendingChange;
    expect(replacement.plan).toBe('pro');
    expect(dataOf<BillingOverview>(await withdraw(user)).pendingChange).toBeNull();
    expect(fake.checkoutSessions.get(sessionIdOf(replacement.id))?.status).toBe('expired');
  });

  it('the portal answers 503; the retry opens it', async () => {
    const user = await subscribedUser('starter', `sub_portal_${outage}`);
    await startOutage(outage);
    expectProviderUnavailable(await post(user, '/api/billing/portal'));
    await endOutage();

    expect(dataOf<{ url: string }>(await post(user, '/api/billing/portal')).url).toMatch(/^https:\/\/billing\.stripe\.com\//);
  });
});
