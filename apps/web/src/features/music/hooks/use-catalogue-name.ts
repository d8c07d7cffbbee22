import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translator.ts';

/** A featured category or subcategory in the interface language; names we have no text for are shown capitalised. */
export function useCatalogueName(): (name: string) => string {
  const { t } = useTranslation();
  const names: Record<string, string> = t('music.catalogue', { returnObjects: true });
  return useCallback((name: string) => names[name.toLowerCase()] ?? name.charAt(0).toUpperCase() + name.slice(1), [names]);
}
