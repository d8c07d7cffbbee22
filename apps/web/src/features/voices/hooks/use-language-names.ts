import { useMemo } from 'react';
import { useFormatters } from '../../../lib/i18n.ts';

/** Language names in the interface language ("German" / "Almanca") from ISO codes, via Intl.DisplayNames. */
export function useLanguageNames(): (code: string) => string {
  const { locale } = useFormatters();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      names = null;
    }
    return (code: string) => {
      const name = names?.of(code) ?? code;
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    };
  }, [locale]);
}
