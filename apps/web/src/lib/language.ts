import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@sound-studio/shared';
import { readItem, writeItem } from './storage.ts';

/** Pages that keep one address in every language (section 2: the API access page is not prefixed). */
export const UNPREFIXED_PATHS: readonly string[] = ['/api'];

const TURKISH_TIME_ZONES = new Set(['Europe/Istanbul', 'Asia/Istanbul', 'Turkey']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language named by the first path segment ('/tr/...' or '/en/...'), or null when the path names none. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1]?.toLowerCase();
  return isLanguage(first) ? first : null;
}

/** The path without a leading /tr or /en segment: '/tr' -> '/', '/tr/pricing' -> '/pricing'. */
export function stripLanguagePrefix(pathname: string): string {
  if (!languageFromPath(pathname)) return pathname || '/';
  const rest = pathname.replace(/^\/[^/]+/, '');
  return rest === '' ? '/' : rest;
}

/** The address of an internal page in a language: Turkish pages get /tr (home becomes /tr). */
export function localizePath(path: string, language: Language): string {
  const bare = stripLanguagePrefix(path);
  if (language !== 'tr' || UNPREFIXED_PATHS.includes(bare)) return bare;
  return bare === '/' ? '/tr' : `/tr${bare}`;
}

export interface LanguageSignals {
  pathname: string;
  stored: string | null;
  browserLanguages: readonly string[];
  timeZone: string | undefined;
}

/**
 * Section 4's order: the path prefix, then the stored choice, then a browser language starting with "tr", then the
 * Istanbul time zone, else English.
 */
export function resolveLanguage(signals: LanguageSignals): Language {
  const fromPath = languageFromPath(signals.pathname);
  if (fromPath) return fromPath;
  if (isLanguage(signals.stored)) return signals.stored;
  if (signals.browserLanguages.some((language) => language.toLowerCase().startsWith('tr'))) return 'tr';
  // Last, and read once: browserLanguageSignals computes it on demand.
  const timeZone = signals.timeZone;
  if (timeZone && TURKISH_TIME_ZONES.has(timeZone)) return 'tr';
  return DEFAULT_LANGUAGE;
}

/** Turkey keeps UTC+3 all year (since 2016). */
const TURKEY_UTC_OFFSET_MINUTES = -180;

/**
 * The browser's time zone, where it may be a Turkish one. A clock at any other offset cannot be, and its zone is not
 * looked up: the first lookup loads the browser's date and time data, about 100 ms on this project's machines and more
 * on a phone, at boot.
 */
function browserTimeZone(): string | undefined {
  if (new Date().getTimezoneOffset() !== TURKEY_UTC_OFFSET_MINUTES) return undefined;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The signals of this browser for a path. The time zone is read only when the others leave the language open, and
 * only at Turkey's offset (`browserTimeZone`).
 */
export function browserLanguageSignals(pathname: string): LanguageSignals {
  return {
    pathname,
    stored: readItem('local', STORAGE_KEYS.language),
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    get timeZone() {
      return browserTimeZone();
    },
  };
}

export function storeLanguage(language: Language): void {
  writeItem('local', STORAGE_KEYS.language, language);
}

/** BCP 47 locale for Intl formatting of dates and numbers. */
export function localeOf(language: Language): string {
  return language === 'tr' ? 'tr-TR' : 'en-US';
}
