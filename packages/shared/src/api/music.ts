import { z } from 'zod';
import { plainString } from '../validation/text.ts';
import { DEFAULT_MUSIC_DURATION, FEATURED_PAGE_SIZE, MUSIC_DURATIONS, PAGE_MAX } from '../constants.ts';
import { VALIDATION_MESSAGES as M } from '../validation/messages.ts';

/** Music models offered by the picker (spec: Music model entity `_id, displayName`). */
export const MUSIC_MODELS = [
  { _id: 'music-2.0', displayName: 'Music 2.0' },
  { _id: 'music-1.5', displayName: 'Music 1.5' },
] as const;
export type MusicModelId = (typeof MUSIC_MODELS)[number]['_id'];
export const MUSIC_MODEL_IDS = MUSIC_MODELS.map((model) => model._id) as [MusicModelId, ...MusicModelId[]];
export const DEFAULT_MUSIC_MODEL: MusicModelId = 'music-2.0';

export const musicModelSchema = z.object({ _id: z.string(), displayName: z.string() });
export type MusicModel = z.infer<typeof musicModelSchema>;

export const MUSIC_PROMPT_MAX_LENGTH = 300;
export const MUSIC_LYRICS_MAX_LENGTH = 3000;

/** Texts of spec section 8 for music. */
export const MUSIC_MESSAGES = {
  promptRejected: 'Prompt was rejected. Please try with a different prompt.',
  generationFailed: 'Failed to generate music. Please try again.',
  starting: 'Starting generation...',
  processing: 'Processing audio...',
} as const;

/** Whole seconds, one of the spec's 30, 60, 120, 180, 240. */
const musicDurationSchema = z
  .number()
  .int()
  .refine((seconds) => (MUSIC_DURATIONS as readonly number[]).includes(seconds), 'Duration must be 30, 60, 120, 180 or 240 seconds');

/** Body of POST /music/generate. `duration` is whole seconds, one of 30, 60, 120, 180, 240. */
export const musicGenerateRequestSchema = z.object({
  prompt: plainString({ error: M.musicPromptRequired })
    .trim()
    .min(1, M.musicPromptRequired)
    .max(MUSIC_PROMPT_MAX_LENGTH, `Prompt must be at most ${MUSIC_PROMPT_MAX_LENGTH} characters`),
  modelId: z.enum(MUSIC_MODEL_IDS).default(DEFAULT_MUSIC_MODEL),
  duration: musicDurationSchema.default(DEFAULT_MUSIC_DURATION),
  lyrics: plainString().trim().max(MUSIC_LYRICS_MAX_LENGTH).optional(),
  quantity: z.literal(1).default(1),
});
export type MusicGenerateRequest = z.input<typeof musicGenerateRequestSchema>;

export const MUSIC_TRACK_STATUSES = ['generating', 'processing', 'completed', 'failed'] as const;
export type MusicTrackStatus = (typeof MUSIC_TRACK_STATUSES)[number];

/** One line or syllable of the lyrics in time with playback (the melody is carried by a lead instrument). */
export const lyricCueSchema = z.object({ text: z.string(), startSeconds: z.number(), endSeconds: z.number(), section: z.string() });
export type LyricCue = z.infer<typeof lyricCueSchema>;

/**
 * A track as the spec's Music track entity (section 3): `cdnUrl` and `audioUrl` are the playable MP3 (a signed link),
 * `artworkUrl` its cover art; plus what the plan decided and the progress of its job.
 */
export const musicTrackSchema = z.object({
  _id: z.string(),
  title: z.string(),
  prompt: z.string(),
  lyrics: z.string().nullable(),
  modelId: z.string(),
  status: z.enum(MUSIC_TRACK_STATUSES),
  /** 0 to 1 while generating or processing. */
  progress: z.number(),
  duration: z.number().int(),
  cdnUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  artworkUrl: z.string().nullable(),
  artworkData: z.string().nullable(),
  error: z.string().nullable(),
  tags: z.array(z.string()),
  plan: z
    .object({ genre: z.string(), mood: z.string(), bpm: z.number(), key: z.string(), instruments: z.array(z.string()) })
    .nullable(),
  lyricsTimeline: z.object({ instrument: z.string(), cues: z.array(lyricCueSchema) }).nullable(),
  credits: z.number().int(),
  shareUrl: z.string(),
  featured: z.object({ artwork: z.object({ cdnUrl: z.string().nullable() }), tags: z.array(z.string()) }).nullable(),
  createdAt: z.string(),
});
export type MusicTrack = z.infer<typeof musicTrackSchema>;

/** GET /music/my-music?page&limit. */
export const myMusicQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const myMusicReplySchema = z.object({
  items: z.array(musicTrackSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type MyMusicReply = z.infer<typeof myMusicReplySchema>;

/** POST /music/credits/calculate. */
export const musicCostRequestSchema = z.object({ service: z.literal('music'), duration: musicDurationSchema });
export const musicCostReplySchema = z.object({ cost: z.number().int(), balance: z.number().int() });
export type MusicCostReply = z.infer<typeof musicCostReplySchema>;

/** A featured track (spec: Featured music item). */
export const featuredMusicItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  prompt: z.string(),
  duration: z.number().int(),
  cdnUrl: z.string(),
  audioUrl: z.string(),
  category: z.string(),
  subcategory: z.string(),
  order: z.number().int(),
  featured: z.object({
    artwork: z.object({ cdnUrl: z.string() }),
    tags: z.array(z.string()),
  }),
  stats: z.object({ views: z.number().int(), plays: z.number().int(), downloads: z.number().int() }),
});
export type FeaturedMusicItem = z.infer<typeof featuredMusicItemSchema>;

/** GET /music/featured/categories: category name -> subcategory names. */
export const featuredCategoriesSchema = z.record(z.string(), z.array(z.string()));
export type FeaturedCategories = z.infer<typeof featuredCategoriesSchema>;

/** GET /music/featured and GET /public/discover query. */
export const featuredQuerySchema = z.object({
  category: plainString().trim().optional(),
  subcategory: plainString().trim().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(FEATURED_PAGE_SIZE),
});

/** POST /music/featured/{id}/engage. */
export const engageRequestSchema = z.object({ action: z.enum(['view', 'play', 'download']) });
export const engageReplySchema = z.object({ views: z.number().int(), plays: z.number().int(), downloads: z.number().int() });

/** Events on the '/user' namespace about the caller's own tracks (their status and progress). */
export const MUSIC_TRACK_UPDATED_EVENT = 'music_track_updated';
