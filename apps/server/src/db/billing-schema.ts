import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BILLING_INTERVALS, PLAN_TIERS } from '@sound-studio/shared';
import { users } from './accounts-schema.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export const SCHEDULED_CHANGE_REASONS = ['downgrade', 'payment_failed', 'cancel'] as const;

/**
 * One row per account: its billing interval, period and credit cycle. The plan itself stays users.plan_name (what
 * every feature reads). Credit cycles are monthly from `cycle_anchor` (the sign-up), whatever the billing interval;
 * `next_cycle_at` is the next cycle start the renewal job has yet to process.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull().default('monthly'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    cycleAnchor: moment('cycle_anchor').notNull(),
    /** Index of the credit cycle in progress (0: the one starting at the anchor). */
    cycleIndex: integer('cycle_index').notNull(),
    nextCycleAt: moment('next_cycle_at').notNull(),
    currentPeriodStart: moment('current_period_start').notNull(),
    currentPeriodEnd: moment('current_period_end').notNull(),
    scheduledPlan: text('scheduled_plan', { enum: PLAN_TIERS }),
    scheduledInterval: text('scheduled_interval', { enum: BILLING_INTERVALS }),
    scheduledReason: text('scheduled_reason', { enum: SCHEDULED_CHANGE_REASONS }),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [index('subscriptions_next_cycle_idx').on(table.nextCycleAt)],
);

/** `refunded`: withdrawn or replaced, paid anyway at the provider, and the payment returned (provider-events.ts). */
export const PENDING_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'canceled', 'refunded'] as const;

/** A paid plan change waiting for its payment: the operator's approval (manual) or Stripe Checkout. */
export const billingPendingChanges = pgTable(
  'billing_pending_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLAN_TIERS }).notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    creditsOnPayment: integer('credits_on_payment').notNull(),
    /** The billing period the plan runs for once paid (quoted with the price). */
    periodStart: moment('period_start').notNull(),
    periodEnd: moment('period_end').notNull(),
    status: text('status', { enum: PENDING_CHANGE_STATUSES }).notNull().default('pending'),
    /**
     * The provider's checkout page for this change (Stripe: the Checkout Session id), so a withdrawn or replaced change
     * can have its page expired before the user pays it from another tab; null when there is none (manual billing).
     */
    providerCheckoutId: text('provider_checkout_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
    resolvedAt: moment('resolved_at'),
  },
  (table) => [
    // At most one change waits per account: a new checkout replaces the old one.
    uniqueIndex('billing_pending_changes_one_per_user').on(table.userId).where(sql`${table.status} = 'pending'`),
  ],
);

export const INVOICE_STATUSES = ['open', 'paid', 'failed', 'refunded', 'void'] as const;

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as the invoice number (SS-000001). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    periodStart: moment('period_start').notNull(),
    periodEnd: moment('period_end').notNull(),
    /** The provider's invoice id, recorded once however often its webhook arrives. */
    providerInvoiceId: text('provider_invoice_id').unique(),
    createdAt: moment('created_at').notNull().defaultNow(),
    paidAt: moment('paid_at'),
  },
  (table) => [index('invoices_user_created_idx').on(table.userId, table.createdAt)],
);

/** Payment events already handled: the primary key makes each provider event count once, however often delivered. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: moment('received_at').notNull().defaultNow(),
});
