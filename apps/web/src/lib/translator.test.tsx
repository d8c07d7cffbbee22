import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translations, useTranslation, type TFunction } from './translator.ts';

// Keys the app's types do not know: these tests use texts of their own.
const t = translations.t as unknown as (key: string, options?: Record<string, unknown>) => string | Record<string, string>;

function useTexts() {
  translations.addTexts('en', {
    greeting: 'Hello, {{name}}!',
    files: { count_one: '{{count}} file', count_other: '{{count}} files', title: 'Files' },
    only: { english: 'Only in English' },
  });
  translations.addTexts('tr', { greeting: 'Merhaba {{name}}!', files: { count_other: '{{count}} dosya' } });
}

// Other test files share this module and may have left Turkish on.
beforeEach(() => translations.setLanguage('en'));
afterEach(() => translations.setLanguage('en'));

describe('translations', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    useTexts();
    expect(t('greeting', { name: 'Ada' })).toBe('Hello, Ada!');
    expect(t('greeting')).toBe('Hello, {{name}}!');
  });

  it('picks the plural form of the language, and the count is a placeholder too', () => {
    useTexts();
    expect(t('files.count', { count: 1 })).toBe('1 file');
    expect(t('files.count', { count: 3 })).toBe('3 files');
    translations.setLanguage('tr');
    expect(t('files.count', { count: 3 })).toBe('3 dosya');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    useTexts();
    translations.setLanguage('tr');
    expect(t('greeting', { name: 'Ada' })).toBe('Merhaba Ada!');
    expect(t('only.english')).toBe('Only in English');
    expect(t('only.missing', { defaultValue: 'Kept {{what}}', what: 'text' })).toBe('Kept text');
    expect(t('only.missing')).toBe('only.missing');
  });

  it('returns a group as an object when asked, and merges later texts into earlier ones', () => {
    useTexts();
    translations.addTexts('en', { files: { title: 'Your files' } });
    expect(t('files', { returnObjects: true })).toMatchObject({ title: 'Your files', count_one: '{{count}} file' });
    // A group is not a text: without returnObjects its key comes back.
    expect(t('files')).toBe('files');
  });

  it('re-renders components with a new t when the language changes', () => {
    useTexts();
    const seen = new Set<TFunction>();
    function Greeting() {
      const { t: translate, i18n } = useTranslation();
      seen.add(translate);
      return <p>{`${i18n.language}: ${(translate as unknown as typeof t)('greeting', { name: 'Ada' }) as string}`}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('en: Hello, Ada!')).toBeInTheDocument();
    act(() => translations.setLanguage('tr'));
    expect(screen.getByText('tr: Merhaba Ada!')).toBeInTheDocument();
    expect(seen.size).toBe(2);
  });
});
