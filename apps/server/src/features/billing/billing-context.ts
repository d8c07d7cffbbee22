import { REFUND_WINDOW_DAYS, type BillingInterval } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { cycleIndexAt, cycleStart, CYCLES_PER_INTERVAL, type Period } from '../../lib/credit-cycle.ts';
import type { CreditService } from '../../lib/credit-service.ts';
import { AppError } from '../../lib/errors.ts';
import { findPlanRow, type PlanRow } from '../../lib/plan-repository.ts';
import type { BillingProvider } from './providers/provider.ts';
import { BillingRepository, type InvoiceRow, type SubscriptionRow } from './repository.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where billing reports what an operator should know of (a late payment kept or refunded); pino's shape. */
export interface BillingLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface BillingServiceDeps {
  db: Database;
  clock: Clock;
  credits: CreditService;
  provider: BillingProvider;
  /** The app's logger; silent when absent (jobs and tests that build the service themselves). */
  log?: BillingLog;
}

const SILENT: BillingLog = { warn: () => undefined };

/** One transaction's view: the repository and the credit ledger inside it. */
export interface Work {
  db: Database;
  repository: BillingRepository;
  credits: CreditService;
}

/**
 * What every billing rule reads: the dependencies, the repository outside a transaction, the time, and the account's
 * subscription row (created on first need). The rules themselves live in one file each (renewal, plan-changes, ...).
 */
export class BillingContext {
  readonly repository: BillingRepository;

  constructor(readonly deps: BillingServiceDeps) {
    this.repository = new BillingRepository(deps.db);
  }

  get provider(): BillingProvider {
    return this.deps.provider;
  }

  get log(): BillingLog {
    return this.deps.log ?? SILENT;
  }

  now(): Date {
    return new Date(this.deps.clock.now());
  }

  transaction<T>(run: (work: Work) => Promise<T>): Promise<T> {
    return this.deps.db.transaction((tx) => run({ db: tx, repository: new BillingRepository(tx), credits: this.deps.credits.within(tx) }));
  }

  async account(userId: string, repository: BillingRepository = this.repository) {
    const account = await repository.findAccount(userId);
    if (!account) throw new AppError('UNAUTHORIZED', 'Account not found');
    return account;
  }

  /** Inside a transaction, pass its handle: the embedded database has one connection, held by the transaction. */
  async planRow(name: string, db: Database = this.deps.db): Promise<PlanRow> {
    const row = await findPlanRow(db, name);
    if (!row) throw new AppError('NOT_FOUND', `No plan named ${name}`);
    return row;
  }

  /** Every account has a subscription row; cycles that started before it existed are not granted again. */
  async ensureSubscription(userId: string): Promise<SubscriptionRow> {
    const existing = await this.repository.findSubscription(userId);
    if (existing) return existing;
    const account = await this.account(userId);
    // Cycles are counted from the sign-up.
    const anchor = account.createdAt;
    const index = cycleIndexAt(anchor, this.now());
    await this.repository.insertSubscription({
      userId,
      interval: 'monthly',
      status: 'active',
      cycleAnchor: anchor,
      cycleIndex: index,
      nextCycleAt: cycleStart(anchor, index + 1),
      currentPeriodStart: cycleStart(anchor, index),
      currentPeriodEnd: cycleStart(anchor, index + 1),
      createdAt: this.now(),
      updatedAt: this.now(),
    });
    const created = await this.repository.findSubscription(userId);
    if (!created) throw new Error('Subscription insert left no row');
    return created;
  }

  async refundableInvoice(userId: string): Promise<InvoiceRow | undefined> {
    return this.repository.refundableInvoice(userId, new Date(this.deps.clock.now() - REFUND_WINDOW_DAYS * DAY_MS));
  }
}

export function priceOf(plan: PlanRow, interval: BillingInterval): number {
  return interval === 'yearly' ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

export function currentCycle(subscription: SubscriptionRow): Period {
  return {
    start: cycleStart(subscription.cycleAnchor, subscription.cycleIndex),
    end: cycleStart(subscription.cycleAnchor, subscription.cycleIndex + 1),
  };
}

/** A billing period starting at cycle `index`: one cycle (monthly) or twelve (yearly). */
export function periodFrom(anchor: Date, index: number, interval: BillingInterval): Period {
  return { start: cycleStart(anchor, index), end: cycleStart(anchor, index + CYCLES_PER_INTERVAL[interval]) };
}
