import { PREFERENCE_LIMITS, type Preferences, type UpdatePreferencesRequest, type VoiceSettingsRequest } from '@sound-studio/shared';
import { validationError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { withVoiceUsed, type PreferencesStore } from '../../lib/preferences-store.ts';
import type { VoiceDirectory } from '../../lib/voice-directory.ts';

/** The spec's preference calls: whole-section merges, voice selection, favourites and slider settings. */
export class PreferencesService {
  constructor(
    private readonly store: PreferencesStore,
    private readonly voices: VoiceDirectory,
    private readonly clock: Clock,
  ) {}

  get(userId: string): Promise<Preferences> {
    return this.store.get(userId);
  }

  /** PUT /preferences: each section sent is merged over the stored one; sections not sent stay as they are. */
  update(userId: string, changes: UpdatePreferencesRequest['preferences']): Promise<Preferences> {
    return this.store.update(userId, (current) => ({
      voice: { ...current.voice, ...changes.voice },
      ui: { ...current.ui, ...changes.ui },
      notifications: { ...current.notifications, ...changes.notifications },
    }));
  }

  /** Selects a voice and moves it to the front of the recent voices (10 at most, no duplicates). */
  async selectVoice(userId: string, voiceId: string): Promise<Preferences> {
    const reference = await this.#voiceReference(userId, voiceId);
    return this.store.update(userId, (current) => {
      const used = withVoiceUsed(current, reference, this.clock.now());
      return { ...used, voice: { ...used.voice, selectedVoiceId: reference._id, selectedVoice: reference } };
    });
  }

  /** Adding twice or removing a voice that is not a favourite changes nothing. */
  async favorite(userId: string, voiceId: string, action: 'add' | 'remove'): Promise<Preferences> {
    const id = action === 'add' ? (await this.#voiceReference(userId, voiceId))._id : voiceId;
    return this.store.update(userId, (current) => {
      const others = current.voice.favoriteVoices.filter((favorite) => favorite !== id);
      if (action === 'add' && others.length >= PREFERENCE_LIMITS.favoriteVoicesMax) {
        throw validationError('voiceId', `You can keep at most ${PREFERENCE_LIMITS.favoriteVoicesMax} favourite voices`);
      }
      return { ...current, voice: { ...current.voice, favoriteVoices: action === 'add' ? [...others, id] : others } };
    });
  }

  updateSettings(userId: string, settings: VoiceSettingsRequest): Promise<Preferences> {
    return this.store.update(userId, (current) => ({
      ...current,
      voice: { ...current.voice, voiceSettings: { ...current.voice.voiceSettings, ...settings } },
    }));
  }

  async #voiceReference(userId: string, voiceId: string): Promise<{ _id: string; name: string }> {
    const resolved = await this.voices.resolve(voiceId, userId);
    if (!resolved) throw validationError('voiceId', 'Voice not found');
    return { _id: resolved.voice._id, name: resolved.voice.name };
  }
}
