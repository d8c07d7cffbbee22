import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguageSignals, languageFromPath, localizePath, resolveLanguage, stripLanguagePrefix } from './language.ts';

const base = { pathname: '/', stored: null, browserLanguages: ['en-US'], timeZone: 'Europe/London' };

describe('resolveLanguage (section 4 order)', () => {
  it('lets the path prefix win over every other signal', () => {
    expect(resolveLanguage({ ...base, pathname: '/tr/pricing', stored: 'en' })).toBe('tr');
    expect(resolveLanguage({ ...base, pathname: '/en/pricing', stored: 'tr', browserLanguages: ['tr-TR'] })).toBe('en');
  });

  it('uses the stored choice next', () => {
    expect(resolveLanguage({ ...base, pathname: '/pricing', stored: 'tr' })).toBe('tr');
    expect(resolveLanguage({ ...base, stored: 'en', browserLanguages: ['tr-TR'], timeZone: 'Europe/Istanbul' })).toBe('en');
  });

  it('ignores a stored value that is not a language', () => {
    expect(resolveLanguage({ ...base, stored: 'de' })).toBe('en');
  });

  it('then a browser language starting with tr', () => {
    expect(resolveLanguage({ ...base, browserLanguages: ['de-DE', 'tr'] })).toBe('tr');
    expect(resolveLanguage({ ...base, browserLanguages: ['TR-tr'] })).toBe('tr');
  });

  it('then the Istanbul time zone', () => {
    expect(resolveLanguage({ ...base, timeZone: 'Europe/Istanbul' })).toBe('tr');
  });

  it('else English', () => {
    expect(resolveLanguage({ ...base, timeZone: undefined, browserLanguages: [] })).toBe('en');
  });
});

describe('language paths', () => {
  it('reads the first segment only', () => {
    expect(languageFromPath('/tr')).toBe('tr');
    expect(languageFromPath('/tr/settings')).toBe('tr');
    expect(languageFromPath('/trends')).toBeNull();
    expect(languageFromPath('/settings/tr')).toBeNull();
  });

  it('adds /tr in Turkish (home becomes /tr) and removes it in English', () => {
    expect(localizePath('/', 'tr')).toBe('/tr');
    expect(localizePath('/pricing', 'tr')).toBe('/tr/pricing');
    expect(localizePath('/tr/pricing', 'tr')).toBe('/tr/pricing');
    expect(localizePath('/tr/pricing', 'en')).toBe('/pricing');
    expect(localizePath('/tr', 'en')).toBe('/');
  });

  it('never prefixes the API access page', () => {
    expect(localizePath('/api', 'tr')).toBe('/api');
    expect(localizePath('/tr/api', 'tr')).toBe('/api');
  });

  it('strips either prefix', () => {
    expect(stripLanguagePrefix('/en/login')).toBe('/login');
    expect(stripLanguagePrefix('/tr')).toBe('/');
    expect(stripLanguagePrefix('/login')).toBe('/login');
  });
});

describe('browserLanguageSignals', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the time zone only when the other signals leave the language open, and only at Turkey\'s offset', () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const offset = vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-180);
    expect(resolveLanguage(browserLanguageSignals('/tr/text-to-speech'))).toBe('tr');
    expect(dateTimeFormat).not.toHaveBeenCalled();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    resolveLanguage(browserLanguageSignals('/text-to-speech'));
    expect(dateTimeFormat).toHaveBeenCalledTimes(1);
    // London, New York, Tokyo: no Turkish zone is at their offsets, so the zone is never looked up.
    for (const minutes of [0, -60, 300, -540]) {
      offset.mockReturnValue(minutes);
      expect(resolveLanguage(browserLanguageSignals('/text-to-speech'))).toBe('en');
    }
    expect(dateTimeFormat).toHaveBeenCalledTimes(1);
  });

  it('speaks Turkish to a browser set to Istanbul time', () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-180);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone: 'Europe/Istanbul' });
    expect(resolveLanguage(browserLanguageSignals('/text-to-speech'))).toBe('tr');
  });
});
