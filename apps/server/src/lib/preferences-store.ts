import { DEFAULT_PREFERENCES, preferencesSchema, withRecentVoice, type Preferences } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { PreferencesRepository } from './preferences-repository.ts';

export interface VoiceReference {
  _id: string;
  name: string;
}

type Section = keyof Preferences;
const SECTIONS: Section[] = ['voice', 'ui', 'notifications'];

/**
 * Stored preferences over the defaults, section by section: a section saved by an older version (or damaged) falls
 * back to its defaults instead of failing the whole read.
 */
export function preferencesWithDefaults(stored: unknown): Preferences {
  const source = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<Section, unknown>>;
  const merged = { ...DEFAULT_PREFERENCES };
  for (const section of SECTIONS) {
    const value = source[section];
    const candidate = { ...DEFAULT_PREFERENCES[section], ...(typeof value === 'object' && value !== null ? value : {}) };
    const parsed = preferencesSchema.shape[section].safeParse(candidate);
    if (parsed.success) Object.assign(merged, { [section]: parsed.data });
  }
  return merged;
}

/**
 * Per-user preferences (the spec's Preferences entity). Changes are read-modify-write under a row lock, so two
 * concurrent calls (selecting a voice while a generation records it as recent) never lose each other's update.
 */
export class PreferencesStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<Preferences> {
    const row = await new PreferencesRepository(this.db).find(userId);
    return preferencesWithDefaults(row?.preferences);
  }

  async update(userId: string, change: (current: Preferences) => Preferences): Promise<Preferences> {
    return this.db.transaction(async (tx) => {
      const repository = new PreferencesRepository(tx);
      const now = new Date(this.clock.now());
      await repository.insertIfMissing(userId, DEFAULT_PREFERENCES, now);
      const row = await repository.lockRow(userId);
      const next = preferencesSchema.parse(change(preferencesWithDefaults(row?.preferences)));
      await repository.save(userId, next, now);
      return next;
    });
  }

  recordRecentVoice(userId: string, voice: VoiceReference): Promise<Preferences> {
    return this.update(userId, (current) => withVoiceUsed(current, voice, this.clock.now()));
  }
}

/** Section 4's rule for recent voices: most recent first, no duplicates, at most 10. */
export function withVoiceUsed(preferences: Preferences, voice: VoiceReference, nowMs: number): Preferences {
  const entry = { voiceId: voice._id, voice, lastUsed: new Date(nowMs).toISOString() };
  return { ...preferences, voice: { ...preferences.voice, recentVoices: withRecentVoice(preferences.voice.recentVoices, entry) } };
}
