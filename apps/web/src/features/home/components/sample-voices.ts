/** Section 2's six static sample voices shown on home ("Explore voices"). */
export const SAMPLE_VOICES = [
  { id: 'radiant-girl', name: 'Radiant Girl', language: 'en', type: 'female', pattern: 'bright' },
  { id: 'wise-narrator', name: 'Wise Narrator', language: 'en', type: 'male', pattern: 'calm' },
  { id: 'deniz', name: 'Deniz', language: 'tr', type: 'female', pattern: 'warm' },
  { id: 'storyteller', name: 'Storyteller', language: 'en', type: 'male', pattern: 'expressive' },
  { id: 'emre', name: 'Emre', language: 'tr', type: 'male', pattern: 'deep' },
  { id: 'news-anchor', name: 'News Anchor', language: 'en', type: 'female', pattern: 'crisp' },
] as const;

export const QUICK_PROMPTS = ['story', 'commercial', 'tutor'] as const;
