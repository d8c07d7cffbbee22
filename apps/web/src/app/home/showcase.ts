import type { Voice } from '@sound-studio/shared';

export const QUICK_PROMPTS = ['story', 'commercial', 'tutor'] as const;
export const SHOWCASE_SIZE = 6;

/** Languages the home page shows first after the default voice: the interface languages, then widely spoken ones. */
const SHOWCASE_LANGUAGES = ['tr', 'es', 'fr', 'de', 'ja', 'en', 'it', 'pt', 'zh'];

/** Six real catalogue voices for "Explore voices": the default voice, then one voice per language in the order above. */
export function showcaseVoices(voices: readonly Voice[]): Voice[] {
  const library = voices.filter((voice) => voice.category === 'library');
  const chosen: Voice[] = [];
  const add = (voice: Voice | undefined) => {
    if (voice && !chosen.includes(voice) && chosen.length < SHOWCASE_SIZE) chosen.push(voice);
  };
  add(library.find((voice) => voice.isDefault));
  for (const language of SHOWCASE_LANGUAGES) add(library.find((voice) => voice.language === language && !chosen.some((picked) => picked.language === language)));
  for (const voice of library) add(voice);
  return chosen;
}
