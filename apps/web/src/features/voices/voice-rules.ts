import type { Voice, VoiceMood, VOICE_ACCENTS, VOICE_AGES, VOICE_GENDERS } from '@sound-studio/shared';

export const ANY = 'all';
export type VoiceTab = 'library' | 'myVoices' | 'collected' | 'selected';

export interface VoiceFilters {
  search: string;
  language: string;
  accent: (typeof VOICE_ACCENTS)[number] | typeof ANY;
  gender: (typeof VOICE_GENDERS)[number] | typeof ANY;
  age: (typeof VOICE_AGES)[number] | typeof ANY;
}

export const EMPTY_FILTERS: VoiceFilters = { search: '', language: ANY, accent: ANY, gender: ANY, age: ANY };

export interface VoiceScope {
  tab: VoiceTab;
  favoriteIds: readonly string[];
  selectedId: string | null;
  /** Localised language name by code, so a Turkish user finds "Almanca". */
  languageName?: (code: string) => string;
}

/** Accents are English varieties: picking one implies English, and a non-English language clears it. */
export function accentApplies(filters: VoiceFilters): boolean {
  return filters.language === ANY || filters.language === 'en';
}

function inTab(voice: Voice, scope: VoiceScope): boolean {
  switch (scope.tab) {
    case 'library':
      return voice.category === 'library';
    case 'myVoices':
      return voice.category === 'custom';
    case 'collected':
      return scope.favoriteIds.includes(voice._id);
    case 'selected':
      return voice._id === scope.selectedId;
  }
}

function matchesSearch(voice: Voice, search: string, scope: VoiceScope): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  const haystack = [voice.name, voice.description, voice.languageName, voice.locale, scope.languageName?.(voice.language) ?? '', ...voice.moods.map((mood) => mood.mood)];
  return haystack.some((text) => text.toLocaleLowerCase().includes(needle));
}

/** The voices a tab and the filters leave, with the selected voice first (section 2). */
export function filterVoices(voices: readonly Voice[], filters: VoiceFilters, scope: VoiceScope): Voice[] {
  const result = voices.filter(
    (voice) =>
      inTab(voice, scope) &&
      (filters.language === ANY || voice.language === filters.language) &&
      (filters.accent === ANY || !accentApplies(filters) || voice.accent === filters.accent) &&
      (filters.gender === ANY || voice.gender === filters.gender) &&
      (filters.age === ANY || voice.age === filters.age) &&
      matchesSearch(voice, filters.search, scope),
  );
  const selectedAt = result.findIndex((voice) => voice._id === scope.selectedId);
  if (selectedAt > 0) result.unshift(...result.splice(selectedAt, 1));
  return result;
}

/** The language codes present in the list, for the language filter. */
export function languagesOf(voices: readonly Voice[]): string[] {
  return [...new Set(voices.map((voice) => voice.language))];
}

/** Section 7: the TTS call takes the name for grouped voices, otherwise the id. */
export function speechVoiceId(voice: Voice): string {
  return voice.isGroup ? voice.name : voice._id;
}

/** Grouped voices start on their first mood. */
export function defaultMood(voice: Voice): VoiceMood | null {
  return voice.isGroup ? (voice.moods[0] ?? null) : null;
}

/** Section 4: the stored choice, else the default voice (Radiant Girl), else the first loaded voice. */
export function resolveSelectedVoice(voices: readonly Voice[], selectedId: string | null): Voice | null {
  return voices.find((voice) => voice._id === selectedId) ?? voices.find((voice) => voice.isDefault) ?? voices[0] ?? null;
}
