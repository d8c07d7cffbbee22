import type { Voice } from '@sound-studio/shared';

function sample(id: string, name: string, fields: Pick<Voice, 'description' | 'gender' | 'age' | 'language' | 'locale' | 'languageName' | 'accent'>, extra: Partial<Voice> = {}): Voice {
  const preview = `/api/voices/${id}/preview.mp3`;
  return {
    _id: id,
    name,
    ...fields,
    artwork: `/api/voices/${id}/artwork.svg`,
    previewUrl: preview,
    audioFile: preview,
    isGroup: false,
    moods: [],
    groupId: null,
    isDefault: false,
    category: 'library',
    ...extra,
  };
}

/**
 * Section 2: when the voice list cannot be loaded, these seven built-in voices are shown (same shape as the API's).
 * They are real catalogue voices, so their previews and generation still work when only the list call failed.
 */
export const SAMPLE_VOICES: readonly Voice[] = [
  sample(
    'en-us-radiant-girl',
    'Radiant Girl',
    { description: 'Bright, upbeat young female voice in American English, for ads, social clips and friendly explainers.', gender: 'female', age: 'young', language: 'en', locale: 'en-US', languageName: 'American English', accent: 'american' },
    { isDefault: true },
  ),
  sample('en-us-deep-voice-man', 'Deep Voice Man', { description: 'Deep, resonant male voice in American English, for trailers and documentaries.', gender: 'male', age: 'adult', language: 'en', locale: 'en-US', languageName: 'American English', accent: 'american' }),
  sample('en-us-wise-woman', 'Wise Woman', { description: 'Gentle, reassuring senior female voice in American English, for bedtime stories and guided reading.', gender: 'female', age: 'senior', language: 'en', locale: 'en-US', languageName: 'American English', accent: 'american' }),
  sample('en-gb-oliver', 'Oliver', { description: 'Refined, articulate male voice in British English, for narration and documentaries.', gender: 'male', age: 'adult', language: 'en', locale: 'en-GB', languageName: 'British English', accent: 'british' }),
  sample('tr-emre', 'Emre', { description: 'Clear, confident male voice in Turkish, for news, tutorials and presentations.', gender: 'male', age: 'adult', language: 'tr', locale: 'tr', languageName: 'Turkish', accent: null }),
  sample('tr-deniz', 'Deniz', { description: 'Calm, balanced young gender-neutral voice in Turkish, for podcasts and audiobooks.', gender: 'neutral', age: 'young', language: 'tr', locale: 'tr', languageName: 'Turkish', accent: null }),
  sample('fr-fr-camille', 'Camille', { description: 'Elegant, warm young female voice in French, for narration, ads and podcasts.', gender: 'female', age: 'young', language: 'fr', locale: 'fr-FR', languageName: 'French', accent: null }),
];
