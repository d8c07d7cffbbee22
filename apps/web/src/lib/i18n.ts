import { useCallback } from 'react';
import {
  AUTH_FAILURE_MESSAGES,
  CREDIT_FAILURE_MESSAGES,
  FILE_FAILURE_MESSAGES,
  PLAN_FEATURE_REFUSALS,
  PROCESSING_FAILURE_MESSAGES,
  SPEECH_PROVIDER_FAILURE_MESSAGES,
  VOICE_LAB_FORM_MESSAGES,
  matchFileFailureTemplate,
  validationMessageKey,
  type Language,
} from '@sound-studio/shared';
import type enStudio from '../locales/en-studio.json';
import { formatDecimal, type FractionDigits } from './number-format.ts';
import { browserLanguageSignals, isLanguage, localeOf, localizePath, resolveLanguage } from './language.ts';
import { translations, useTranslation, type AllTexts, type TFunction } from './translator.ts';

/**
 * Each language's texts load when that language is chosen, so a page downloads one language, never both. English (also
 * the fallback) comes in two parts: the core texts every page needs, and the signed-in studio's texts, which load only
 * once a studio page asks for them (`loadStudioTexts`) so /login stays light. Turkish loads whole.
 */
type Texts = Partial<AllTexts>;
const loaders: Record<Language, () => Promise<Texts>> = {
  en: () => import('../locales/en.json').then((texts) => texts.default),
  tr: () => import('../locales/tr.json').then((texts) => texts.default),
};
const loadStudioEnglish = () => import('../locales/en-studio.json').then((texts) => texts.default);

const loadedLanguages = new Set<Language>();
let studioTextsWanted = false;
let studioEnglishLoaded = false;

/** Adds the studio's English texts directly (tests, which import the file themselves). */
export function addStudioTexts(texts: typeof enStudio): void {
  studioEnglishLoaded = true;
  translations.addTexts('en', texts);
}

/** Makes sure a language's texts (and, once a studio page asked for them, the studio's English texts) are loaded. */
export async function loadLanguage(language: Language): Promise<void> {
  const loads: Promise<void>[] = [];
  if (!loadedLanguages.has(language)) {
    loads.push(
      loaders[language]().then((texts) => {
        loadedLanguages.add(language);
        translations.addTexts(language, texts);
      }),
    );
  }
  if (language === 'en' && studioTextsWanted && !studioEnglishLoaded) {
    loads.push(loadStudioEnglish().then((texts) => addStudioTexts(texts)));
  }
  await Promise.all(loads);
}

/** Called before a studio page renders (the signed-in shell, the public share page): its texts in the current language. */
export async function loadStudioTexts(): Promise<void> {
  studioTextsWanted = true;
  await loadLanguage(isLanguage(translations.language) ? translations.language : 'en');
}

/** Starts the interface in the language of the address (or the stored/browser choice) with its texts loaded. */
export async function initI18n(language?: Language): Promise<void> {
  await changeLanguage(language ?? resolveLanguage(browserLanguageSignals(window.location.pathname)));
}

/** Puts the language on <html lang>; only when it changes, as a write, even of the same value, restyles the page. */
export function markDocumentLanguage(language: Language): void {
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

/** Switches the interface language once its texts are there. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  translations.setLanguage(language);
  markDocumentLanguage(language);
  document.title = translations.t('app.name');
}

/** The interface language, always one of ours. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Builds addresses of internal pages in the current language: '/pricing' becomes '/tr/pricing' in Turkish. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizePath(path, language), [language]);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter made once per locale and options and kept: making one costs far more than using it. */
function kept<Format>(cache: Map<string, Format>, locale: string, options: object, make: () => Format): Format {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** A number in the locale's style: written without Intl where `formatDecimal` can (no locale data loads), else by Intl. */
function formatNumber(value: number, locale: string, digits: FractionDigits = {}): string {
  return formatDecimal(value, locale, digits) ?? numberFormat(locale, digits).format(value);
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export interface Formatters {
  locale: string;
  number(value: number): string;
  currency(value: number): string;
  date(value: string | Date): string;
  dateTime(value: string | Date): string;
}

function formattersFor(locale: string): Formatters {
  return {
    locale,
    number: (value) => formatNumber(value, locale),
    currency: (value) => numberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: value % 1 === 0 ? 0 : 2 }).format(value),
    date: (value) => dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(value)),
    dateTime: (value) => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
  };
}

const formattersByLocale = new Map<string, Formatters>();

/**
 * Number and date formatting for the interface language: the same object for a language on every render (the studio
 * page formats dozens of numbers in each, and memoized children see no change).
 */
export function useFormatters(): Formatters {
  const locale = localeOf(useLanguage());
  let formatters = formattersByLocale.get(locale);
  if (!formatters) {
    formatters = formattersFor(locale);
    formattersByLocale.set(locale, formatters);
  }
  return formatters;
}

const SERVER_FAILURE_MESSAGES = {
  ...AUTH_FAILURE_MESSAGES,
  ...CREDIT_FAILURE_MESSAGES,
  ...FILE_FAILURE_MESSAGES,
  ...SPEECH_PROVIDER_FAILURE_MESSAGES,
  ...PROCESSING_FAILURE_MESSAGES,
  ...VOICE_LAB_FORM_MESSAGES,
  ...PLAN_FEATURE_REFUSALS,
};
/** A message about one of several uploaded files starts with its quoted name: `"photo.wav": …`. */
const NAMED_FILE_PREFIX = /^("[^"]*": )(.*)$/s;
const failureKeyByMessage = new Map<string, keyof typeof SERVER_FAILURE_MESSAGES>(
  Object.entries(SERVER_FAILURE_MESSAGES).map(([key, message]) => [message, key as keyof typeof SERVER_FAILURE_MESSAGES]),
);

/** A number the server wrote in English ("3.0", "30000") in the interface language's style, keeping its decimals. */
function localizeNumber(value: string, locale: string): string {
  if (!/^\d+(\.\d+)?$/.test(value)) return value;
  const decimals = value.split('.')[1]?.length ?? 0;
  return formatNumber(Number(value), locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Translates a validation or known server message (they arrive in English); unknown text passes through. */
export function useTranslateMessage(): (message: string) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return useCallback(
    (message: string) => {
      const validationKey = validationMessageKey(message);
      if (validationKey) return t(`validation.${validationKey}`);
      const named = NAMED_FILE_PREFIX.exec(message);
      const translated = translateServerMessage(message, t, localeOf(language));
      if (translated !== null || !named) return translated ?? message;
      const namedTranslation = translateServerMessage(named[2] ?? '', t, localeOf(language));
      return namedTranslation === null ? message : `${named[1]}${namedTranslation}`;
    },
    [t, language],
  );
}

/** A fixed server sentence or one of the file templates (values re-inserted, numbers localized); null if unknown. */
function translateServerMessage(message: string, t: TFunction, locale: string): string | null {
  const failureKey = failureKeyByMessage.get(message);
  if (failureKey) return t(`serverMessages.${failureKey}`);
  const template = matchFileFailureTemplate(message);
  if (!template) return null;
  const values = Object.fromEntries(Object.entries(template.values).map(([name, value]) => [name, localizeNumber(value, locale)]));
  // The server's own sentence is the fallback should a language lack the template.
  return t(`serverMessageTemplates.${template.key}`, { ...values, defaultValue: message });
}
