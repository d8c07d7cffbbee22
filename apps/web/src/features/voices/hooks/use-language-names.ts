import { useMemo } from 'react';
import { useLanguage } from '../../../lib/i18n.ts';
import { localeOf } from '../../../lib/language.ts';
import { LANGUAGE_NAMES } from '../language-names.ts';

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

/**
 * Language names in the interface language ("German" / "Almanca") from ISO codes: the library's languages from the
 * table, any other (a cloned voice's) through Intl.DisplayNames, made only when such a voice is named.
 */
export function useLanguageNames(): (code: string) => string {
  const language = useLanguage();
  return useMemo(() => {
    const known = LANGUAGE_NAMES[language];
    const locale = localeOf(language);
    return (code: string) => {
      const listed = known[code];
      if (listed) return listed;
      let name = code;
      try {
        name = displayNames(locale)?.of(code) ?? code;
      } catch {
        // Not a language code DisplayNames can read: shown as it is.
      }
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    };
  }, [language]);
}
