import { useMemo } from 'react';
import { useFormatters } from '../../../lib/i18n.ts';

const displayNamesByLocale = new Map<string, Intl.DisplayNames | null>();

/** One Intl.DisplayNames per locale, kept (several components ask on each page); null where the browser has none. */
function displayNames(locale: string): Intl.DisplayNames | null {
  if (!displayNamesByLocale.has(locale)) {
    let names: Intl.DisplayNames | null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      names = null;
    }
    displayNamesByLocale.set(locale, names);
  }
  return displayNamesByLocale.get(locale) ?? null;
}

/** Language names in the interface language ("German" / "Almanca") from ISO codes, via Intl.DisplayNames. */
export function useLanguageNames(): (code: string) => string {
  const { locale } = useFormatters();
  return useMemo(() => {
    const names = displayNames(locale);
    return (code: string) => {
      const name = names?.of(code) ?? code;
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    };
  }, [locale]);
}
