import { z } from 'zod';
import { LANGUAGES, PREFERENCE_LIMITS, RECENT_VOICES_MAX } from '../constants.ts';
import { plainString } from '../validation/text.ts';
import { voiceSettingsSchema } from './tts.ts';

/** A voice id or name as stored in preferences: short, single-line text. */
const voiceKey = plainString().min(1).max(PREFERENCE_LIMITS.voiceKeyMaxLength);
const voiceReferenceSchema = z.object({ _id: voiceKey, name: voiceKey });

/** The spec's Preferences entity (section 3), persisted per user. Every list and text is bounded. */
export const preferencesSchema = z.object({
  voice: z.object({
    selectedVoiceId: voiceKey.nullable(),
    selectedVoice: voiceReferenceSchema.nullable(),
    recentVoices: z
      .array(z.object({ voiceId: voiceKey, voice: voiceReferenceSchema.nullable(), lastUsed: z.iso.datetime() }))
      .max(RECENT_VOICES_MAX),
    favoriteVoices: z.array(voiceKey).max(PREFERENCE_LIMITS.favoriteVoicesMax),
    voiceSettings: voiceSettingsSchema,
  }),
  ui: z.object({
    theme: z.enum(['auto', 'light', 'dark', 'system']),
    sidebarCollapsed: z.boolean(),
    /** A page of the app by its path slug, e.g. 'text-to-speech'. */
    defaultPage: plainString().regex(/^[a-z][a-z0-9-]*$/, 'Unknown page').max(PREFERENCE_LIMITS.pageSlugMaxLength),
    /** The interface language the user chose last; emails (password reset) are written in it. Unset: English. */
    language: z.enum(LANGUAGES).optional(),
  }),
  notifications: z.object({
    browserNotifications: z.boolean(),
    soundEffects: z.boolean(),
  }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  voice: {
    selectedVoiceId: null,
    selectedVoice: null,
    recentVoices: [],
    favoriteVoices: [],
    voiceSettings: { speed: 1, pitch: 0, volume: 1 },
  },
  ui: { theme: 'auto', sidebarCollapsed: false, defaultPage: 'text-to-speech' },
  notifications: { browserNotifications: true, soundEffects: true },
};

/** Every preference call replies the whole, updated preferences. */
export const preferencesReplySchema = z.object({ preferences: preferencesSchema });
export type PreferencesReply = z.infer<typeof preferencesReplySchema>;

/** PUT /preferences: any part of the preferences, merged section by section. */
export const updatePreferencesRequestSchema = z.object({
  preferences: z.object({
    voice: preferencesSchema.shape.voice.partial().optional(),
    ui: preferencesSchema.shape.ui.partial().optional(),
    notifications: preferencesSchema.shape.notifications.partial().optional(),
  }),
});
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesRequestSchema>;

/** PUT /preferences/voice/selected. Also records the voice in the recent list (10, newest first, no duplicates). */
export const selectVoiceRequestSchema = z.object({ voiceId: plainString().trim().min(1).max(PREFERENCE_LIMITS.voiceKeyMaxLength) });
export type SelectVoiceRequest = z.input<typeof selectVoiceRequestSchema>;

/** POST /preferences/voice/favorite. */
export const favoriteVoiceRequestSchema = z.object({
  voiceId: plainString().trim().min(1).max(PREFERENCE_LIMITS.voiceKeyMaxLength),
  action: z.enum(['add', 'remove']),
});
export type FavoriteVoiceRequest = z.input<typeof favoriteVoiceRequestSchema>;

/** PUT /preferences/voice/settings: partial sliders. */
export const voiceSettingsRequestSchema = voiceSettingsSchema.partial();
export type VoiceSettingsRequest = z.input<typeof voiceSettingsRequestSchema>;

/** Recent voices rule of section 4: most recent first, no duplicates, at most 10. */
export function withRecentVoice<T extends { voiceId: string }>(recent: readonly T[], entry: T): T[] {
  return [entry, ...recent.filter((item) => item.voiceId !== entry.voiceId)].slice(0, RECENT_VOICES_MAX);
}
