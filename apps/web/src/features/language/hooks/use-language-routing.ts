import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import type { Language } from '@sound-studio/shared';
import {
  browserLanguageSignals,
  languageFromPath,
  localizePath,
  resolveLanguage,
  storeLanguage,
  stripLanguagePrefix,
  UNPREFIXED_PATHS,
} from '../../../lib/language.ts';
import { changeLanguage, markDocumentLanguage } from '../../../lib/i18n.ts';

export interface LanguageRoute {
  language: Language;
  /** Where to go instead so the address matches the language (e.g. '/pricing' for a Turkish user -> '/tr/pricing'). */
  redirectTo: string | null;
}

/** Section 4: the first path segment decides; an unprefixed page falls back to the stored, browser or zone signal. */
export function languageRouteFor(pathname: string): LanguageRoute {
  const prefix = languageFromPath(pathname);
  const bare = stripLanguagePrefix(pathname);
  const keepsOneAddress = UNPREFIXED_PATHS.includes(bare);
  if (prefix === 'tr') return { language: 'tr', redirectTo: keepsOneAddress ? bare : null };
  if (prefix === 'en') {
    // An explicit /en link is a choice: remember it so the unprefixed address stays English.
    storeLanguage('en');
    return { language: 'en', redirectTo: bare };
  }
  const language = resolveLanguage(browserLanguageSignals(pathname));
  return { language, redirectTo: language === 'tr' && !keepsOneAddress ? localizePath(bare, 'tr') : null };
}

/** Resolves the language of the current address and keeps the interface language and <html lang> in step with it. */
export function useLanguageRouting(): LanguageRoute {
  const { pathname } = useLocation();
  const route = languageRouteFor(pathname);
  useLayoutEffect(() => {
    void changeLanguage(route.language);
    markDocumentLanguage(route.language);
  }, [route.language]);
  return route;
}
