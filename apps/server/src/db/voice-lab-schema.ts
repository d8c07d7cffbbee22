import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Mood, VoiceSpec } from '@sound-studio/audio';
import type { CloneMatch, VoiceDesignParams } from '@sound-studio/shared';
// Only read lazily inside references(), so the cycle with schema.ts (which re-exports this file) is harmless.
import { users } from './accounts-schema.ts';

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CUSTOM_VOICE_KINDS = ['designed', 'cloned'] as const;
export type CustomVoiceKind = (typeof CUSTOM_VOICE_KINDS)[number];

/** How a custom voice speaks: the engine spec (a MiniMax clone names its remote voice in providerVoiceIds) and mood. */
export interface CustomVoiceEngine {
  provider: 'local' | 'minimax';
  voice: VoiceSpec;
  mood: Mood;
}

/**
 * A user's designed or cloned voice ("My Voices"). Only its owner sees and uses it; each row takes one voice slot of
 * the owner's plan (plans.custom_voices).
 */
export const customVoices = pgTable(
  'custom_voices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: CUSTOM_VOICE_KINDS }).notNull(),
    engine: jsonb('engine').$type<CustomVoiceEngine>().notNull(),
    language: text('language').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'neutral'] }).notNull(),
    age: text('age', { enum: ['child', 'young', 'adult', 'senior'] }).notNull(),
    description: text('description').notNull(),
    match: jsonb('match').$type<CloneMatch>(),
    previewKey: text('preview_key'),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('custom_voices_user_created_idx').on(table.userId, table.createdAt)],
);

/** A voice-design candidate kept until it is saved or ~24 h pass; its preview MP3 lives under design/<userId>/. */
export const voiceDesignPreviews = pgTable(
  'voice_design_previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    engine: jsonb('engine').$type<CustomVoiceEngine>().notNull(),
    params: jsonb('params').$type<VoiceDesignParams>().notNull(),
    fileKey: text('file_key').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('voice_design_previews_user_created_idx').on(table.userId, table.createdAt)],
);
