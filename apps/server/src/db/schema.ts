import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CREDIT_REASONS, type CreditRates, type PlanFeatures } from '@sound-studio/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Subscription plans. Prices are stored in cents so yearly prices like 211.20 stay exact. */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
  displayOrder: integer('display_order').notNull(),
  popular: boolean('popular').notNull().default(false),
  badge: text('badge'),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
  yearlyPriceCents: integer('yearly_price_cents').notNull(),
  yearlyDiscountPercent: integer('yearly_discount_percent').notNull(),
  monthlyCredits: integer('monthly_credits').notNull(),
  creditRates: jsonb('credit_rates').$type<CreditRates>().notNull(),
  customVoices: integer('custom_voices').notNull(),
  features: jsonb('features').$type<PlanFeatures>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** `credits` caches SUM(credit_transactions.amount) and is only changed together with a ledger insert. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    planName: text('plan_name')
      .notNull()
      .default('free')
      .references(() => plans.name, { onUpdate: 'cascade' }),
    credits: integer('credits').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('users_credits_non_negative', sql`${table.credits} >= 0`)],
);

/** A sign-in: one family of refresh tokens. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes; `usedAt` marks a rotated token so its reuse is detected. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('refresh_tokens_session_id_idx').on(table.sessionId)],
);

export const RESERVATION_STATUSES = ['held', 'settled', 'released'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Credits put aside for a job until it is settled (charged) or released (given back). */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    chargedAmount: integer('charged_amount'),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('held'),
    description: text('description').notNull(),
    reference: text('reference'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('credit_reservations_user_id_idx').on(table.userId),
    check('credit_reservations_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** The credit ledger: every grant, hold, release and charge. Amounts are signed. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, so rows written within the same millisecond still sort newest first. */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    reservationId: uuid('reservation_id').references(() => creditReservations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('credit_transactions_user_sequence_idx').on(table.userId, table.sequence),
    index('credit_transactions_reservation_id_idx').on(table.reservationId),
  ],
);
