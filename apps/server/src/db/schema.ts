import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CREDIT_REASONS,
  type CreditActivity,
  JOB_STATUSES,
  MOODS,
  SPEECH_MODELS,
  type Preferences,
} from '@sound-studio/shared';
import { users } from './accounts-schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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

/** A refunded grant's share of a hold (see credit_reservations.forfeits). */
export interface HoldForfeit {
  grantId: string;
  amount: number;
}
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
    /**
     * Parts of this hold that came out of grants refunded since it was made and that the rest of the balance could not
     * take over: they never come back to the balance (written off as 'refund_reversal' rows when the hold ends).
     */
    forfeits: jsonb('forfeits').$type<HoldForfeit[]>().notNull().default([]),
    /** What the hold pays for, so the credit activity can say it in the reader's language (null: older holds). */
    activity: jsonb('activity').$type<CreditActivity>(),
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
    // A grant lapses or is reversed at most once (reference: the grant's row id)...
    uniqueIndex('credit_transactions_grant_closed_once')
      .on(table.reference)
      .where(sql`${table.reason} in ('expiry', 'refund_reversal') and ${table.reservationId} is null`),
    // ...and a refunded grant's share of a hold is written off once, when that hold ends.
    uniqueIndex('credit_transactions_hold_forfeit_once')
      .on(table.reference, table.reservationId)
      .where(sql`${table.reason} = 'refund_reversal' and ${table.reservationId} is not null`),
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
    /** That key's id (no foreign key: the history outlives a deleted key). */
    apiKeyId: uuid('api_key_id'),
    createdAt: createdAt(),
  },
  (table) => [index('tts_generations_user_created_idx').on(table.userId, table.createdAt)],
);

/** The spec's Preferences entity, one JSON document per user (read merged over the defaults). */
/**
 * Password reset links: stored only as SHA-256 hashes of the token, so a database leak hands out no links. `usedAt`
 * makes a link single-use; a successful reset marks every link of the account used.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

export const OAUTH_PROVIDERS = ['google', 'github'] as const;

/**
 * Social sign-in: which provider account (provider + its stable subject id) signs in as which user. One user may have
 * one identity per provider.
 */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: OAUTH_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider gave at the last sign-in (for the record; sign-in goes by subject). */
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('oauth_identities_provider_subject_idx').on(table.provider, table.subject),
    uniqueIndex('oauth_identities_user_provider_idx').on(table.userId, table.provider),
  ],
);

export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Preferences>().notNull(),
  updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
});

export * from './accounts-schema.ts';
export * from './music-schema.ts';
export * from './voice-lab-schema.ts';
export * from './api-keys-schema.ts';
export * from './billing-schema.ts';
export * from './file-store-schema.ts';
