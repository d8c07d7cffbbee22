import type { Mood, VoiceSpec } from '../speech/types.ts';

export const VOICE_GENDERS = ['male', 'female', 'neutral'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

export const VOICE_AGES = ['child', 'young', 'adult', 'senior'] as const;
export type VoiceAge = (typeof VOICE_AGES)[number];

export const VOICE_ACCENTS = ['american', 'british', 'australian'] as const;
export type VoiceAccent = (typeof VOICE_ACCENTS)[number];

/** One mood of a grouped voice; each has its own id so its preview can be cached and played on its own. */
export interface VoiceMoodOption {
  id: string;
  mood: Mood;
  previewText: string;
}

export interface CatalogueVoice {
  /** Stable id built from locale and name, e.g. `en-us-radiant-girl`. */
  id: string;
  name: string;
  description: string;
  gender: VoiceGender;
  age: VoiceAge;
  /** ISO 639 code the library filters on, e.g. `en`. */
  language: string;
  /** BCP 47 tag of the exact variety, e.g. `en-GB`. */
  locale: string;
  languageName: string;
  /** English voices only. */
  accent?: VoiceAccent;
  /** What the local engine renders. */
  engine: VoiceSpec;
  /** A sentence in the voice's own language. */
  previewText: string;
  /** Grouped voices carry moods; the first one is preselected. */
  isGroup: boolean;
  moods: VoiceMoodOption[];
  isDefault: boolean;
}
