import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageRouteFor } from './use-language-routing.ts';

function setBrowser(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('languageRouteFor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps /tr pages Turkish', () => {
    expect(languageRouteFor('/tr/settings')).toEqual({ language: 'tr', redirectTo: null });
    expect(languageRouteFor('/tr')).toEqual({ language: 'tr', redirectTo: null });
  });

  it('sends an unprefixed page to /tr when the reader is Turkish', () => {
    setBrowser(['tr-TR']);
    expect(languageRouteFor('/pricing')).toEqual({ language: 'tr', redirectTo: '/tr/pricing' });
    expect(languageRouteFor('/')).toEqual({ language: 'tr', redirectTo: '/tr' });
  });

  it('leaves unprefixed pages English otherwise', () => {
    setBrowser(['en-GB']);
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Europe/Berlin' } as Intl.ResolvedDateTimeFormatOptions);
    expect(languageRouteFor('/pricing')).toEqual({ language: 'en', redirectTo: null });
  });

  it('keeps /api on one address in both languages', () => {
    setBrowser(['tr-TR']);
    expect(languageRouteFor('/api')).toEqual({ language: 'tr', redirectTo: null });
    expect(languageRouteFor('/tr/api')).toEqual({ language: 'tr', redirectTo: '/api' });
  });

  it('treats an /en link as a choice and drops the prefix', () => {
    setBrowser(['tr-TR']);
    expect(languageRouteFor('/en/pricing')).toEqual({ language: 'en', redirectTo: '/pricing' });
    expect(localStorage.getItem('soundstudio_language')).toBe('en');
    expect(languageRouteFor('/pricing')).toEqual({ language: 'en', redirectTo: null });
  });
});
