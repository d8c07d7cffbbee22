import { and, desc, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { PlanTier } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import { billingPendingChanges, billingWebhookEvents, creditTransactions, invoices, subscriptions, users } from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'userId'>>;
export type PendingChangeRow = typeof billingPendingChanges.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = Omit<typeof invoices.$inferInsert, 'id' | 'sequence'>;

/** Subscriptions, pending changes, invoices and handled webhook events. */
export class BillingRepository {
  constructor(private readonly db: Database) {}

  async findAccount(userId: string) {
    const [row] = await this.db
      .select({ id: users.id, email: users.email, plan: users.planName, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    return row ? { ...row, plan: row.plan as PlanTier } : undefined;
  }

  async setPlan(userId: string, plan: PlanTier, at: Date): Promise<void> {
    await this.db.update(users).set({ planName: plan, updatedAt: at }).where(eq(users.id, userId));
  }

  /** `lock`: FOR UPDATE, so renewals and plan changes of one account run one at a time across nodes. */
  async findSubscription(userId: string, lock = false): Promise<SubscriptionRow | undefined> {
    const query = this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async findSubscriptionByProviderId(providerSubscriptionId: string, lock = false): Promise<SubscriptionRow | undefined> {
    const query = this.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insertSubscription(row: typeof subscriptions.$inferInsert): Promise<void> {
    await this.db.insert(subscriptions).values(row).onConflictDoNothing();
  }

  async updateSubscription(userId: string, patch: SubscriptionPatch): Promise<void> {
    await this.db.update(subscriptions).set(patch).where(eq(subscriptions.userId, userId));
  }

  /** Accounts that have no subscription row yet (signed up since the last run). */
  async usersWithoutSubscription(limit: number): Promise<Array<{ id: string; createdAt: Date }>> {
    return this.db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(isNull(subscriptions.userId))
      .limit(limit);
  }

  /** Accounts whose next credit cycle has started by `now` (a billing period always ends at a cycle start). */
  async dueSubscriptions(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(lte(subscriptions.nextCycleAt, now))
      .orderBy(subscriptions.nextCycleAt)
      .limit(limit);
    return rows.map((row) => row.userId);
  }

  async findPendingFor(userId: string): Promise<PendingChangeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingPendingChanges)
      .where(and(eq(billingPendingChanges.userId, userId), eq(billingPendingChanges.status, 'pending')));
    return row;
  }

  async findPendingChange(id: string, lock = false): Promise<PendingChangeRow | undefined> {
    const query = this.db.select().from(billingPendingChanges).where(eq(billingPendingChanges.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insertPendingChange(row: typeof billingPendingChanges.$inferInsert): Promise<PendingChangeRow> {
    const [inserted] = await this.db.insert(billingPendingChanges).values(row).returning();
    if (!inserted) throw new Error('Pending change insert returned no row');
    return inserted;
  }

  /** Withdraws the account's waiting change, if any; returns whether there was one. */
  async cancelPendingFor(userId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(billingPendingChanges)
      .set({ status: 'canceled', resolvedAt: at })
      .where(and(eq(billingPendingChanges.userId, userId), eq(billingPendingChanges.status, 'pending')))
      .returning({ id: billingPendingChanges.id });
    return rows.length > 0;
  }

  /** Withdraws this change if it is still waiting (not one that replaced it meanwhile); returns whether it was. */
  async cancelPendingChange(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(billingPendingChanges)
      .set({ status: 'canceled', resolvedAt: at })
      .where(and(eq(billingPendingChanges.id, id), eq(billingPendingChanges.status, 'pending')))
      .returning({ id: billingPendingChanges.id });
    return rows.length > 0;
  }

  /** Remembers the provider's checkout page of a change still waiting; false when it was withdrawn meanwhile. */
  async recordCheckout(id: string, providerCheckoutId: string): Promise<boolean> {
    const rows = await this.db
      .update(billingPendingChanges)
      .set({ providerCheckoutId })
      .where(and(eq(billingPendingChanges.id, id), eq(billingPendingChanges.status, 'pending')))
      .returning({ id: billingPendingChanges.id });
    return rows.length > 0;
  }

  /**
   * Whether the account chose another change since `change` was made: one waiting or applied, made at or after it.
   * (At the same instant counts: an account has one waiting change at a time, so that one came after.)
   */
  async hasLaterChange(change: PendingChangeRow): Promise<boolean> {
    const rows = await this.db
      .select({ id: billingPendingChanges.id })
      .from(billingPendingChanges)
      .where(
        and(
          eq(billingPendingChanges.userId, change.userId),
          ne(billingPendingChanges.id, change.id),
          inArray(billingPendingChanges.status, ['pending', 'approved']),
          gte(billingPendingChanges.createdAt, change.createdAt),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async resolvePendingChange(id: string, status: 'approved' | 'rejected' | 'refunded', at: Date): Promise<void> {
    await this.db.update(billingPendingChanges).set({ status, resolvedAt: at }).where(eq(billingPendingChanges.id, id));
  }

  async listPendingChanges() {
    return this.db
      .select({ change: billingPendingChanges, email: users.email, currentPlan: users.planName })
      .from(billingPendingChanges)
      .innerJoin(users, eq(users.id, billingPendingChanges.userId))
      .where(eq(billingPendingChanges.status, 'pending'))
      .orderBy(billingPendingChanges.createdAt);
  }

  async listPaidSubscriptions() {
    return this.db
      .select({ subscription: subscriptions, email: users.email, plan: users.planName })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(ne(users.planName, 'free'))
      .orderBy(users.email);
  }

  async insertInvoice(row: InvoiceInsert): Promise<void> {
    await this.db.insert(invoices).values(row);
  }

  /** Records a provider's invoice once, however often its webhook arrives. */
  async insertProviderInvoice(row: InvoiceInsert & { providerInvoiceId: string }): Promise<void> {
    await this.db.insert(invoices).values(row).onConflictDoNothing();
  }

  async listInvoices(userId: string, limit: number): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.createdAt), desc(invoices.sequence))
      .limit(limit);
  }

  /** The latest paid, non-zero invoice paid after `since` (the money-back window). */
  async refundableInvoice(userId: string, since: Date): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.status, 'paid'), gt(invoices.amountCents, 0), gte(invoices.paidAt, since)))
      .orderBy(desc(invoices.paidAt), desc(invoices.sequence))
      .limit(1);
    return row;
  }

  async setInvoiceStatus(id: string, status: InvoiceRow['status']): Promise<void> {
    await this.db.update(invoices).set({ status }).where(eq(invoices.id, id));
  }

  /**
   * Claims a provider event. The primary key decides: of concurrent deliveries of one event exactly one inserts (the
   * others wait for its transaction, then find the row), so the event's work runs once. False: already handled.
   */
  async claimWebhookEvent(eventId: string, provider: string, type: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .insert(billingWebhookEvents)
      .values({ eventId: `${provider}:${eventId}`, provider, type, receivedAt: at })
      .onConflictDoNothing()
      .returning({ eventId: billingWebhookEvents.eventId });
    return rows.length > 0;
  }

  /** Credits spent since `from`: holds and charges less what came back. */
  async spentSince(userId: string, from: Date): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.userId, userId),
          inArray(creditTransactions.reason, ['hold', 'charge', 'release']),
          gte(creditTransactions.createdAt, from),
        ),
      );
    return Math.max(0, -(row?.sum ?? 0));
  }
}
