import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CreditRates, PlanFeatures } from '@sound-studio/shared';

/**
 * Plans and users: the tables every other schema file references, apart from schema.ts (which re-exports them with
 * the rest), so no schema file imports schema.ts and schema.ts imports none that imports it back.
 */

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
