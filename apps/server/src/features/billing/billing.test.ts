import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillingOverview, CheckoutQuote, CheckoutReply, FeatureNotInPlanDetails, PendingChange } from '@sound-studio/shared';
import { runAdminCommand } from '../../cli/admin-command.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { billingPendingChanges, creditTransactions, users } from '../../db/schema.ts';
import { balanceAndLedger } from '../../../test/ledger.ts';
import { dataOf, errorOf, freshAccessToken, openTestDatabase, TEST_ADMIN_TOKEN, TestApp, TestClock, type RegisteredUser } from '../../../test/harness.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../../../test/stripe/fake-stripe.ts';
import { createManualProvider } from './providers/manual.ts';
import { StripeBillingProvider } from './providers/stripe.ts';
import { WebhookSignatureError, type BillingEvent, type BillingProvider } from './providers/provider.ts';
import { BillingService } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = '2030-03-10T12:00:00.000Z';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Every step: the cached balance is the expected one and equals the ledger's sum. */
async function expectBalanceMatchesLedger(t: TestApp, userId: string, balance: number): Promise<void> {
  expect(await balanceAndLedger(t.db, userId)).toEqual({ balance, ledgerSum: balance });
}

async function overviewOf(t: TestApp, user: RegisteredUser): Promise<BillingOverview> {
  return dataOf<BillingOverview>(await t.request({ url: '/api/billing', token: freshAccessToken(t, user) }));
}

async function checkout(t: TestApp, user: RegisteredUser, plan: string, interval = 'monthly') {
  return t.request({ method: 'POST', url: '/api/billing/checkout', token: freshAccessToken(t, user), body: { plan, interval } });
}

/** Spends credits the way generation does: a hold, then the charge. */
async function spend(t: TestApp, userId: string, amount: number): Promise<void> {
  const reservation = await t.app.credits.reserve(userId, amount, 'Test work', `work:${amount}:${t.clock.now()}`);
  await t.app.credits.settle(reservation);
}

function renewalJob(t: TestApp): BillingService {
  return new BillingService({ db: t.db, clock: t.clock, credits: t.app.credits, provider: createManualProvider() });
}

function admin(t: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  return t.request({ method, url, body, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } });
}

describe('credit cycle under manual billing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ database, clock: new TestClock(START) });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('grants every cycle once, spends the oldest grant first and lapses each remainder 3 cycles later, to the credit', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const job = renewalJob(t);
    const month = (iso: string) => {
      t.clock.advance(Date.parse(iso) - t.clock.now());
    };
    const ledgerOf = async (reason: 'monthly_grant' | 'expiry') =>
      (
        await t.db
          .select({ amount: creditTransactions.amount, reference: creditTransactions.reference })
          .from(creditTransactions)
          .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, reason)))
      ).map((row) => row.amount);

    // Cycle 0 (sign-up, 10,000 welcome credits lapsing 2030-06-10): spend 4,000 -> 6,000 left of it.
    await spend(t, userId, 4_000);
    let overview = await overviewOf(t, user);
    expect(overview.credits).toMatchObject({
      balance: 6_000,
      usedThisCycle: 4_000,
      cycleStart: START,
      nextRenewalAt: '2030-04-10T12:00:00.000Z',
      nextRenewalCredits: 10_000,
      expiring: [{ amount: 6_000, expiresAt: '2030-06-10T12:00:00.000Z' }],
    });
    await expectBalanceMatchesLedger(t, userId, 6_000);

    // Cycle 1: +10,000. Two nodes run the job at once: granted once.
    month('2030-04-10T12:00:00.000Z');
    await Promise.all([job.runDueRenewals(), job.runDueRenewals(), job.runDueRenewals()]);
    expect(await ledgerOf('monthly_grant')).toEqual([10_000]);
    await expectBalanceMatchesLedger(t, userId, 16_000);
    // 7,000 spent: the welcome grant's 6,000 first, then 1,000 of cycle 1's.
    await spend(t, userId, 7_000);
    overview = await overviewOf(t, user);
    expect(overview.credits.expiring).toEqual([
      { amount: 9_000, expiresAt: '2030-07-10T12:00:00.000Z' },
    ]);
    expect(overview.credits.usedThisCycle).toBe(7_000);
    await expectBalanceMatchesLedger(t, userId, 9_000);

    // Cycle 2: +10,000; spend 1,000 more (cycle 1's grant: 8,000 left).
    month('2030-05-10T12:00:00.000Z');
    await job.runDueRenewals();
    await spend(t, userId, 1_000);
    await expectBalanceMatchesLedger(t, userId, 18_000);

    // Cycle 3: the welcome grant lapses with nothing left; +10,000.
    month('2030-06-10T12:00:00.000Z');
    await job.runDueRenewals();
    expect(await ledgerOf('expiry')).toEqual([0]);
    await expectBalanceMatchesLedger(t, userId, 28_000);
    overview = await overviewOf(t, user);
    expect(overview.credits.expiring).toEqual([
      { amount: 8_000, expiresAt: '2030-07-10T12:00:00.000Z' },
      { amount: 10_000, expiresAt: '2030-08-10T12:00:00.000Z' },
      { amount: 10_000, expiresAt: '2030-09-10T12:00:00.000Z' },
    ]);

    // Cycle 4: cycle 1's 8,000 lapse exactly; +10,000.
    month('2030-07-10T12:00:00.000Z');
    await Promise.all([job.runDueRenewals(), t.request({ url: '/api/billing', token: freshAccessToken(t, user) })]);
    expect(await ledgerOf('expiry')).toEqual([0, -8_000]);
    expect(await ledgerOf('monthly_grant')).toEqual([10_000, 10_000, 10_000, 10_000]);
    await expectBalanceMatchesLedger(t, userId, 30_000);

    // A server that was down catches up cycle by cycle: two cycles later, two grants and two expiries.
    month('2030-09-10T12:00:00.000Z');
    await job.runDueRenewals();
    // Cycles 2 and 3 lapse (10,000 each, untouched), cycles 5 and 6 are granted.
    expect(await ledgerOf('expiry')).toEqual([0, -8_000, -10_000, -10_000]);
    await expectBalanceMatchesLedger(t, userId, 30_000);
    overview = await overviewOf(t, user);
    expect(overview.credits.expiring.map((grant) => grant.amount)).toEqual([10_000, 10_000, 10_000]);
    expect(overview.credits.nextRenewalAt).toBe('2030-10-10T12:00:00.000Z');
  });
});

describe('plan changes under manual billing', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await TestApp.start({ database, clock: new TestClock(START) });
    baseUrl = await t.listen();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('quotes a plan change the way checkout prices it, and changes nothing', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    t.clock.advance(15.5 * DAY_MS);
    const quote = async (plan: string, interval: string) =>
      dataOf<CheckoutQuote>(await t.request({ url: `/api/billing/checkout-quote?plan=${plan}&interval=${interval}`, token: freshAccessToken(t, user) }));

    expect(await quote('starter', 'monthly')).toEqual({
      plan: 'starter',
      interval: 'monthly',
      currentPlan: 'free',
      currentInterval: 'monthly',
      change: 'upgrade',
      provider: 'manual',
      // The same proration as the checkout below: $5 x 1/2 and (30,000 - 10,000) x 1/2.
      amountDueCents: 250,
      creditsNow: 10_000,
      effectiveAt: new Date(t.clock.now()).toISOString(),
      renewalPriceCents: 500,
      renewalCredits: 30_000,
      renewalAt: '2030-04-10T12:00:00.000Z',
    });
    expect(await quote('free', 'monthly')).toMatchObject({ change: 'same', amountDueCents: 0, creditsNow: 0 });
    const overview = await overviewOf(t, user);
    expect(overview.pendingChange).toBeNull();
    expect(overview.subscription.plan).toBe('free');
    const unknown = await t.request({ url: '/api/billing/checkout-quote?plan=gold&interval=monthly', token: freshAccessToken(t, user) });
    expect(unknown.statusCode).toBe(400);
  });

  it('prorates an upgrade, waits for the operator, and applies on approval through the admin command', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const userId = user.session.user.id;
    // Halfway through the 31-day cycle (2030-03-10 -> 2030-04-10).
    t.clock.advance(15.5 * DAY_MS);

    const reply = dataOf<CheckoutReply>(await checkout(t, user, 'starter'));
    expect(reply.action).toBe('pending');
    const pending = (reply as Extract<CheckoutReply, { action: 'pending' }>).billing.pendingChange as PendingChange;
    // $5 x 1/2 and (30,000 - 10,000) x 1/2.
    expect(pending).toMatchObject({ plan: 'starter', interval: 'monthly', amountDueCents: 250, creditsOnPayment: 10_000 });
    expect((await overviewOf(t, user)).subscription.plan).toBe('free');

    const listed = dataOf<{ pendingChanges: Array<{ id: string; email: string }> }>(await admin(t, 'GET', '/api/admin/subscriptions'));
    expect(listed.pendingChanges).toContainEqual(expect.objectContaining({ id: pending.id, email: user.email }));

    const output: string[] = [];
    await runAdminCommand(
      { kind: 'subscriptions-approve', pendingChangeId: pending.id },
      { baseUrl, token: TEST_ADMIN_TOKEN, write: (text) => output.push(text) },
    );
    expect(output.join('')).toContain(`Approved: ${user.email} is now on starter (monthly); $2.50 invoiced, 10,000 credits granted.`);

    const overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'starter', interval: 'monthly', status: 'active', cancelAtPeriodEnd: false });
    expect(overview.pendingChange).toBeNull();
    expect(overview.invoices).toEqual([expect.objectContaining({ amountCents: 250, status: 'paid', currency: 'USD' })]);
    expect(overview.credits.nextRenewalCredits).toBe(30_000);
    await expectBalanceMatchesLedger(t, userId, 20_000);

    // Approving twice changes nothing.
    const again = await admin(t, 'POST', `/api/admin/subscriptions/${pending.id}/approve`);
    expect(again.statusCode).toBe(409);
    await expectBalanceMatchesLedger(t, userId, 20_000);
  });

  it('rejects through the admin route, behind the admin guard', async () => {
    const user = await t.register();
    const pending = (dataOf<CheckoutReply>(await checkout(t, user, 'pro', 'yearly')) as Extract<CheckoutReply, { action: 'pending' }>)
      .billing.pendingChange as PendingChange;
    const unguarded = await t.request({ method: 'POST', url: `/api/admin/subscriptions/${pending.id}/reject`, csrf: false });
    expect(unguarded.statusCode).toBe(403);
    const rejected = await admin(t, 'POST', `/api/admin/subscriptions/${pending.id}/reject`);
    expect(dataOf<{ status: string; plan: string }>(rejected)).toMatchObject({ status: 'rejected', plan: 'free' });
    expect((await overviewOf(t, user)).pendingChange).toBeNull();
    expect((await admin(t, 'POST', '/api/admin/subscriptions/not-an-id/approve')).statusCode).toBe(404);
  });

  it('schedules a downgrade for the period end, lets it be withdrawn, and applies it at renewal', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const userId = user.session.user.id;
    const pending = (dataOf<CheckoutReply>(await checkout(t, user, 'creator')) as Extract<CheckoutReply, { action: 'pending' }>).billing
      .pendingChange as PendingChange;
    // At the cycle's first instant an upgrade costs the full month and grants the full difference.
    expect(pending).toMatchObject({ amountDueCents: 2200, creditsOnPayment: 90_000 });
    await admin(t, 'POST', `/api/admin/subscriptions/${pending.id}/approve`);
    await expectBalanceMatchesLedger(t, userId, 100_000);

    const scheduled = dataOf<CheckoutReply>(await checkout(t, user, 'starter'));
    expect(scheduled.action).toBe('applied');
    let overview = (scheduled as Extract<CheckoutReply, { action: 'applied' }>).billing;
    expect(overview.subscription.scheduledChange).toEqual({
      plan: 'starter',
      interval: 'monthly',
      effectiveAt: '2030-04-10T12:00:00.000Z',
      reason: 'downgrade',
    });
    expect(overview.credits.nextRenewalCredits).toBe(30_000);
    overview = dataOf<BillingOverview>(
      await t.request({ method: 'DELETE', url: '/api/billing/scheduled-change', token: freshAccessToken(t, user) }),
    );
    expect(overview.subscription.scheduledChange).toBeNull();

    await checkout(t, user, 'starter');
    t.clock.advance(Date.parse('2030-04-10T12:00:00.000Z') - t.clock.now());
    await renewalJob(t).runDueRenewals();
    overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'starter', currentPeriodEnd: '2030-05-10T12:00:00.000Z', scheduledChange: null });
    expect(overview.invoices[0]).toMatchObject({ amountCents: 500, status: 'paid', description: 'Starter (monthly) renewal' });
    await expectBalanceMatchesLedger(t, userId, 130_000);
  });

  it('cancel keeps the plan to the period end, resume undoes it, and a cancel that stays moves to free', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const pending = (dataOf<CheckoutReply>(await checkout(t, user, 'starter')) as Extract<CheckoutReply, { action: 'pending' }>).billing
      .pendingChange as PendingChange;
    await admin(t, 'POST', `/api/admin/subscriptions/${pending.id}/approve`);

    const post = (url: string) => t.request({ method: 'POST', url, token: freshAccessToken(t, user) });
    let overview = dataOf<BillingOverview>(await post('/api/billing/cancel'));
    expect(overview.subscription).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: true });
    overview = dataOf<BillingOverview>(await post('/api/billing/resume'));
    expect(overview.subscription.cancelAtPeriodEnd).toBe(false);
    expect((await post('/api/billing/resume')).statusCode).toBe(409);

    await post('/api/billing/cancel');
    t.clock.advance(Date.parse('2030-04-10T12:00:00.000Z') - t.clock.now());
    overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'free', status: 'canceled', cancelAtPeriodEnd: false });
    expect(overview.credits.nextRenewalCredits).toBe(10_000);
  });

  it('refunds within 14 days: the unspent credits of the payment are reversed and the account is free again', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const userId = user.session.user.id;
    const pending = (dataOf<CheckoutReply>(await checkout(t, user, 'creator')) as Extract<CheckoutReply, { action: 'pending' }>).billing
      .pendingChange as PendingChange;
    await admin(t, 'POST', `/api/admin/subscriptions/${pending.id}/approve`);
    // 10,000 welcome + 90,000 upgrade; 25,000 spent: the welcome grant's 10,000, then 15,000 of the upgrade's.
    await spend(t, userId, 25_000);
    t.clock.advance(3 * DAY_MS);
    const before = await overviewOf(t, user);
    expect(before.subscription.refundableUntil).toBe('2030-03-24T12:00:00.000Z');

    const refunded = dataOf<BillingOverview>(await t.request({ method: 'POST', url: '/api/billing/refund', token: freshAccessToken(t, user) }));
    expect(refunded.subscription).toMatchObject({ plan: 'free', status: 'canceled', refundableUntil: null });
    expect(refunded.invoices[0]).toMatchObject({ status: 'refunded', amountCents: 2200 });
    await expectBalanceMatchesLedger(t, userId, 0);
    const [reversal] = await t.db
      .select({ amount: creditTransactions.amount })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, 'refund_reversal')));
    expect(reversal?.amount).toBe(-75_000);
    expect((await t.request({ method: 'POST', url: '/api/billing/refund', token: freshAccessToken(t, user) })).statusCode).toBe(409);
  });

  it('has no portal under manual billing', async () => {
    const user = await t.register();
    const reply = await t.request({ method: 'POST', url: '/api/billing/portal', token: freshAccessToken(t, user) });
    expect(reply.statusCode).toBe(404);
  });

  it('lists the routes in the API docs', async () => {
    const docs = (await t.request({ url: '/api/docs/json' })).body as { paths: Record<string, unknown> };
    for (const path of [
      '/api/billing',
      '/api/billing/checkout',
      '/api/billing/checkout-quote',
      '/api/billing/pending-change',
      '/api/billing/scheduled-change',
      '/api/billing/cancel',
      '/api/billing/resume',
      '/api/billing/refund',
      '/api/billing/portal',
      '/api/billing/webhooks/stripe',
      '/api/admin/subscriptions',
      '/api/admin/subscriptions/{id}/approve',
      '/api/admin/subscriptions/{id}/reject',
    ]) {
      expect(docs.paths, path).toHaveProperty([path]);
    }
  });
});

describe('feature gates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ database, clock: new TestClock(START) });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a feature the plan lacks with FEATURE_NOT_IN_PLAN and the upgrade link, before reading any upload', async () => {
    const user = await t.register();
    const patch = await admin(t, 'PATCH', '/api/admin/plans/free', {
      features: { musicGeneration: false, voiceCloning: false, voiceIsolator: false },
    });
    expect(patch.statusCode).toBe(200);
    const cases = [
      { url: '/api/music/generate', feature: 'musicGeneration', body: { prompt: 'calm piano', duration: 30 } },
      { url: '/api/voice-clone/voices', feature: 'voiceCloning' },
      { url: '/api/voice-isolator/jobs', feature: 'voiceIsolator' },
      { url: '/api/api-keys', feature: 'apiAccess', body: { name: 'ci' } },
    ] as const;
    for (const { url, feature, ...rest } of cases) {
      const reply = await t.request({ method: 'POST', url, token: freshAccessToken(t, user), ...('body' in rest ? { body: rest.body } : {}) });
      expect(reply.statusCode, url).toBe(403);
      const details: FeatureNotInPlanDetails = { feature, plan: 'free', upgradeUrl: '/pricing' };
      expect(errorOf(reply), url).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', details });
    }
    await admin(t, 'PATCH', '/api/admin/plans/free', { features: { musicGeneration: true, voiceCloning: true, voiceIsolator: true } });
    const allowed = await t.request({ method: 'POST', url: '/api/voice-isolator/jobs', token: freshAccessToken(t, user) });
    expect(allowed.statusCode).not.toBe(403);
  });
});

// ---- a payment provider with webhooks ---------------------------------------------------------------------------

const WEBHOOK_SECRET = 'whsec_test_0123456789';

/** What the billing service told the provider (cancels and refunds made on our side). */
const providerCalls: string[] = [];

/** A local stand-in for a webhook-signing provider: HMAC-SHA256 of the raw body, hex, in the signature header. */
function signedProvider(): BillingProvider {
  return {
    name: 'stripe',
    setCancelAtPeriodEnd: async ({ subscriptionId, cancelAtPeriodEnd }) => {
      providerCalls.push(`cancel ${subscriptionId} ${cancelAtPeriodEnd}`);
    },
    refundPayment: async ({ providerInvoiceId, amountCents }) => {
      providerCalls.push(`refund ${providerInvoiceId} ${amountCents}`);
    },
    startCheckout: async (input) => ({ kind: 'redirect', url: `https://pay.example/checkout/${input.pendingChangeId}` }),
    openPortal: async () => ({ url: 'https://pay.example/portal' }),
    parseWebhook(rawBody, signature) {
      const expected = createHmac('sha256', WEBHOOK_SECRET).update(rawBody).digest();
      const given = Buffer.from(signature ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError();
      const event = JSON.parse(rawBody.toString('utf8')) as BillingEvent & { periodStart?: string; periodEnd?: string; currentPeriodEnd?: string };
      if (event.type === 'invoice.paid') return { ...event, periodStart: new Date(event.periodStart), periodEnd: new Date(event.periodEnd) };
      if (event.type === 'subscription.updated') return { ...event, currentPeriodEnd: new Date(event.currentPeriodEnd) };
      return event;
    },
  };
}

function deliver(t: TestApp, event: Record<string, unknown>, signature?: string) {
  const body = Buffer.from(JSON.stringify(event));
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex') },
    payload: body,
  });
}

describe('payment webhooks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({
      database,
      clock: new TestClock(START),
      env: { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      billingProviders: { stripe: signedProvider },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  async function upgradeThroughCheckout(user: RegisteredUser, subscriptionId: string): Promise<string> {
    const reply = dataOf<CheckoutReply>(await checkout(t, user, 'creator'));
    expect(reply).toEqual({ action: 'redirect', url: expect.stringMatching(/^https:\/\/pay\.example\/checkout\//) });
    const pendingChangeId = (reply as Extract<CheckoutReply, { action: 'redirect' }>).url.split('/').pop() as string;
    const event = {
      id: `evt_checkout_${subscriptionId}`,
      type: 'checkout.completed',
      pendingChangeId,
      customerId: `cus_${subscriptionId}`,
      subscriptionId,
    };
    // Five deliveries of the same event at once: one grant, one plan change.
    const replies = await Promise.all(Array.from({ length: 5 }, () => deliver(t, event)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const duplicates = replies.map((reply) => (JSON.parse(reply.body) as { data: { duplicate: boolean } }).data.duplicate);
    expect(duplicates.filter((duplicate) => !duplicate)).toHaveLength(1);
    // A replay later is a duplicate too.
    expect(JSON.parse((await deliver(t, event)).body)).toMatchObject({ data: { duplicate: true } });
    return pendingChangeId;
  }

  it('applies a completed checkout once however often and however concurrently it is delivered', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const userId = user.session.user.id;
    const pendingChangeId = await upgradeThroughCheckout(user, 'sub_once');
    const grants = await t.db
      .select({ amount: creditTransactions.amount })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reference, `plan-change:${pendingChangeId}`)));
    expect(grants).toEqual([{ amount: 90_000 }]);
    const [account] = await t.db.select({ plan: users.planName }).from(users).where(eq(users.id, userId));
    expect(account?.plan).toBe('creator');
    await expectBalanceMatchesLedger(t, userId, 100_000);

    // invoice.paid twice: one invoice.
    const paid = {
      id: 'evt_invoice_once',
      type: 'invoice.paid',
      subscriptionId: 'sub_once',
      amountCents: 2200,
      periodStart: START,
      periodEnd: '2030-04-10T12:00:00.000Z',
      invoiceId: 'in_once',
    };
    await Promise.all([deliver(t, paid), deliver(t, { ...paid, id: 'evt_invoice_once_retry' })]);
    const overview = await overviewOf(t, user);
    expect(overview.invoices).toEqual([expect.objectContaining({ amountCents: 2200, status: 'paid' })]);
    expect(overview.provider).toBe('stripe');
  });

  it('tells the provider about a cancel, a resume and a refund made here', async () => {
    providerCalls.length = 0;
    const user = await t.register();
    const post = (url: string) => t.request({ method: 'POST', url, token: freshAccessToken(t, user) });
    // Not yet a provider subscription: nothing to tell.
    await upgradeThroughCheckout(user, 'sub_told');
    await deliver(t, {
      id: 'evt_invoice_told',
      type: 'invoice.paid',
      subscriptionId: 'sub_told',
      amountCents: 2200,
      periodStart: new Date(t.clock.now()).toISOString(),
      periodEnd: new Date(t.clock.now() + 30 * DAY_MS).toISOString(),
      invoiceId: 'in_told',
    });
    expect((await post('/api/billing/cancel')).statusCode).toBe(200);
    expect((await post('/api/billing/resume')).statusCode).toBe(200);
    expect(dataOf<BillingOverview>(await post('/api/billing/refund')).subscription.plan).toBe('free');
    // After the refund the account is free: the provider is told to stop renewing it.
    expect(providerCalls).toEqual(['cancel sub_told true', 'cancel sub_told false', 'refund in_told 2200', 'cancel sub_told true']);
  });

  it('refuses to change the plan of a running subscription when the provider cannot change it, opening no second checkout', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    await upgradeThroughCheckout(user, 'sub_unchangeable');
    const before = await overviewOf(t, user);
    for (const plan of ['pro', 'starter'] as const) {
      const refused = await checkout(t, user, plan);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).code).toBe('CONFLICT');
    }
    const after = await overviewOf(t, user);
    expect(after.subscription).toEqual(before.subscription);
    // An upgrade through the provider's checkout would have left a pending change.
    expect(after.pendingChange).toBeNull();
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const forged = await deliver(t, { id: 'evt_forged', type: 'subscription.deleted', subscriptionId: 'sub_once' }, 'ab'.repeat(32));
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_unsigned"}',
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('moves the account to free at the end of the period after a failed payment, not before', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const userId = user.session.user.id;
    await upgradeThroughCheckout(user, 'sub_failing');
    const failed = await deliver(t, { id: 'evt_failed', type: 'invoice.payment_failed', subscriptionId: 'sub_failing', invoiceId: 'in_failed' });
    expect(failed.statusCode).toBe(200);

    let overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({
      plan: 'creator',
      status: 'past_due',
      scheduledChange: { plan: 'free', reason: 'payment_failed', effectiveAt: '2030-04-10T12:00:00.000Z' },
    });
    const keep = await t.request({ method: 'DELETE', url: '/api/billing/scheduled-change', token: freshAccessToken(t, user) });
    expect(keep.statusCode).toBe(409);
    // Nor can a downgrade replace the move to free.
    const downgrade = await checkout(t, user, 'starter');
    expect(downgrade.statusCode).toBe(409);
    expect(errorOf(downgrade).code).toBe('CONFLICT');
    expect((await overviewOf(t, user)).subscription.scheduledChange).toMatchObject({ plan: 'free', reason: 'payment_failed' });

    t.clock.advance(Date.parse('2030-04-10T11:59:59.000Z') - t.clock.now());
    expect((await overviewOf(t, user)).subscription.plan).toBe('creator');

    t.clock.advance(1000);
    await renewalJob(t).runDueRenewals();
    overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'free', status: 'canceled', scheduledChange: null });
    // The new cycle grants the free plan's allowance, not Creator's.
    const cycleGrants = await t.db
      .select({ amount: creditTransactions.amount })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reference, 'cycle:2030-04-10T12:00:00.000Z')));
    expect(cycleGrants).toEqual([{ amount: 10_000 }]);
    await expectBalanceMatchesLedger(t, userId, 110_000);
  });

  it('opens the provider portal', async () => {
    const user = await t.register();
    const reply = await t.request({ method: 'POST', url: '/api/billing/portal', token: freshAccessToken(t, user) });
    expect(dataOf<{ url: string }>(reply)).toEqual({ url: 'https://pay.example/portal' });
  });
});

describe('the Stripe adapter against the local Stripe fake', () => {
  let t: TestApp;
  let fake: FakeStripeServer;
  let baseUrl: string;

  beforeAll(async () => {
    fake = await startFakeStripeServer();
    t = await TestApp.start({
      database,
      clock: new TestClock(START),
      env: { BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret },
      billingProviders: {
        stripe: () => new StripeBillingProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.baseUrl }),
      },
    });
    baseUrl = await t.listen();
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('goes from Checkout to the upgraded plan once, however the completed event is delivered, and refuses a forgery', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const reply = dataOf<CheckoutReply>(await checkout(t, user, 'creator'));
    expect(reply.action).toBe('redirect');
    const pending = (await overviewOf(t, user)).pendingChange as PendingChange;
    expect(pending).toMatchObject({ plan: 'creator', amountDueCents: 2200, creditsOnPayment: 90_000 });

    const endpoint = `${baseUrl}/api/billing/webhooks/stripe`;
    const completed = fake.webhook('checkout.session.completed', {
      'data.object.client_reference_id': pending.id,
      'data.object.subscription': 'sub_fake_e2e',
      'data.object.customer': 'cus_fake_e2e',
    });
    const forged = fake.webhook('checkout.session.completed', { 'data.object.client_reference_id': pending.id }, { secret: 'whsec_forged' });
    expect((await fake.deliver(endpoint, forged)).status).toBe(400);
    expect((await overviewOf(t, user)).subscription.plan).toBe('free');

    const statuses = await Promise.all([
      fake.deliver(endpoint, completed),
      fake.deliver(endpoint, completed),
      fake.deliver(endpoint, fake.redeliver(completed)),
    ]);
    expect(statuses.map((response) => response.status)).toEqual([200, 200, 200]);
    const overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'creator', status: 'active' });
    expect(overview.pendingChange).toBeNull();
    await expectBalanceMatchesLedger(t, userId, 100_000);
  });

  /** A user on `plan` (monthly) paid by the running Stripe subscription `subscriptionId`, through Checkout. */
  async function subscribeThroughCheckout(user: RegisteredUser, plan: string, subscriptionId: string): Promise<void> {
    await checkout(t, user, plan);
    const pending = (await overviewOf(t, user)).pendingChange as PendingChange;
    const completed = fake.webhook('checkout.session.completed', {
      'data.object.client_reference_id': pending.id,
      'data.object.subscription': subscriptionId,
      'data.object.customer': `cus_${subscriptionId}`,
    });
    expect((await fake.deliver(`${baseUrl}/api/billing/webhooks/stripe`, completed)).status).toBe(200);
  }

  /** The documented subscription's item and product (stripe-fixtures/subscriptions_retrieve.json). */
  const ITEM = 'si_R1f2G3h4I5j6K7';
  const PRODUCT = 'prod_R1f2aBcDeFgHiJ';

  it('upgrades a running subscription in place: one prorated update at the full new price, applied once when its invoice is paid', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const userId = user.session.user.id;
    await subscribeThroughCheckout(user, 'starter', 'sub_fake_upgrade');
    await expectBalanceMatchesLedger(t, userId, 30_000);
    // Halfway through the 31-day cycle.
    t.clock.advance(15.5 * DAY_MS);
    fake.requests.length = 0;

    const reply = dataOf<CheckoutReply>(await checkout(t, user, 'creator'));
    expect(reply.action).toBe('pending');
    const pending = (reply as Extract<CheckoutReply, { action: 'pending' }>).billing.pendingChange as PendingChange;
    // ($22 - $5) x 1/2 and (100,000 - 30,000) x 1/2.
    expect(pending).toMatchObject({ plan: 'creator', amountDueCents: 850, creditsOnPayment: 35_000 });
    expect(fake.requests.map((request) => [request.method, request.path, request.form])).toEqual([
      ['GET', '/v1/subscriptions/sub_fake_upgrade', {}],
      ['POST', '/v1/subscriptions/sub_fake_upgrade', {
        items: [{ id: ITEM, price_data: { currency: 'usd', product: PRODUCT, unit_amount: '2200', recurring: { interval: 'month' } } }],
        proration_behavior: 'always_invoice',
        metadata: { plan: 'creator', interval: 'monthly', pendingChangeId: pending.id },
      }],
    ]);
    // A retried request is answered once by Stripe: the key names the change.
    expect(fake.requests[1]?.headers['idempotency-key']).toMatch(new RegExp(`^plan-change-sub_fake_upgrade-${pending.id}-[0-9a-f]{16}$`));
    expect((await overviewOf(t, user)).subscription.plan).toBe('starter');

    const endpoint = `${baseUrl}/api/billing/webhooks/stripe`;
    const paid = fake.webhook('invoice.paid', {
      'data.object.id': 'in_fake_upgrade_proration',
      'data.object.amount_paid': 850,
      'data.object.customer': 'cus_sub_fake_upgrade',
      'data.object.parent.subscription_details.subscription': 'sub_fake_upgrade',
      'data.object.parent.subscription_details.metadata': { plan: 'creator', interval: 'monthly', pendingChangeId: pending.id },
    });
    const statuses = await Promise.all([fake.deliver(endpoint, paid), fake.deliver(endpoint, fake.redeliver(paid))]);
    expect(statuses.map((response) => response.status)).toEqual([200, 200]);
    expect((await fake.deliver(endpoint, fake.redeliver(paid))).status).toBe(200);

    const overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'creator', status: 'active', currentPeriodEnd: '2030-04-10T12:00:00.000Z' });
    expect(overview.pendingChange).toBeNull();
    expect(overview.invoices).toEqual([expect.objectContaining({ amountCents: 850, status: 'paid', description: 'Creator (monthly)' })]);
    await expectBalanceMatchesLedger(t, userId, 65_000);
    expect(fake.requests.filter((request) => request.path === '/v1/checkout/sessions')).toEqual([]);
  });

  it('downgrades a running subscription without proration so the renewal charges the lower price, and puts the price back when withdrawn', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    const userId = user.session.user.id;
    await subscribeThroughCheckout(user, 'creator', 'sub_fake_downgrade');
    fake.requests.length = 0;
    const priceUpdate = (unitAmount: string) => ['POST', '/v1/subscriptions/sub_fake_downgrade', {
      items: [{ id: ITEM, price_data: { currency: 'usd', product: PRODUCT, unit_amount: unitAmount, recurring: { interval: 'month' } } }],
      proration_behavior: 'none',
      metadata: { plan: unitAmount === '500' ? 'starter' : 'creator', interval: 'monthly', pendingChangeId: '' },
    }];
    const retrieve = ['GET', '/v1/subscriptions/sub_fake_downgrade', {}];

    const scheduled = dataOf<CheckoutReply>(await checkout(t, user, 'starter'));
    expect(scheduled.action).toBe('applied');
    expect((scheduled as Extract<CheckoutReply, { action: 'applied' }>).billing.subscription).toMatchObject({
      plan: 'creator',
      scheduledChange: { plan: 'starter', reason: 'downgrade', effectiveAt: '2030-04-10T12:00:00.000Z' },
    });
    const withdrawn = await t.request({ method: 'DELETE', url: '/api/billing/scheduled-change', token: freshAccessToken(t, user) });
    expect(dataOf<BillingOverview>(withdrawn).subscription.scheduledChange).toBeNull();
    await checkout(t, user, 'starter');
    expect(fake.requests.map((request) => [request.method, request.path, request.form])).toEqual([
      retrieve, priceUpdate('500'), retrieve, priceUpdate('2200'), retrieve, priceUpdate('500'),
    ]);

    // Another billing interval would move Stripe's billing anchor: refused, nothing sent.
    fake.requests.length = 0;
    const otherInterval = await checkout(t, user, 'pro', 'yearly');
    expect(otherInterval.statusCode).toBe(409);
    expect(fake.requests).toEqual([]);

    // At the period end the plan follows; Stripe was already told, so nothing more is sent and nothing is invoiced here.
    fake.requests.length = 0;
    t.clock.advance(Date.parse('2030-04-10T12:00:00.000Z') - t.clock.now());
    const overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'starter', scheduledChange: null, currentPeriodEnd: '2030-05-10T12:00:00.000Z' });
    expect(overview.invoices).toEqual([]);
    expect(fake.requests).toEqual([]);
    await expectBalanceMatchesLedger(t, userId, 130_000);
  });

  it('keeps a first invoice.paid that arrives before checkout.completed (linked through the subscription metadata) and applies the change once', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    await checkout(t, user, 'creator');
    const pending = (await overviewOf(t, user)).pendingChange as PendingChange;
    const endpoint = `${baseUrl}/api/billing/webhooks/stripe`;
    const paid = fake.webhook('invoice.paid', {
      'data.object.id': 'in_fake_e2e_early',
      'data.object.customer': 'cus_fake_e2e_early',
      'data.object.parent.subscription_details.subscription': 'sub_fake_e2e_early',
      'data.object.parent.subscription_details.metadata': { userId, plan: 'creator', interval: 'monthly', pendingChangeId: pending.id },
    });
    expect((await fake.deliver(endpoint, paid)).status).toBe(200);
    const completed = fake.webhook('checkout.session.completed', {
      'data.object.client_reference_id': pending.id, 'data.object.subscription': 'sub_fake_e2e_early', 'data.object.customer': 'cus_fake_e2e_early',
    });
    expect((await fake.deliver(endpoint, completed)).status).toBe(200);

    const overview = await overviewOf(t, user);
    expect(overview.subscription).toMatchObject({ plan: 'creator', status: 'active' });
    expect(overview.pendingChange).toBeNull();
    // The early payment was recorded (the refund the money-back guarantee needs has an invoice to return).
    expect(overview.subscription.refundableUntil).not.toBeNull();
    await expectBalanceMatchesLedger(t, userId, 100_000);
  });

  /** The Checkout Session the fake opened for our pending change. */
  function sessionOf(pendingChangeId: string): { id: string; status: unknown } {
    const session = [...fake.checkoutSessions.values()].find((candidate) => candidate.client_reference_id === pendingChangeId);
    if (typeof session?.id !== 'string') throw new Error(`no Checkout Session for ${pendingChangeId}`);
    return { id: session.id, status: session.status };
  }

  async function pendingChangeOf(user: RegisteredUser): Promise<PendingChange> {
    const pending = (await overviewOf(t, user)).pendingChange;
    if (!pending) throw new Error('no pending change');
    return pending;
  }

  function withdraw(user: RegisteredUser) {
    return t.request({ method: 'DELETE', url: '/api/billing/pending-change', token: freshAccessToken(t, user) });
  }

  /** A session opened before sessions were remembered (or one whose id could not be kept): nothing can expire it. */
  async function forgetCheckoutOf(pendingChangeId: string): Promise<void> {
    await t.db.update(billingPendingChanges).set({ providerCheckoutId: null }).where(eq(billingPendingChanges.id, pendingChangeId));
  }

  it('expires the older Checkout Session when a new checkout replaces it: the old one cannot be paid, the new one applies', async () => {
    t.clock.advance(Date.parse(START) - t.clock.now());
    const user = await t.register();
    await checkout(t, user, 'creator');
    const older = sessionOf((await pendingChangeOf(user)).id);
    fake.requests.length = 0;

    expect(dataOf<CheckoutReply>(await checkout(t, user, 'pro')).action).toBe('redirect');
    const newer = await pendingChangeOf(user);
    expect(newer.plan).toBe('pro');
    expect(fake.requests.map((request) => [request.method, request.path])).toEqual([
      ['POST', `/v1/checkout/sessions/${older.id}/expire`],
      ['POST', '/v1/checkout/sessions'],
    ]);
    expect(sessionOf(newer.id).status).toBe('open');
    // The other tab's page now shows Stripe's "expired": there is nothing left to pay there.
    expect(() => fake.completeCheckout(older.id, { subscriptionId: 'sub_old_tab' })).toThrow(/expired/);

    const paid = fake.completeCheckout(sessionOf(newer.id).id, { subscriptionId: 'sub_new_tab' });
    expect((await fake.deliver(`${baseUrl}/api/billing/webhooks/stripe`, paid)).status).toBe(200);
    expect(await overviewOf(t, user)).toMatchObject({ pendingChange: null, subscription: { plan: 'pro', status: 'active' } });
  });

  it('expires the Checkout Session of a withdrawn change, so paying it afterwards is impossible', async () => {
    const user = await t.register();
    await checkout(t, user, 'creator');
    const session = sessionOf((await pendingChangeOf(user)).id);

    const withdrawn = await withdraw(user);
    expect(withdrawn.statusCode).toBe(200);
    expect(dataOf<BillingOverview>(withdrawn)).toMatchObject({ pendingChange: null, subscription: { plan: 'free' } });
    expect(fake.checkoutSessions.get(session.id)?.status).toBe('expired');
    expect(() => fake.completeCheckout(session.id, { subscriptionId: 'sub_withdrawn' })).toThrow(/expired/);
    expect((await withdraw(user)).statusCode).toBe(404);
  });

  it('refuses a replacement and a withdrawal with 409 when the earlier session was paid a moment before, and its webhook applies the payment', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    await checkout(t, user, 'creator');
    const pending = await pendingChangeOf(user);
    // Paid in the other tab; Stripe's webhook is still on its way.
    const completed = fake.completeCheckout(sessionOf(pending.id).id, { subscriptionId: 'sub_paid_meanwhile' });
    const refundsBefore = fake.refunds.length;
    const sessionsBefore = fake.checkoutSessions.size;

    for (const reply of [await checkout(t, user, 'pro'), await withdraw(user)]) {
      expect(reply.statusCode).toBe(409);
      expect(errorOf(reply)).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/earlier payment just went through; reload/) });
    }
    // Nothing changed: the paid change still waits, no second session was opened.
    expect(await pendingChangeOf(user)).toMatchObject({ id: pending.id, plan: 'creator' });
    expect(fake.checkoutSessions.size).toBe(sessionsBefore);

    expect((await fake.deliver(`${baseUrl}/api/billing/webhooks/stripe`, completed)).status).toBe(200);
    expect(await overviewOf(t, user)).toMatchObject({ pendingChange: null, subscription: { plan: 'creator', status: 'active' } });
    await expectBalanceMatchesLedger(t, userId, 100_000);
    expect(fake.refunds).toHaveLength(refundsBefore);
  });

  it('applies a payment for a withdrawn change whose session could not be expired when nothing was chosen since (logged at warn)', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    await checkout(t, user, 'creator');
    const pending = await pendingChangeOf(user);
    await forgetCheckoutOf(pending.id);
    fake.requests.length = 0;
    expect((await withdraw(user)).statusCode).toBe(200);
    expect(fake.requests).toEqual([]);
    const warn = vi.spyOn(t.app.log, 'warn');

    const completed = fake.completeCheckout(sessionOf(pending.id).id, { subscriptionId: 'sub_late_kept' });
    expect((await fake.deliver(`${baseUrl}/api/billing/webhooks/stripe`, completed)).status).toBe(200);

    expect(await overviewOf(t, user)).toMatchObject({ pendingChange: null, subscription: { plan: 'creator', status: 'active' } });
    await expectBalanceMatchesLedger(t, userId, 100_000);
    expect(fake.canceledSubscriptions).not.toContain('sub_late_kept');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ pendingChangeId: pending.id, subscriptionId: 'sub_late_kept' }), expect.stringMatching(/^late payment applied/));
    warn.mockRestore();
    // The subscription is the account's now: its renewals are recorded as usual.
    const renewal = fake.webhook('invoice.paid', { 'data.object.id': 'in_late_kept_renewal', 'data.object.parent.subscription_details.subscription': 'sub_late_kept' });
    expect((await fake.deliver(`${baseUrl}/api/billing/webhooks/stripe`, renewal)).status).toBe(200);
    expect((await overviewOf(t, user)).invoices).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('refunds a payment for a replaced change once the newer one is paid, cancels the subscription it opened, and records nothing (logged at warn)', async () => {
    const user = await t.register();
    const userId = user.session.user.id;
    const endpoint = `${baseUrl}/api/billing/webhooks/stripe`;
    await checkout(t, user, 'creator');
    const replaced = await pendingChangeOf(user);
    await forgetCheckoutOf(replaced.id);
    await checkout(t, user, 'pro');
    const newer = await pendingChangeOf(user);
    expect((await fake.deliver(endpoint, fake.completeCheckout(sessionOf(newer.id).id, { subscriptionId: 'sub_newer_paid' }))).status).toBe(200);
    const afterNewer = await overviewOf(t, user);
    expect(afterNewer.subscription.plan).toBe('pro');
    const balanceAfterNewer = await balanceAndLedger(t.db, userId);
    const warn = vi.spyOn(t.app.log, 'warn');

    // The old tab pays too. Stripe sends the first invoice.paid before checkout.session.completed here.
    const lateSession = sessionOf(replaced.id).id;
    const completed = fake.completeCheckout(lateSession, { subscriptionId: 'sub_replaced_paid' });
    const lateInvoice = String((completed.event.data as { object: { invoice: string } }).object.invoice);
    const firstInvoice = fake.webhook('invoice.paid', {
      'data.object.id': lateInvoice,
      'data.object.amount_paid': 2200,
      'data.object.parent.subscription_details.subscription': 'sub_replaced_paid',
      'data.object.parent.subscription_details.metadata': { userId, plan: 'creator', interval: 'monthly', pendingChangeId: replaced.id },
    });
    const refundsBefore = fake.refunds.length;
    expect((await fake.deliver(endpoint, firstInvoice)).status).toBe(200);
    expect((await fake.deliver(endpoint, completed)).status).toBe(200);
    expect((await fake.deliver(endpoint, fake.redeliver(completed))).status).toBe(200);

    expect(fake.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ amount: 2200, status: 'succeeded', metadata: { userId, invoiceId: lateInvoice } })]);
    expect(fake.canceledSubscriptions).toContain('sub_replaced_paid');
    expect(fake.canceledSubscriptions).not.toContain('sub_newer_paid');
    const overview = await overviewOf(t, user);
    expect(overview.subscription).toEqual(afterNewer.subscription);
    expect(overview.invoices).toEqual(afterNewer.invoices);
    expect(await balanceAndLedger(t.db, userId)).toEqual(balanceAfterNewer);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ pendingChangeId: replaced.id, invoiceId: lateInvoice }), expect.stringMatching(/^late payment refunded/));
    warn.mockRestore();
  });

  it('tells Stripe about a cancel, a resume and a refund made here (the request reaches the fake), and stops renewal on a refund', async () => {
    const user = await t.register();
    const post = (url: string) => t.request({ method: 'POST', url, token: freshAccessToken(t, user) });
    await checkout(t, user, 'creator');
    const pending = (await overviewOf(t, user)).pendingChange as PendingChange;
    const endpoint = `${baseUrl}/api/billing/webhooks/stripe`;
    const subscriptionPath = '/v1/subscriptions/sub_fake_e2e_refund';
    await fake.deliver(endpoint, fake.webhook('checkout.session.completed', {
      'data.object.client_reference_id': pending.id, 'data.object.subscription': 'sub_fake_e2e_refund', 'data.object.customer': 'cus_fake_e2e_refund',
    }));
    const paymentIntent = fake.payInvoice('in_fake_e2e_refund', 2200);
    const paid = await fake.deliver(endpoint, fake.webhook('invoice.paid', {
      'data.object.id': 'in_fake_e2e_refund', 'data.object.parent.subscription_details.subscription': 'sub_fake_e2e_refund',
    }));
    expect(paid.status).toBe(200);
    fake.requests.length = 0;
    const refundsBefore = fake.refunds.length;

    expect((await post('/api/billing/cancel')).statusCode).toBe(200);
    expect((await post('/api/billing/resume')).statusCode).toBe(200);
    expect(dataOf<BillingOverview>(await post('/api/billing/refund')).subscription.plan).toBe('free');

    expect(fake.requests.map((request) => [request.method, request.path, request.form])).toEqual([
      ['POST', subscriptionPath, { cancel_at_period_end: 'true' }],
      ['POST', subscriptionPath, { cancel_at_period_end: 'false' }],
      ['GET', '/v1/invoice_payments', { invoice: 'in_fake_e2e_refund', status: 'paid' }],
      ['POST', '/v1/refunds', { payment_intent: paymentIntent, amount: '2200', reason: 'requested_by_customer', metadata: { userId: user.session.user.id, invoiceId: 'in_fake_e2e_refund' } }],
      ['POST', subscriptionPath, { cancel_at_period_end: 'true' }],
    ]);
    expect(fake.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ payment_intent: paymentIntent, amount: 2200, status: 'succeeded' })]);
  });
});
