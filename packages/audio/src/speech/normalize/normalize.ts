import { germanRules } from './languages/de.ts';
import { englishRules } from './languages/en.ts';
import { spanishRules } from './languages/es.ts';
import { frenchRules } from './languages/fr.ts';
import { italianRules } from './languages/it.ts';
import { MAX_SPELLED_NUMBER } from './languages/scales.ts';
import { turkishRules } from './languages/tr.ts';
import {
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  numberPattern,
  numberToWords,
  parseWrittenNumber,
  type Abbreviation,
  type CurrencyCode,
  type LanguageRules,
  type WrittenNumber,
} from './rules.ts';

const RULES_BY_LANGUAGE: Readonly<Record<string, LanguageRules>> = {
  en: englishRules,
  tr: turkishRules,
  es: spanishRules,
  fr: frenchRules,
  de: germanRules,
  it: italianRules,
};

/** Languages with full normalisation (numbers, currencies, abbreviations, symbols). */
export const NORMALIZED_LANGUAGES = Object.keys(RULES_BY_LANGUAGE);

export function baseLanguage(language: string): string {
  return language.toLowerCase().split(/[-_]/)[0] ?? language;
}

export function rulesFor(language: string): LanguageRules | undefined {
  return RULES_BY_LANGUAGE[baseLanguage(language)];
}

/**
 * Rewrites text the way a reader would say it: currencies, percentages, ordinals, abbreviations and symbols become
 * words in the given language. Plain numbers stay digits because eSpeak already reads them well (and knows years).
 * Languages without rules only get the shared clean-up.
 */
export function normalizeText(text: string, language: string): string {
  const rules = rulesFor(language);
  let result = text.normalize('NFC');
  if (rules) {
    result = rules.rewriteSpecialCases?.(result) ?? result;
    result = readCurrencies(result, rules);
    result = readPercentages(result, rules);
    result = expandAbbreviations(result, rules);
    result = readSymbols(result, rules);
  }
  return cleanUp(result);
}

const SYMBOL_CLASS = '[$€£₺¥]';
const CODE_ALTERNATIVES = Object.keys(CURRENCY_CODES).join('|');

function readCurrencies(text: string, rules: LanguageRules): string {
  const number = numberPattern(rules);
  const symbolFirst = new RegExp(`(${SYMBOL_CLASS})\\s?${number}`, 'gu');
  const symbolLast = new RegExp(`(?<![\\d.,])${number}[\\s\\u00a0]?(${SYMBOL_CLASS}|(?:${CODE_ALTERNATIVES})(?![\\p{L}]))`, 'gu');
  return text
    .replace(symbolFirst, (match, symbol: string, integer: string, fraction: string | undefined) =>
      speakAmount(rules, parseWrittenNumber(rules, integer, fraction), currencyOf(symbol)) ?? match,
    )
    .replace(symbolLast, (match, integer: string, fraction: string | undefined, symbol: string) =>
      speakAmount(rules, parseWrittenNumber(rules, integer, fraction), currencyOf(symbol)) ?? match,
    );
}

function currencyOf(symbolOrCode: string): CurrencyCode {
  return CURRENCY_SYMBOLS[symbolOrCode] ?? CURRENCY_CODES[symbolOrCode] ?? 'USD';
}

/** "five dollars and ninety-nine cents"; null when the amount is too large to spell. */
export function speakAmount(rules: LanguageRules, value: WrittenNumber, currency: CurrencyCode): string | null {
  if (value.integer > MAX_SPELLED_NUMBER) return null;
  const words = rules.currencies[currency];
  const hasMinorUnit = words.hasMinor !== false && value.fraction.length > 0 && value.fraction.length <= 2;
  const readAsDecimal = value.fraction !== '' && !hasMinorUnit;
  const unit = value.integer === 1 && !readAsDecimal ? words.one : words.many;
  if (readAsDecimal) {
    return `${numberToWords(rules, value)} ${unit}`;
  }
  const link = rules.largeAmountLink?.(value.integer, unit) ?? '';
  const major = `${countBeforeNoun(rules, value.integer, words.gender)} ${link}${unit}`.replace("d' ", "d'");
  const minorValue = hasMinorUnit ? Number(value.fraction.padEnd(2, '0')) : 0;
  if (minorValue === 0) return major;
  const minor = `${countBeforeNoun(rules, minorValue, 'masculine')} ${minorValue === 1 ? words.minorOne : words.minorMany}`;
  return value.integer === 0 ? minor : rules.joinAmount(major, minor);
}

function countBeforeNoun(rules: LanguageRules, value: number, gender: 'masculine' | 'feminine'): string {
  return rules.cardinalBeforeNoun?.(value, gender) ?? rules.cardinal(value, gender);
}

function readPercentages(text: string, rules: LanguageRules): string {
  const number = numberPattern(rules);
  const speak = (integer: string, fraction: string | undefined): string =>
    rules.percent(numberToWords(rules, parseWrittenNumber(rules, integer, fraction)));
  const signLast = new RegExp(`(?<![\\d.,])${number}[\\s\\u00a0]?%`, 'g');
  let result = text.replace(signLast, (_match, integer: string, fraction: string | undefined) => speak(integer, fraction));
  if (rules.percentSignBeforeNumber) {
    const signFirst = new RegExp(`%\\s?${number}`, 'g');
    result = result.replace(signFirst, (_match, integer: string, fraction: string | undefined) => speak(integer, fraction));
  }
  return result;
}

const abbreviationPatterns = new WeakMap<LanguageRules, Array<{ pattern: RegExp; abbreviation: Abbreviation }>>();

function expandAbbreviations(text: string, rules: LanguageRules): string {
  let patterns = abbreviationPatterns.get(rules);
  if (!patterns) {
    patterns = [...rules.abbreviations]
      .sort((a, b) => b.written.length - a.written.length)
      .map((abbreviation) => ({ pattern: abbreviationPattern(abbreviation), abbreviation }));
    abbreviationPatterns.set(rules, patterns);
  }
  return patterns.reduce(
    (result, { pattern, abbreviation }) =>
      result.replace(pattern, (match: string, offset: number, whole: string) =>
        closesSentence(abbreviation, match, whole.slice(offset + match.length))
          ? `${abbreviation.spoken}.`
          : abbreviation.spoken,
      ),
    text,
  );
}

/** "etc." at the end keeps its full stop, so the sentence still sounds finished. */
function closesSentence(abbreviation: Abbreviation, match: string, following: string): boolean {
  return Boolean(abbreviation.canEndSentence) && match.endsWith('.') && /^\s*(?:$|\p{Lu})/u.test(following);
}

export function abbreviationPattern(abbreviation: Abbreviation): RegExp {
  const written = escapeRegExp(abbreviation.written).replace(/ /g, '\\s?');
  const after = abbreviation.beforeNumber ? '(?=\\s*\\d)' : '(?![\\p{L}\\p{N}])';
  return new RegExp(`(?<![\\p{L}\\p{N}.])${written}${after}`, 'gu');
}

function readSymbols(text: string, rules: LanguageRules): string {
  let result = text;
  for (const [symbol, word] of Object.entries(rules.symbols)) result = result.replaceAll(symbol, ` ${word} `);
  for (const [symbol, code] of Object.entries(CURRENCY_SYMBOLS)) {
    result = result.replaceAll(symbol, ` ${rules.currencies[code].many} `);
  }
  return result;
}

/** Removes what eSpeak would misread as markup or phoneme input and tidies whitespace. */
function cleanUp(text: string): string {
  return text
    .replace(/[<>]/g, ' ')
    .replace(/\[\[|\]\]/g, (brackets) => brackets.split('').join(' '))
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
