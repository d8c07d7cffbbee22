import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translator.ts';

/**
 * Track tags come from the composer in English (genre, mood, instruments, tempo): shown in the interface language
 * when the locale names them, else as they are (a tag someone typed by hand).
 */
export function useTagLabel(): (tag: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (tag: string) => (i18n.language === 'en' ? tag : t(`music.tagNames.${tag.toLowerCase()}`, { defaultValue: tag })),
    [t, i18n.language],
  );
}
