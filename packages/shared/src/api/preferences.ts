import { z } from 'zod';
import { RECENT_VOICES_MAX } from '../constants.ts';
import { voiceSettingsSchema } from './tts.ts';

const voiceReferenceSchema = z.object({ _id: z.string(), name: z.string() });

/** The spec's Preferences entity (section 3), persisted per user. */
export const preferencesSchema = z.object({
  voice: z.object({
    selectedVoiceId: z.string().nullable(),
    selectedVoice: voiceReferenceSchema.nullable(),
    recentVoices: z
      .array(z.object({ voiceId: z.string(), voice: voiceReferenceSchema.nullable(), lastUsed: z.string() }))
      .max(RECENT_VOICES_MAX),
    favoriteVoices: z.array(z.string()),
    voiceSettings: voiceSettingsSchema,
  }),
  ui: z.object({
    theme: z.enum(['auto', 'light', 'dark', 'system']),
    sidebarCollapsed: z.boolean(),
    defaultPage: z.string(),
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
export const selectVoiceRequestSchema = z.object({ voiceId: z.string().trim().min(1) });
export type SelectVoiceRequest = z.input<typeof selectVoiceRequestSchema>;

/** POST /preferences/voice/favorite. */
export const favoriteVoiceRequestSchema = z.object({ voiceId: z.string().trim().min(1), action: z.enum(['add', 'remove']) });
export type FavoriteVoiceRequest = z.input<typeof favoriteVoiceRequestSchema>;

/** PUT /preferences/voice/settings: partial sliders. */
export const voiceSettingsRequestSchema = voiceSettingsSchema.partial();
export type VoiceSettingsRequest = z.input<typeof voiceSettingsRequestSchema>;

/** Recent voices rule of section 4: most recent first, no duplicates, at most 10. */
export function withRecentVoice<T extends { voiceId: string }>(recent: readonly T[], entry: T): T[] {
  return [entry, ...recent.filter((item) => item.voiceId !== entry.voiceId)].slice(0, RECENT_VOICES_MAX);
}
