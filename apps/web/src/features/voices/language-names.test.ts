import { renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, VOICE_LIBRARY_LANGUAGES } from '@sound-studio/shared';
import { localeOf } from '../../lib/language.ts';
import { setupI18n } from '../../test/render.tsx';
import { useLanguageNames } from './hooks/use-language-names.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

function displayName(code: string, locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

describe('the language names table', () => {
  it.each(LANGUAGES)('names every language of the voice library in %s, as Intl.DisplayNames does', (language) => {
    const table = LANGUAGE_NAMES[language];
    expect(Object.keys(table).sort()).toEqual([...VOICE_LIBRARY_LANGUAGES].sort());
    for (const code of VOICE_LIBRARY_LANGUAGES) expect(table[code], code).toBe(displayName(code, localeOf(language)));
  });
});

describe('useLanguageNames', () => {
  afterAll(() => setupI18n('en'));

  it('names a library language from the table and any other through the browser, in the interface language', async () => {
    await setupI18n('tr');
    const name = renderHook(() => useLanguageNames()).result.current;
    expect(name('de')).toBe('Almanca');
    expect(name('fy')).toBe(displayName('fy', 'tr-TR'));
    expect(name('not a code')).toBe('Not a code');
    await setupI18n('en');
    expect(renderHook(() => useLanguageNames()).result.current('de')).toBe('German');
  });
});
