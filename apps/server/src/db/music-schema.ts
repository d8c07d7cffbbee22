import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LyricCue, MusicTrackStatus } from '@sound-studio/shared';

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface StoredMusicPlan {
  genre: string;
  mood: string;
  bpm: number;
  key: string;
  instruments: string[];
}

export interface StoredLyricsTimeline {
  instrument: string;
  cues: LyricCue[];
}

/**
 * A generated song (also the featured catalogue's songs, owned by the system user). The id is a random uuid, which
 * doubles as the capability of the public share page. The job id equals the track id.
 */
export const musicTracks = pgTable(
  'music_tracks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Owner: a user, or the system user of the featured catalogue. */
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    lyrics: text('lyrics'),
    modelId: text('model_id').notNull(),
    status: text('status').$type<MusicTrackStatus>().notNull().default('generating'),
    progress: integer('progress_permille').notNull().default(0),
    durationSeconds: integer('duration_seconds').notNull(),
    credits: integer('credits').notNull().default(0),
    reservationId: uuid('reservation_id'),
    audioKey: text('audio_key'),
    artworkKey: text('artwork_key'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    plan: jsonb('plan').$type<StoredMusicPlan>(),
    lyricsTimeline: jsonb('lyrics_timeline').$type<StoredLyricsTimeline>(),
    seed: integer('seed'),
    error: text('error'),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('music_tracks_user_created_idx').on(table.userId, table.createdAt),
    check('music_tracks_progress_range', sql`${table.progress} >= 0 AND ${table.progress} <= 1000`),
  ],
);

/** A track of the featured catalogue: where it is shown, in which order, its cover and how often it was engaged. */
export const featuredMusic = pgTable(
  'featured_music',
  {
    trackId: uuid('track_id')
      .primaryKey()
      .references(() => musicTracks.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    displayOrder: integer('display_order').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Replaced artwork; null means the track's own cover. */
    artworkKey: text('artwork_key'),
    /** Which curated prompt composed it, so first-start composition is idempotent. */
    curatedKey: text('curated_key'),
    views: integer('views').notNull().default(0),
    plays: integer('plays').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('featured_music_category_order_idx').on(table.category, table.subcategory, table.displayOrder),
    uniqueIndex('featured_music_curated_key_idx').on(table.curatedKey),
  ],
);
