import { z } from 'zod';
import { plainString } from '../validation/text.ts';
import { DEFAULT_SPEECH_MODEL, PAGE_MAX, SPEECH_MODELS, TEXT_MAX_LENGTH } from '../constants.ts';
import { VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { MOODS } from './voices.ts';

/** The text-to-speech page's language dropdown (spec: Turkish, English, Spanish, French, German, Italian). */
export const TTS_LANGUAGES = ['tr', 'en', 'es', 'fr', 'de', 'it'] as const;
export type TtsLanguage = (typeof TTS_LANGUAGES)[number];

export const VOICE_SETTING_LIMITS = {
  speed: { min: 0.5, max: 2, step: 0.1, default: 1 },
  pitch: { min: -1, max: 1, step: 0.1, default: 0 },
  volume: { min: 0, max: 1, step: 0.1, default: 1 },
} as const;

const speed = z.number().min(VOICE_SETTING_LIMITS.speed.min).max(VOICE_SETTING_LIMITS.speed.max);
const pitch = z.number().min(VOICE_SETTING_LIMITS.pitch.min).max(VOICE_SETTING_LIMITS.pitch.max);
const volume = z.number().min(VOICE_SETTING_LIMITS.volume.min).max(VOICE_SETTING_LIMITS.volume.max);

export const voiceSettingsSchema = z.object({ speed, pitch, volume });
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

/**
 * Body of POST /voices/generate-tts and /voices/generate-tts/stream: the spec's text, voiceId (the name for grouped
 * voices, otherwise the id; ids and mood ids work too) and mood, plus the sliders, language and model, which apply.
 */
export const ttsRequestSchema = z.object({
  text: plainString({ error: M.ttsTextAndVoiceRequired })
    .refine((text) => text.trim().length > 0, { message: M.ttsTextAndVoiceRequired, abort: true })
    .refine((text) => text.length <= TEXT_MAX_LENGTH, M.ttsTextTooLong),
  voiceId: plainString({ error: M.ttsTextAndVoiceRequired }).trim().min(1, M.ttsTextAndVoiceRequired),
  mood: z.enum(MOODS).optional(),
  speed: speed.default(VOICE_SETTING_LIMITS.speed.default),
  pitch: pitch.default(VOICE_SETTING_LIMITS.pitch.default),
  volume: volume.default(VOICE_SETTING_LIMITS.volume.default),
  language: z.enum(TTS_LANGUAGES).optional(),
  model: z.enum(SPEECH_MODELS).default(DEFAULT_SPEECH_MODEL),
});
export type TtsRequest = z.input<typeof ttsRequestSchema>;

/** One kept generation (the history modal's item). `audioUrl` is a signed link the audio element can play. */
export const ttsGenerationSchema = z.object({
  id: z.string(),
  text: z.string(),
  voiceId: z.string(),
  voiceName: z.string(),
  mood: z.enum(MOODS).nullable(),
  settings: z.object({
    speed: z.number(),
    pitch: z.number(),
    volume: z.number(),
    language: z.string().nullable(),
    model: z.enum(SPEECH_MODELS),
  }),
  source: z.enum(['editor', 'document', 'api']),
  /** The developer API key that made it (source 'api'). */
  apiKeyName: z.string().nullable().optional(),
  /** That key's id (null for work made in the app, or before ids were kept). */
  apiKeyId: z.string().nullable().optional(),
  characters: z.number().int(),
  credits: z.number().int(),
  durationSeconds: z.number(),
  audioUrl: z.string(),
  createdAt: z.string(),
});
export type TtsGeneration = z.infer<typeof ttsGenerationSchema>;

/** POST /voices/generate-tts: the spec's audioUrl, the kept generation and the balance after the charge. */
export const ttsReplySchema = z.object({
  audioUrl: z.string(),
  generation: ttsGenerationSchema,
  credits: z.number().int(),
});
export type TtsReply = z.infer<typeof ttsReplySchema>;

/**
 * POST /voices/generate-tts as sent: section 7's `{ success, audioUrl }` with `audioUrl` beside `success`, and the
 * whole reply (generation, balance) in `data` as on every other call.
 */
export const ttsResponseSchema = z.object({ success: z.literal(true), audioUrl: z.string(), data: ttsReplySchema });
export type TtsResponse = z.infer<typeof ttsResponseSchema>;

export const HISTORY_RANGES = ['all', 'today', 'week', 'month'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** GET /tts/history query. */
export const ttsHistoryQuerySchema = z.object({
  q: plainString().trim().max(200).optional(),
  range: z.enum(HISTORY_RANGES).default('all'),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TtsHistoryQuery = z.input<typeof ttsHistoryQuerySchema>;

export const ttsHistoryReplySchema = z.object({
  items: z.array(ttsGenerationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type TtsHistoryReply = z.infer<typeof ttsHistoryReplySchema>;

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A long-form text-to-speech job (documents too long for the editor). */
export const ttsJobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  /** 0 to 1. */
  progress: z.number(),
  characters: z.number().int(),
  audioUrl: z.string().nullable(),
  generationId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TtsJob = z.infer<typeof ttsJobSchema>;

export const DOCUMENT_EXTENSIONS = ['.pdf', '.txt', '.html', '.docx'] as const;

/**
 * POST /tts/documents (multipart `file`, optional voiceId/mood/speed/pitch/volume/language/model fields): a text that
 * fits the editor comes back to load; a longer one (up to 200,000 characters) becomes a long-form job, which needs a
 * voice.
 */
/**
 * POST /tts/documents `mode`: `create` (the default) starts the long-form job of a document over 5,000 characters;
 * `estimate` only prices it, so the user can confirm before any credits are held.
 */
export const DOCUMENT_MODES = ['create', 'estimate'] as const;
export type DocumentMode = (typeof DOCUMENT_MODES)[number];

export const documentReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), fileName: z.string(), text: z.string(), characters: z.number().int() }),
  z.object({ kind: z.literal('job'), fileName: z.string(), characters: z.number().int(), job: ttsJobSchema }),
  z.object({
    kind: z.literal('estimate'),
    fileName: z.string(),
    characters: z.number().int(),
    /** What the long-form job would hold now and charge when the audio is done. */
    credits: z.number().int(),
    creditsPerCharacter: z.number(),
    /** The sentence-aligned pieces the document is read in, one after another, into one MP3. */
    parts: z.number().int(),
    voiceName: z.string(),
    /** The account's balance now. */
    balance: z.number().int(),
  }),
]);
export type DocumentReply = z.infer<typeof documentReplySchema>;

/** DELETE /tts/history/{id} and DELETE /tts/history (clear all): how many generations (and their files) went. */
export const ttsDeleteReplySchema = z.object({ deleted: z.number().int() });
export type TtsDeleteReply = z.infer<typeof ttsDeleteReplySchema>;

/** Socket event on the '/user' namespace whenever one of the user's long-form jobs changes (payload: TtsJob). */
export const TTS_JOB_UPDATED_EVENT = 'tts_job_updated';
