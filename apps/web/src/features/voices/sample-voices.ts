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

/** Section 2: when the voice list cannot be loaded, these seven built-in voices are shown (same shape as the API's). */
export const SAMPLE_VOICES: readonly Voice[] = [
  sample(
    'en-us-radiant-girl',
    'Radiant Girl',
    { description: 'Bright, upbeat and friendly', gender: 'female', age: 'young', language: 'en', locale: 'en-US', languageName: 'English', accent: 'american' },
    { isDefault: true },
  ),
  sample('en-gb-wise-narrator', 'Wise Narrator', { description: 'Calm, measured storyteller', gender: 'male', age: 'senior', language: 'en', locale: 'en-GB', languageName: 'English', accent: 'british' }),
  sample('en-au-sunny-guide', 'Sunny Guide', { description: 'Relaxed and warm', gender: 'female', age: 'adult', language: 'en', locale: 'en-AU', languageName: 'English', accent: 'australian' }),
  sample('tr-tr-deniz', 'Deniz', { description: 'Warm and clear', gender: 'female', age: 'adult', language: 'tr', locale: 'tr-TR', languageName: 'Turkish', accent: null }),
  sample('tr-tr-emre', 'Emre', { description: 'Deep and steady', gender: 'male', age: 'adult', language: 'tr', locale: 'tr-TR', languageName: 'Turkish', accent: null }),
  sample('es-es-lucia', 'Lucía', { description: 'Lively and expressive', gender: 'female', age: 'young', language: 'es', locale: 'es-ES', languageName: 'Spanish', accent: null }),
  sample('fr-fr-louis', 'Louis', { description: 'Smooth and elegant', gender: 'male', age: 'adult', language: 'fr', locale: 'fr-FR', languageName: 'French', accent: null }),
];
