import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CREDIT_REASONS,
  JOB_STATUSES,
  MOODS,
  SPEECH_MODELS,
  type CreditRates,
  type PlanFeatures,
  type Preferences,
} from '@sound-studio/shared';

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
    /** The job (or music track) whose run settles the hold; null when a request settles it before replying. */
    jobId: uuid('job_id'),
    /**
     * Until when the hold counts as taken care of without proof: a request's lease (renewed while it runs), or the
     * moment by which a job's row must exist. Past it, a hold with no live job is released by the sweep.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('credit_reservations_user_id_idx').on(table.userId),
    index('credit_reservations_held_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'held'`),
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
    /** A grant's roll-over limit: its unspent remainder lapses then (an 'expiry' row); null never lapses. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('credit_transactions_user_sequence_idx').on(table.userId, table.sequence),
    index('credit_transactions_reservation_id_idx').on(table.reservationId),
    // One monthly grant per user and cycle (reference 'cycle:<start>') or plan change, whichever node writes it.
    uniqueIndex('credit_transactions_monthly_grant_once')
      .on(table.userId, table.reference)
      .where(sql`${table.reason} = 'monthly_grant'`),
    // A grant lapses or is reversed at most once (reference: the grant's row id).
    uniqueIndex('credit_transactions_grant_closed_once')
      .on(table.reference)
      .where(sql`${table.reason} in ('expiry', 'refund_reversal')`),
  ],
);

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Background work (long-form speech, later music): the row is the source of truth for status and progress, whichever
 * queue (in-process or BullMQ) delivers it to a worker. `attempts` counts starts, so restarts are visible.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
    startedAt: timestampColumn('started_at'),
    finishedAt: timestampColumn('finished_at'),
  },
  (table) => [
    index('jobs_status_created_idx').on(table.status, table.createdAt),
    index('jobs_user_id_idx').on(table.userId),
    check('jobs_progress_range', sql`${table.progress} >= 0 AND ${table.progress} <= 1`),
  ],
);

export const TTS_SOURCES = ['editor', 'document', 'api'] as const;

/** Every text-to-speech generation a user keeps: what was said, how, and where its MP3 is stored. */
export const ttsGenerations = pgTable(
  'tts_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    voiceId: text('voice_id').notNull(),
    voiceName: text('voice_name').notNull(),
    mood: text('mood', { enum: MOODS }),
    speed: doublePrecision('speed').notNull(),
    pitch: doublePrecision('pitch').notNull(),
    volume: doublePrecision('volume').notNull(),
    language: text('language'),
    model: text('model', { enum: SPEECH_MODELS }).notNull(),
    source: text('source', { enum: TTS_SOURCES }).notNull(),
    characters: integer('characters').notNull(),
    credits: integer('credits').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    fileKey: text('file_key').notNull(),
    /** The developer API key that made it (source 'api'), by name as it was at the time. */
    apiKeyName: text('api_key_name'),
    createdAt: createdAt(),
  },
  (table) => [index('tts_generations_user_created_idx').on(table.userId, table.createdAt)],
);

/** The spec's Preferences entity, one JSON document per user (read merged over the defaults). */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Preferences>().notNull(),
  updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
});

export * from './music-schema.ts';
export * from './voice-lab-schema.ts';
export * from './api-keys-schema.ts';
export * from './billing-schema.ts';
