import {
  REFUND_WINDOW_DAYS,
  type BillingInterval,
  type BillingOverview,
  type CheckoutReply,
  type CheckoutRequest,
  type CreditCycle,
  type Invoice,
  type PendingChange,
  type PlanTier,
  type Subscription,
} from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  cycleIndexAt,
  cycleStart,
  CYCLES_PER_INTERVAL,
  grantExpiry,
  prorate,
  type Period,
} from '../../lib/credit-cycle.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import { AppError } from '../../lib/errors.ts';
import { findPlanRow, type PlanRow } from '../../lib/plan-repository.ts';
import type { BillingEvent, BillingProvider } from './providers/provider.ts';
import { BillingRepository, type InvoiceRow, type PendingChangeRow, type SubscriptionRow } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVOICES_SHOWN = 24;
/** Accounts handled per run of the renewal job; the next run takes the rest. */
const RENEWAL_BATCH = 500;

export interface BillingServiceDeps {
  db: Database;
  clock: Clock;
  credits: CreditService;
  provider: BillingProvider;
}

export interface CheckoutUrls {
  successUrl: string;
  cancelUrl: string;
}

type ChangeKind = 'same' | 'upgrade' | 'downgrade' | 'cancel';

/** One transaction's view: the repository and the credit ledger inside it. */
interface Work {
  db: Database;
  repository: BillingRepository;
  credits: CreditService;
}

/**
 * Subscriptions and the credit cycle. Every account has a subscription row (created on first need): monthly credit
 * cycles from its sign-up and a billing period (a cycle, or twelve for yearly billing). At each cycle start the
 * renewal job ends the period when it is over (applying a scheduled downgrade, cancel or failed payment), lapses the
 * grants whose roll-over ran out, and grants the plan's monthly credits once per cycle. Each account's row is locked
 * while that happens, and the grant's unique key keeps it to once even so.
 */
export class BillingService {
  readonly #repository: BillingRepository;

  constructor(private readonly deps: BillingServiceDeps) {
    this.#repository = new BillingRepository(deps.db);
  }

  get providerName() {
    return this.deps.provider.name;
  }

  // ---- renewal -------------------------------------------------------------------------------------------------

  /** The renewal job: subscription rows for new accounts, then every account whose cycle has started. */
  async runDueRenewals(): Promise<number> {
    for (const user of await this.#repository.usersWithoutSubscription(RENEWAL_BATCH)) await this.#ensureSubscription(user.id);
    const due = await this.#repository.dueSubscriptions(this.#now(), RENEWAL_BATCH);
    for (const userId of due) await this.catchUp(userId);
    return due.length;
  }

  /** Processes every cycle start of the account up to now, oldest first (a server that was down catches up). */
  async catchUp(userId: string): Promise<void> {
    await this.#ensureSubscription(userId);
    while (await this.#startNextCycle(userId)) {
      // each pass commits one cycle start
    }
  }

  async #ensureSubscription(userId: string): Promise<SubscriptionRow> {
    const existing = await this.#repository.findSubscription(userId);
    if (existing) return existing;
    const account = await this.#account(this.#repository, userId);
    // Cycles are counted from the sign-up; cycles that started before this row existed are not granted again.
    const anchor = account.createdAt;
    const index = cycleIndexAt(anchor, this.#now());
    await this.#repository.insertSubscription({
      userId,
      interval: 'monthly',
      status: 'active',
      cycleAnchor: anchor,
      cycleIndex: index,
      nextCycleAt: cycleStart(anchor, index + 1),
      currentPeriodStart: cycleStart(anchor, index),
      currentPeriodEnd: cycleStart(anchor, index + 1),
      createdAt: this.#now(),
      updatedAt: this.#now(),
    });
    const created = await this.#repository.findSubscription(userId);
    if (!created) throw new Error('Subscription insert left no row');
    return created;
  }

  /** One cycle start, in one transaction; false when the next one is still ahead. */
  async #startNextCycle(userId: string): Promise<boolean> {
    return this.#transaction(async (work) => {
      const subscription = await work.repository.findSubscription(userId, true);
      if (!subscription || subscription.nextCycleAt.getTime() > this.deps.clock.now()) return false;
      const index = subscription.cycleIndex + 1;
      const boundary = subscription.nextCycleAt;
      let plan = (await this.#account(work.repository, userId)).plan;
      if (subscription.currentPeriodEnd.getTime() <= boundary.getTime()) plan = await this.#endPeriod(work, subscription, index);
      await work.credits.expireGrants(userId, boundary);
      const planRow = await this.#planRow(plan, work.db);
      if (planRow.monthlyCredits > 0) {
        await work.credits.grantOnce(
          userId,
          planRow.monthlyCredits,
          `${planRow.displayName}: monthly credits`,
          `cycle:${boundary.toISOString()}`,
          grantExpiry(subscription.cycleAnchor, index),
        );
      }
      await work.repository.updateSubscription(userId, {
        cycleIndex: index,
        nextCycleAt: cycleStart(subscription.cycleAnchor, index + 1),
        updatedAt: this.#now(),
      });
      return true;
    });
  }

  /** The billing period is over: apply what was scheduled for its end, or renew. Returns the plan from now on. */
  async #endPeriod(work: Work, subscription: SubscriptionRow, index: number): Promise<PlanTier> {
    const account = await this.#account(work.repository, subscription.userId);
    const plan = subscription.scheduledPlan ?? account.plan;
    const interval: BillingInterval = plan === 'free' ? 'monthly' : (subscription.scheduledInterval ?? subscription.interval);
    const period = this.#periodFrom(subscription.cycleAnchor, index, interval);
    const endsPaidPlan = subscription.scheduledReason === 'cancel' || subscription.scheduledReason === 'payment_failed';
    if (plan !== account.plan) await work.repository.setPlan(subscription.userId, plan, this.#now());
    await work.repository.updateSubscription(subscription.userId, {
      interval,
      status: endsPaidPlan ? 'canceled' : 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      scheduledPlan: null,
      scheduledInterval: null,
      scheduledReason: null,
      updatedAt: this.#now(),
    });
    // Offline billing renews by invoice; a payment provider reports its own renewal invoice (invoice.paid).
    const planRow = await this.#planRow(plan, work.db);
    const price = priceOf(planRow, interval);
    if (this.deps.provider.name === 'manual' && price > 0) {
      await work.repository.insertInvoice({
        userId: subscription.userId,
        description: `${planRow.displayName} (${interval}) renewal`,
        amountCents: price,
        status: 'paid',
        periodStart: period.start,
        periodEnd: period.end,
        createdAt: this.#now(),
        paidAt: this.#now(),
      });
    }
    return plan;
  }

  // ---- the overview --------------------------------------------------------------------------------------------

  async overview(userId: string): Promise<BillingOverview> {
    await this.catchUp(userId);
    const repository = this.#repository;
    const account = await this.#account(repository, userId);
    const subscription = await this.#ensureSubscription(userId);
    const [pending, invoices, credits, refundable] = await Promise.all([
      repository.findPendingFor(userId),
      repository.listInvoices(userId, INVOICES_SHOWN),
      this.#creditCycle(account.plan, subscription),
      this.#refundableInvoice(userId),
    ]);
    return {
      provider: this.deps.provider.name,
      subscription: subscriptionView(account.plan, subscription, refundable),
      pendingChange: pending ? pendingView(pending) : null,
      credits,
      invoices: invoices.map(invoiceView),
    };
  }

  async #creditCycle(plan: PlanTier, subscription: SubscriptionRow): Promise<CreditCycle> {
    const userId = subscription.userId;
    const start = cycleStart(subscription.cycleAnchor, subscription.cycleIndex);
    const nextPlan =
      subscription.scheduledPlan && subscription.currentPeriodEnd.getTime() <= subscription.nextCycleAt.getTime()
        ? subscription.scheduledPlan
        : plan;
    const [balance, usedThisCycle, grants, nextPlanRow] = await Promise.all([
      this.deps.credits.balance(userId),
      this.#repository.spentSince(userId, start),
      this.deps.credits.openGrants(userId),
      this.#planRow(nextPlan),
    ]);
    const expiring = grants
      .filter((grant) => grant.remaining > 0 && grant.expiresAt !== null)
      .map((grant) => ({ amount: grant.remaining, expiresAt: (grant.expiresAt as Date).toISOString() }))
      .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
    return {
      balance,
      usedThisCycle,
      cycleStart: start.toISOString(),
      nextRenewalAt: subscription.nextCycleAt.toISOString(),
      nextRenewalCredits: nextPlanRow.monthlyCredits,
      expiring,
    };
  }

  // ---- plan changes --------------------------------------------------------------------------------------------

  /**
   * The pricing page's button: an upgrade waits for payment (a pending change: the provider's checkout, or the
   * operator under manual billing), a downgrade is scheduled for the period end, free means cancel, and choosing the
   * current plan withdraws a scheduled change.
   */
  async checkout(userId: string, request: CheckoutRequest, urls: CheckoutUrls): Promise<CheckoutReply> {
    await this.catchUp(userId);
    const target = await this.#planRow(request.plan);
    if (target.status !== 'active') throw new AppError('NOT_FOUND', `The ${request.plan} plan is not on sale`);
    const { kind, subscription, current } = await this.#classify(userId, request);
    if (kind === 'same') {
      if (subscription.scheduledReason && subscription.scheduledReason !== 'payment_failed') await this.#clearScheduledChange(userId);
      return { action: 'applied', billing: await this.overview(userId) };
    }
    if (kind === 'cancel') return { action: 'applied', billing: await this.cancel(userId) };
    // After a failed payment the account moves to free at the period end; a downgrade must not replace that move.
    if (kind === 'downgrade' && subscription.scheduledReason === 'payment_failed') {
      throw new AppError('CONFLICT', 'The last payment failed: update your payment details before changing the plan');
    }
    if (subscription.providerSubscriptionId) {
      return this.#changeProviderSubscription(userId, kind, request, { subscription, current, target, providerSubscriptionId: subscription.providerSubscriptionId });
    }
    if (kind === 'downgrade') {
      await this.#scheduleDowngrade(userId, request);
      return { action: 'applied', billing: await this.overview(userId) };
    }
    const pending = await this.#createPendingChange(userId, request, subscription, current, target);
    if (pending.amountDueCents === 0) {
      await this.#transaction((work) => this.#applyPendingChange(work, pending, { recordInvoice: false }));
      return { action: 'applied', billing: await this.overview(userId) };
    }
    const start = await this.deps.provider.startCheckout({
      userId,
      email: (await this.#account(this.#repository, userId)).email,
      pendingChangeId: pending.id,
      plan: request.plan,
      interval: request.interval,
      amountDueCents: pending.amountDueCents,
      customerId: subscription.providerCustomerId,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
    });
    if (start.kind === 'redirect') return { action: 'redirect', url: start.url };
    return { action: 'pending', billing: await this.overview(userId) };
  }

  /**
   * A plan paid by a running provider subscription (Stripe) changes that subscription instead of opening a second one.
   * Upgrade: the full new price with proration billed at once; the change applies when that invoice is paid
   * (invoice.paid carries the pending change id). Downgrade: the new price is set now without proration, so nothing is
   * billed or credited and the renewal invoice at the period end charges it (Stripe prices the renewal from the item
   * at the moment the period rolls over, before our renewal job runs, so changing it at the period end would bill the
   * old price once more); our plan changes at the period end as under manual billing. A provider that cannot change
   * a subscription, or a change of billing interval (Stripe would move the billing anchor), is refused.
   */
  async #changeProviderSubscription(
    userId: string,
    kind: 'upgrade' | 'downgrade',
    request: CheckoutRequest,
    plans: { subscription: SubscriptionRow; current: PlanRow; target: PlanRow; providerSubscriptionId: string },
  ): Promise<CheckoutReply> {
    const { subscription, current, target, providerSubscriptionId } = plans;
    const provider = this.deps.provider;
    if (!provider.changeSubscriptionPlan) {
      throw new AppError(
        'CONFLICT',
        'Your plan is paid by card subscription: cancel it in Settings > Billing, then choose the new plan when the current period ends',
      );
    }
    if (request.interval !== subscription.interval) {
      throw new AppError('CONFLICT', `Your card subscription is billed ${subscription.interval}: choose a plan billed ${subscription.interval}`);
    }
    const change = { subscriptionId: providerSubscriptionId, plan: request.plan, interval: request.interval, priceCents: priceOf(target, request.interval) };
    if (kind === 'downgrade') {
      await provider.changeSubscriptionPlan({ ...change, pendingChangeId: null, prorate: false });
      await this.#scheduleDowngrade(userId, request);
      return { action: 'applied', billing: await this.overview(userId) };
    }
    const pending = await this.#createPendingChange(userId, request, subscription, current, target);
    try {
      await provider.changeSubscriptionPlan({ ...change, pendingChangeId: pending.id, prorate: true });
    } catch (error) {
      // Stripe refused: nothing was billed, so the quote must not wait for a payment that will not come.
      await this.#repository.cancelPendingFor(userId, this.#now());
      throw error;
    }
    return { action: 'pending', billing: await this.overview(userId) };
  }

  async #scheduleDowngrade(userId: string, request: CheckoutRequest): Promise<void> {
    await this.#repository.updateSubscription(userId, {
      scheduledPlan: request.plan,
      scheduledInterval: request.interval,
      scheduledReason: 'downgrade',
      updatedAt: this.#now(),
    });
  }

  /** A downgrade withdrawn (or replaced by a cancel): the provider subscription goes back to the current plan's price. */
  async #restoreProviderPrice(userId: string): Promise<void> {
    const subscription = await this.#ensureSubscription(userId);
    const change = this.deps.provider.changeSubscriptionPlan?.bind(this.deps.provider);
    if (subscription.scheduledReason !== 'downgrade' || !subscription.providerSubscriptionId || !change) return;
    const plan = (await this.#account(this.#repository, userId)).plan;
    await change({
      subscriptionId: subscription.providerSubscriptionId,
      plan,
      interval: subscription.interval,
      priceCents: priceOf(await this.#planRow(plan), subscription.interval),
      pendingChangeId: null,
      prorate: false,
    });
  }

  async #classify(userId: string, request: CheckoutRequest) {
    const account = await this.#account(this.#repository, userId);
    const subscription = await this.#ensureSubscription(userId);
    const current = await this.#planRow(account.plan);
    const target = await this.#planRow(request.plan);
    return { kind: changeKind(account.plan, subscription.interval, current, request, target), subscription, current };
  }

  /** Quotes the upgrade (prorated) and stores it as the account's one pending change, replacing an older one. */
  async #createPendingChange(
    userId: string,
    request: CheckoutRequest,
    subscription: SubscriptionRow,
    current: PlanRow,
    target: PlanRow,
  ): Promise<PendingChangeRow> {
    const now = this.#now();
    const cycle = this.#currentCycle(subscription);
    const currentPeriod = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
    const keepsPeriod = request.interval === subscription.interval && current.name !== 'free';
    const period = keepsPeriod ? currentPeriod : this.#periodFrom(subscription.cycleAnchor, subscription.cycleIndex, request.interval);
    const quote = prorate({
      now,
      current: { priceCents: priceOf(current, subscription.interval), period: currentPeriod, monthlyCredits: current.monthlyCredits },
      next: { priceCents: priceOf(target, request.interval), period, monthlyCredits: target.monthlyCredits },
      cycle,
    });
    return this.#transaction(async (work) => {
      await work.repository.cancelPendingFor(userId, now);
      return work.repository.insertPendingChange({
        userId,
        plan: request.plan,
        interval: request.interval,
        amountDueCents: quote.amountDueCents,
        creditsOnPayment: quote.credits,
        periodStart: period.start,
        periodEnd: period.end,
        status: 'pending',
        createdAt: now,
      });
    }).catch((error: unknown) => {
      // Two checkouts of one account at once: the one-pending-change index lets one through.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Another plan change is being made; try again');
      throw error;
    });
  }

  /** The account is on free from now (a refund, or the provider ended its subscription): monthly cycles, nothing scheduled. */
  async #moveToFree(work: Work, subscription: SubscriptionRow, extra: { providerSubscriptionId?: null } = {}): Promise<void> {
    const period = this.#periodFrom(subscription.cycleAnchor, subscription.cycleIndex, 'monthly');
    await work.repository.setPlan(subscription.userId, 'free', this.#now());
    await work.repository.updateSubscription(subscription.userId, {
      interval: 'monthly',
      status: 'canceled',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      scheduledPlan: null,
      scheduledInterval: null,
      scheduledReason: null,
      ...extra,
      updatedAt: this.#now(),
    });
  }

  /**
   * A paid change takes effect: the plan at once, the prorated credits (once per change: the grant's unique key), and
   * under manual billing the invoice (a provider reports its own). The caller holds the change's row lock.
   */
  async #applyPendingChange(
    work: Work,
    pending: PendingChangeRow,
    options: { recordInvoice: boolean; customerId?: string | null; providerSubscriptionId?: string | null },
  ): Promise<void> {
    const now = this.#now();
    const subscription = await work.repository.findSubscription(pending.userId, true);
    if (!subscription) throw new AppError('NOT_FOUND', 'Subscription not found');
    // A change paid after its quoted period ran out starts a fresh period from the current cycle.
    const period =
      pending.periodEnd.getTime() > now.getTime()
        ? { start: pending.periodStart, end: pending.periodEnd }
        : this.#periodFrom(subscription.cycleAnchor, subscription.cycleIndex, pending.interval);
    await work.repository.setPlan(pending.userId, pending.plan, now);
    await work.repository.updateSubscription(pending.userId, {
      interval: pending.interval,
      status: 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      scheduledPlan: null,
      scheduledInterval: null,
      scheduledReason: null,
      ...(options.customerId ? { providerCustomerId: options.customerId } : {}),
      ...(options.providerSubscriptionId ? { providerSubscriptionId: options.providerSubscriptionId } : {}),
      updatedAt: now,
    });
    const planRow = await this.#planRow(pending.plan, work.db);
    if (pending.creditsOnPayment > 0) {
      await work.credits.grantOnce(
        pending.userId,
        pending.creditsOnPayment,
        `${planRow.displayName}: credits for the rest of this cycle`,
        `plan-change:${pending.id}`,
        grantExpiry(subscription.cycleAnchor, subscription.cycleIndex),
      );
    }
    if (options.recordInvoice && pending.amountDueCents > 0) {
      await work.repository.insertInvoice({
        userId: pending.userId,
        description: `${planRow.displayName} (${pending.interval})`,
        amountCents: pending.amountDueCents,
        status: 'paid',
        periodStart: period.start,
        periodEnd: period.end,
        createdAt: now,
        paidAt: now,
      });
    }
    await work.repository.resolvePendingChange(pending.id, 'approved', now);
  }

  async cancelPendingChange(userId: string): Promise<BillingOverview> {
    if (!(await this.#repository.cancelPendingFor(userId, this.#now()))) throw new AppError('NOT_FOUND', 'No plan change is waiting');
    return this.overview(userId);
  }

  /** Withdraws a scheduled downgrade or cancel; a move to free after a failed payment stays until a payment. */
  async cancelScheduledChange(userId: string): Promise<BillingOverview> {
    const subscription = await this.#ensureSubscription(userId);
    if (!subscription.scheduledReason) throw new AppError('NOT_FOUND', 'No plan change is scheduled');
    if (subscription.scheduledReason === 'payment_failed') {
      throw new AppError('CONFLICT', 'The last payment failed: update your payment details to keep the plan');
    }
    if (subscription.scheduledReason === 'cancel') await this.#tellProviderCancel(userId, false);
    await this.#clearScheduledChange(userId);
    return this.overview(userId);
  }

  /** Cancel: the plan runs to the end of the period, then the account moves to free. */
  async cancel(userId: string): Promise<BillingOverview> {
    await this.catchUp(userId);
    const account = await this.#account(this.#repository, userId);
    if (account.plan === 'free') throw new AppError('CONFLICT', 'The free plan has nothing to cancel');
    await this.#repository.cancelPendingFor(userId, this.#now());
    // A resume after this cancel keeps the current plan, so a downgraded provider price is put back first.
    await this.#restoreProviderPrice(userId);
    await this.#tellProviderCancel(userId, true);
    await this.#repository.updateSubscription(userId, {
      scheduledPlan: 'free',
      scheduledInterval: 'monthly',
      scheduledReason: 'cancel',
      updatedAt: this.#now(),
    });
    return this.overview(userId);
  }

  async #tellProviderCancel(userId: string, cancelAtPeriodEnd: boolean): Promise<void> {
    const subscription = await this.#ensureSubscription(userId);
    if (!subscription.providerSubscriptionId) return;
    await this.deps.provider.setCancelAtPeriodEnd?.({ subscriptionId: subscription.providerSubscriptionId, cancelAtPeriodEnd });
  }

  async resume(userId: string): Promise<BillingOverview> {
    const subscription = await this.#ensureSubscription(userId);
    if (subscription.scheduledReason !== 'cancel') throw new AppError('CONFLICT', 'The subscription is not cancelled');
    await this.#tellProviderCancel(userId, false);
    await this.#clearScheduledChange(userId);
    return this.overview(userId);
  }

  async #clearScheduledChange(userId: string): Promise<void> {
    await this.#restoreProviderPrice(userId);
    await this.#repository.updateSubscription(userId, {
      scheduledPlan: null,
      scheduledInterval: null,
      scheduledReason: null,
      updatedAt: this.#now(),
    });
  }

  /**
   * The 14-day money-back guarantee: the last payment is refunded, the unspent credits it bought are taken back
   * (refund_reversal rows) and the account moves to free at once.
   */
  async refund(userId: string): Promise<BillingOverview> {
    await this.catchUp(userId);
    const invoice = await this.#refundableInvoice(userId);
    if (!invoice?.paidAt) throw new AppError('CONFLICT', `No payment of the last ${REFUND_WINDOW_DAYS} days can be refunded`);
    const paidAt = invoice.paidAt;
    // The money goes back first: when the provider refuses, nothing here changes.
    await this.deps.provider.refundPayment?.({ userId, providerInvoiceId: invoice.providerInvoiceId, amountCents: invoice.amountCents });
    // The account is free from now on, so the provider must not bill it again. A retry after a failure here refunds
    // nothing twice: the provider's refund is once per invoice.
    await this.#tellProviderCancel(userId, true);
    await this.#transaction(async (work) => {
      const subscription = await work.repository.findSubscription(userId, true);
      if (!subscription) throw new AppError('NOT_FOUND', 'Subscription not found');
      await work.repository.setInvoiceStatus(invoice.id, 'refunded');
      await work.credits.reverseGrants(
        userId,
        (open) => open.filter((grant) => grant.reason === 'monthly_grant' && grant.createdAt.getTime() >= paidAt.getTime()),
        'Credits of a refunded payment',
      );
      await work.repository.cancelPendingFor(userId, this.#now());
      await this.#moveToFree(work, subscription);
    });
    return this.overview(userId);
  }

  async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
    const subscription = await this.#ensureSubscription(userId);
    const portal = await this.deps.provider.openPortal({ userId, customerId: subscription.providerCustomerId, returnUrl });
    if (!portal) throw new AppError('NOT_FOUND', 'Billing is handled by the operator: there is no payment portal');
    return portal;
  }

  // ---- the operator --------------------------------------------------------------------------------------------

  async adminOverview() {
    const [pending, paid] = await Promise.all([this.#repository.listPendingChanges(), this.#repository.listPaidSubscriptions()]);
    return {
      pendingChanges: pending.map(({ change, email, currentPlan }) => ({ ...pendingView(change), email, currentPlan: currentPlan as PlanTier })),
      subscriptions: paid.map(({ subscription, email, plan }) => ({
        email,
        plan: plan as PlanTier,
        interval: subscription.interval,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
        scheduledPlan: subscription.scheduledPlan,
      })),
    };
  }

  /** The operator confirms a pending change was paid (manual billing): it takes effect now. */
  async approve(pendingChangeId: string) {
    return this.#resolveAsOperator(pendingChangeId, 'approved');
  }

  async reject(pendingChangeId: string) {
    return this.#resolveAsOperator(pendingChangeId, 'rejected');
  }

  async #resolveAsOperator(pendingChangeId: string, decision: 'approved' | 'rejected') {
    if (!UUID_PATTERN.test(pendingChangeId)) throw new AppError('NOT_FOUND', 'No such pending change');
    const change = await this.#transaction(async (work) => {
      const pending = await work.repository.findPendingChange(pendingChangeId, true);
      if (!pending) throw new AppError('NOT_FOUND', 'No such pending change');
      if (pending.status !== 'pending') throw new AppError('CONFLICT', `This change was already ${pending.status}`);
      if (decision === 'approved') await this.#applyPendingChange(work, pending, { recordInvoice: true });
      else await work.repository.resolvePendingChange(pending.id, 'rejected', this.#now());
      return pending;
    });
    const account = await this.#account(this.#repository, change.userId);
    return { pendingChange: pendingView(change), status: decision, email: account.email, plan: account.plan };
  }

  // ---- payment events ------------------------------------------------------------------------------------------

  /** Verifies and parses a webhook delivery (WebhookSignatureError when the signature does not match). */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent | null {
    return this.deps.provider.parseWebhook(rawBody, signature);
  }

  /**
   * A payment provider's event, handled at most once: the event's claim row and its effects commit together, so a
   * concurrent or replayed delivery finds the claim and does nothing (and a failed handling leaves no claim).
   */
  async handleEvent(event: BillingEvent): Promise<{ duplicate: boolean }> {
    const duplicate = await this.#transaction(async (work) => {
      const claimed = await work.repository.claimWebhookEvent(event.id, this.deps.provider.name, event.type, this.#now());
      if (!claimed) return true;
      await this.#applyEvent(work, event);
      return false;
    });
    return { duplicate };
  }

  async #applyEvent(work: Work, event: BillingEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.completed': {
        if (!UUID_PATTERN.test(event.pendingChangeId)) return;
        const pending = await work.repository.findPendingChange(event.pendingChangeId, true);
        if (pending?.status !== 'pending') return;
        await this.#applyPendingChange(work, pending, {
          recordInvoice: false,
          customerId: event.customerId,
          providerSubscriptionId: event.subscriptionId,
        });
        return;
      }
      case 'invoice.paid': {
        const linked = await this.#subscriptionOfPaidInvoice(work, event);
        if (!linked) return;
        const upgraded = await this.#applyUpgradeOfInvoice(work, linked, event);
        const subscription = upgraded ?? linked;
        const planRow = await this.#planRow((await this.#account(work.repository, subscription.userId)).plan, work.db);
        await work.repository.insertProviderInvoice({
          userId: subscription.userId,
          description: `${planRow.displayName} (${subscription.interval})`,
          amountCents: event.amountCents,
          status: 'paid',
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
          providerInvoiceId: event.invoiceId,
          createdAt: this.#now(),
          paidAt: this.#now(),
        });
        const paymentRecovered = subscription.scheduledReason === 'payment_failed';
        await work.repository.updateSubscription(subscription.userId, {
          status: 'active',
          // A proration invoice bills the rest of the running period: the period itself stays as it is.
          ...(upgraded ? {} : { currentPeriodStart: event.periodStart, currentPeriodEnd: event.periodEnd }),
          ...(paymentRecovered ? { scheduledPlan: null, scheduledInterval: null, scheduledReason: null } : {}),
          updatedAt: this.#now(),
        });
        return;
      }
      case 'invoice.payment_failed': {
        const subscription = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
        if (!subscription) return;
        // The plan stays paid for until the period ends; then the renewal job moves the account to free.
        await work.repository.updateSubscription(subscription.userId, {
          status: 'past_due',
          scheduledPlan: 'free',
          scheduledInterval: 'monthly',
          scheduledReason: 'payment_failed',
          updatedAt: this.#now(),
        });
        return;
      }
      case 'subscription.updated': {
        const subscription = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
        if (!subscription) return;
        const scheduled = event.cancelAtPeriodEnd
          ? { scheduledPlan: 'free' as const, scheduledInterval: 'monthly' as const, scheduledReason: 'cancel' as const }
          : subscription.scheduledReason === 'cancel'
            ? { scheduledPlan: null, scheduledInterval: null, scheduledReason: null }
            : {};
        await work.repository.updateSubscription(subscription.userId, {
          ...scheduled,
          currentPeriodEnd: event.currentPeriodEnd,
          updatedAt: this.#now(),
        });
        return;
      }
      case 'subscription.deleted': {
        const subscription = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
        if (!subscription) return;
        await this.#moveToFree(work, subscription, { providerSubscriptionId: null });
        return;
      }
    }
  }

  /**
   * The subscription a paid invoice belongs to. Stripe does not order its events: the first invoice may come before
   * checkout.completed has linked the subscription. Then the invoice's pending change is applied here (as the
   * completed checkout would), so the payment is recorded; the later checkout.completed finds it applied and stops.
   */
  async #subscriptionOfPaidInvoice(work: Work, event: Extract<BillingEvent, { type: 'invoice.paid' }>): Promise<SubscriptionRow | undefined> {
    const linked = await work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
    if (linked || !event.pendingChangeId || !UUID_PATTERN.test(event.pendingChangeId)) return linked;
    const pending = await work.repository.findPendingChange(event.pendingChangeId, true);
    if (pending?.status !== 'pending') return undefined;
    await this.#applyPendingChange(work, pending, { recordInvoice: false, customerId: event.customerId ?? null, providerSubscriptionId: event.subscriptionId });
    return work.repository.findSubscriptionByProviderId(event.subscriptionId, true);
  }

  /**
   * The proration invoice of an upgrade made on the running subscription: its metadata names our pending change, which
   * takes effect now (plan and pro-rata credits, once: the change is resolved and its grant keyed). Later invoices of
   * the subscription still carry the id, but the change is no longer pending. Returns the updated row, or undefined.
   */
  async #applyUpgradeOfInvoice(
    work: Work,
    subscription: SubscriptionRow,
    event: Extract<BillingEvent, { type: 'invoice.paid' }>,
  ): Promise<SubscriptionRow | undefined> {
    if (!event.pendingChangeId || !UUID_PATTERN.test(event.pendingChangeId)) return undefined;
    const pending = await work.repository.findPendingChange(event.pendingChangeId, true);
    if (pending?.status !== 'pending' || pending.userId !== subscription.userId) return undefined;
    await this.#applyPendingChange(work, pending, { recordInvoice: false });
    return work.repository.findSubscription(subscription.userId, true);
  }

  // ---- helpers -------------------------------------------------------------------------------------------------

  async #refundableInvoice(userId: string): Promise<InvoiceRow | undefined> {
    return this.#repository.refundableInvoice(userId, new Date(this.deps.clock.now() - REFUND_WINDOW_DAYS * DAY_MS));
  }

  #currentCycle(subscription: SubscriptionRow): Period {
    return {
      start: cycleStart(subscription.cycleAnchor, subscription.cycleIndex),
      end: cycleStart(subscription.cycleAnchor, subscription.cycleIndex + 1),
    };
  }

  /** A billing period starting at cycle `index`: one cycle (monthly) or twelve (yearly). */
  #periodFrom(anchor: Date, index: number, interval: BillingInterval): Period {
    return { start: cycleStart(anchor, index), end: cycleStart(anchor, index + CYCLES_PER_INTERVAL[interval]) };
  }

  async #account(repository: BillingRepository, userId: string) {
    const account = await repository.findAccount(userId);
    if (!account) throw new AppError('UNAUTHORIZED', 'Account not found');
    return account;
  }

  /** Inside a transaction, pass its handle: the embedded database has one connection, held by the transaction. */
  async #planRow(name: string, db: Database = this.deps.db): Promise<PlanRow> {
    const row = await findPlanRow(db, name);
    if (!row) throw new AppError('NOT_FOUND', `No plan named ${name}`);
    return row;
  }

  #transaction<T>(run: (work: Work) => Promise<T>): Promise<T> {
    return this.deps.db.transaction((tx) => run({ db: tx, repository: new BillingRepository(tx), credits: this.deps.credits.within(tx) }));
  }

  #now(): Date {
    return new Date(this.deps.clock.now());
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function priceOf(plan: PlanRow, interval: BillingInterval): number {
  return interval === 'yearly' ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

/**
 * Upgrade: a dearer plan, or the same plan billed yearly instead of monthly. Downgrade: a cheaper plan, or yearly back
 * to monthly. Free: a cancel.
 */
export function changeKind(
  currentPlan: PlanTier,
  currentInterval: BillingInterval,
  current: PlanRow,
  request: CheckoutRequest,
  target: PlanRow,
): ChangeKind {
  if (request.plan === currentPlan && (request.interval === currentInterval || currentPlan === 'free')) return 'same';
  if (request.plan === 'free') return 'cancel';
  if (target.monthlyPriceCents !== current.monthlyPriceCents) {
    return target.monthlyPriceCents > current.monthlyPriceCents ? 'upgrade' : 'downgrade';
  }
  if (request.plan !== currentPlan) return target.monthlyCredits > current.monthlyCredits ? 'upgrade' : 'downgrade';
  return request.interval === 'yearly' ? 'upgrade' : 'downgrade';
}

function subscriptionView(plan: PlanTier, row: SubscriptionRow, refundable: InvoiceRow | undefined): Subscription {
  return {
    plan,
    interval: row.interval,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.scheduledReason === 'cancel',
    scheduledChange:
      row.scheduledPlan && row.scheduledReason
        ? {
            plan: row.scheduledPlan,
            interval: row.scheduledInterval ?? 'monthly',
            effectiveAt: row.currentPeriodEnd.toISOString(),
            reason: row.scheduledReason,
          }
        : null,
    refundableUntil: refundable?.paidAt ? new Date(refundable.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString() : null,
  };
}

function pendingView(row: PendingChangeRow): PendingChange {
  return {
    id: row.id,
    plan: row.plan,
    interval: row.interval,
    amountDueCents: row.amountDueCents,
    creditsOnPayment: row.creditsOnPayment,
    createdAt: row.createdAt.toISOString(),
  };
}

function invoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: `SS-${String(row.sequence).padStart(6, '0')}`,
    description: row.description,
    amountCents: row.amountCents,
    currency: 'USD',
    status: row.status,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
