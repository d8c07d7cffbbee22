import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Voice } from '@sound-studio/shared';
import { useLanguageNames } from './use-language-names.ts';

/** The catalogue's English sentence: "Warm, expressive female voice in Georgian, for narration and culture content." */
const CATALOGUE_DESCRIPTION = /^(.+?) (child|(?:young |senior )?(?:male|female|gender-neutral)) voice in .+?, for (.+)\.$/;

export interface DescriptionParts {
  styles: string[];
  who: string;
  uses: string[];
}

/** The parts of a catalogue description, or null for any other text (a custom voice's own words). */
export function parseCatalogueDescription(description: string): DescriptionParts | null {
  const match = CATALOGUE_DESCRIPTION.exec(description);
  if (!match) return null;
  const [, style = '', who = '', uses = ''] = match;
  return { styles: style.toLowerCase().split(', '), who, uses: uses.split(/, | and /) };
}

/**
 * The server describes catalogue voices in English; other languages rebuild the sentence from its parts. A part
 * without a translation keeps the English text rather than losing the description.
 */
export function useVoiceDescription(): (voice: Pick<Voice, 'description' | 'language'>) => string {
  const { t, i18n } = useTranslation();
  const languageName = useLanguageNames();
  return useCallback(
    (voice) => {
      const parts = i18n.language === 'en' ? null : parseCatalogueDescription(voice.description);
      if (!parts) return voice.description;
      const word = (group: 'styles' | 'uses' | 'who', phrase: string) => t(`voices.descriptionParts.${group}.${phrase}`, { defaultValue: phrase });
      const uses = parts.uses.map((use) => word('uses', use));
      const joinedUses = uses.length > 1 ? `${uses.slice(0, -1).join(', ')} ${t('voices.descriptionParts.and')} ${uses.at(-1) ?? ''}` : (uses[0] ?? '');
      const sentence = t('voices.descriptionParts.template', {
        style: parts.styles.map((style) => word('styles', style)).join(', '),
        who: word('who', parts.who),
        language: languageName(voice.language),
        uses: joinedUses,
      });
      return sentence.charAt(0).toLocaleUpperCase(i18n.language) + sentence.slice(1);
    },
    [t, i18n.language, languageName],
  );
}
