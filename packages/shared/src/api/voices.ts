import { z } from 'zod';

export const MOODS = ['calm', 'excited', 'sad', 'angry', 'neutral', 'happy'] as const;
export type Mood = (typeof MOODS)[number];

export const VOICE_GENDERS = ['male', 'female', 'neutral'] as const;
export const VOICE_AGES = ['child', 'young', 'adult', 'senior'] as const;
export const VOICE_ACCENTS = ['american', 'british', 'australian'] as const;

/**
 * The languages the voice library speaks (`Voice.language`, ISO 639), in the catalogue's order. The web app names
 * them from its own table, and a voice of any other language through the browser.
 */
export const VOICE_LIBRARY_LANGUAGES = [
  'en', 'tr', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl', 'ru', 'uk', 'cs', 'sk', 'sl', 'hr', 'sr', 'bs', 'bg', 'mk', 'ro',
  'hu', 'el', 'sv', 'da', 'nb', 'fi', 'et', 'lv', 'lt', 'is', 'ga', 'cy', 'gd', 'eu', 'ca', 'sq', 'mt', 'lb', 'af', 'sw',
  'ar', 'he', 'fa', 'ur', 'hi', 'bn', 'pa', 'gu', 'mr', 'ne', 'ta', 'te', 'kn', 'ml', 'si', 'zh', 'yue', 'ja', 'ko', 'vi',
  'th', 'id', 'ms', 'az', 'kk', 'uz', 'ky', 'tk', 'tt', 'ka', 'hy', 'be', 'am', 'my', 'eo', 'la', 'mi', 'haw', 'ht',
] as const;

/** One mood of a grouped voice; `audioFile` is that mood's own preview. */
export const voiceMoodSchema = z.object({
  _id: z.string(),
  mood: z.enum(MOODS),
  audioFile: z.string(),
});
export type VoiceMood = z.infer<typeof voiceMoodSchema>;

/**
 * A voice as the spec's Voice entity (section 3), plus what the library filters and shows. `previewUrl` and
 * `audioFile` both point at the cached preview; `artwork` at the generated avatar image.
 */
export const voiceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  gender: z.enum(VOICE_GENDERS),
  age: z.enum(VOICE_AGES),
  /** ISO 639 code, e.g. "en". */
  language: z.string(),
  /** BCP 47 tag of the exact variety, e.g. "en-GB". */
  locale: z.string(),
  /** The language's English name, e.g. "Turkish"; the web app localises by code. */
  languageName: z.string(),
  accent: z.enum(VOICE_ACCENTS).nullable(),
  artwork: z.string(),
  previewUrl: z.string(),
  audioFile: z.string(),
  isGroup: z.boolean(),
  moods: z.array(voiceMoodSchema),
  groupId: z.string().nullable(),
  isDefault: z.boolean(),
  /** "library" for the catalogue; "custom" for a user's designed or cloned voices (only their owner sees them). */
  category: z.enum(['library', 'custom']),
  /**
   * Present for an installed neural voice (a Piper or Kokoro model in MODELS_DIR): the library shows a "Neural" badge
   * and the licence; generations with it are charged the plan's neural rate.
   */
  neural: z
    .object({
      family: z.enum(['piper', 'kokoro']),
      /** The folder in MODELS_DIR the voice comes from. */
      model: z.string(),
      licence: z.string().nullable(),
      quality: z.string().nullable(),
    })
    .optional(),
  /**
   * Present for a voice of an upstream speech provider (SPEECH_PROVIDERS): the library shows the provider's name as a
   * badge; generations with it are charged the provider's own per-character price.
   */
  upstream: z
    .object({
      /** The provider's configured name (ids of its voices start `upstream:<provider>:`). */
      provider: z.string(),
      /** How the library names the provider, e.g. "ElevenLabs". */
      label: z.string(),
      creditsPerCharacter: z.number(),
      /** The voice settings the provider honours (MiniMax takes all three; OpenAI-compatible servers and ElevenLabs only speed). */
      takes: z.array(z.enum(['speed', 'pitch', 'volume'])),
    })
    .optional(),
});
export type Voice = z.infer<typeof voiceSchema>;

/** GET /voices/list-grouped: the fields of the reply. */
export const voiceListReplySchema = z.object({ voices: z.array(voiceSchema) });
export type VoiceListReply = z.infer<typeof voiceListReplySchema>;

/** GET /voices/list-grouped as section 7 gives it: `{ success: true, voices }`, the fields beside `success`. */
export const voiceListResponseSchema = z.object({ success: z.literal(true), ...voiceListReplySchema.shape });
export type VoiceListResponse = z.infer<typeof voiceListResponseSchema>;

/** GET /voices/preview/{id} (the id of a voice or of one of its moods): the fields of the reply. */
export const voicePreviewReplySchema = z.object({ name: z.string(), previewUrl: z.string() });
export type VoicePreviewReply = z.infer<typeof voicePreviewReplySchema>;

/** GET /voices/preview/{id} as section 7 gives it: `{ success: true, name, previewUrl }`. */
export const voicePreviewResponseSchema = z.object({ success: z.literal(true), ...voicePreviewReplySchema.shape });
export type VoicePreviewResponse = z.infer<typeof voicePreviewResponseSchema>;
