/** Currencies the normaliser reads out; amounts in other currencies are left to eSpeak. */
export type CurrencyCode = 'USD' | 'EUR' | 'GBP' | 'TRY' | 'JPY';

export const CURRENCY_SYMBOLS: Readonly<Record<string, CurrencyCode>> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '₺': 'TRY',
  '¥': 'JPY',
};

/** Currency codes written after an amount, e.g. `5 TL`, `20 EUR`. */
export const CURRENCY_CODES: Readonly<Record<string, CurrencyCode>> = {
  TL: 'TRY',
  TRY: 'TRY',
  USD: 'USD',
  EUR: 'EUR',
  GBP: 'GBP',
  JPY: 'JPY',
};

/** A number as written: integer digits (separators removed) and fraction digits ('' when none). */
export interface WrittenNumber {
  integer: number;
  fraction: string;
}

export type GrammaticalGender = 'masculine' | 'feminine';

export interface CurrencyWords {
  one: string;
  many: string;
  minorOne: string;
  minorMany: string;
  gender: GrammaticalGender;
  /** Some currencies have no minor unit worth reading (yen). */
  hasMinor?: boolean;
}

export interface Abbreviation {
  /** As written, dots included, e.g. `Dr.`, `z. B.`. */
  written: string;
  spoken: string;
  /** Only expand when a digit follows, e.g. `No. 5`. */
  beforeNumber?: boolean;
  /** May close a sentence (`etc.`), so a capital after it starts a new one. */
  canEndSentence?: boolean;
}

export interface LanguageRules {
  language: string;
  decimalSeparator: '.' | ',';
  /** Regex source matching thousands separators between digit groups. */
  groupSeparator: string;
  cardinal(value: number, gender?: GrammaticalGender): string;
  /** The form of a number directly before a noun, e.g. `un` in Spanish, `ein` in German. */
  cardinalBeforeNoun?(value: number, gender: GrammaticalGender): string;
  decimalWord: string;
  /** Read fraction digits one by one (`point five six`) or as a number (`virgül elli altı`). */
  fractionAsDigits: boolean;
  percent(amount: string): string;
  percentSignBeforeNumber?: boolean;
  currencies: Readonly<Record<CurrencyCode, CurrencyWords>>;
  /** Joins the major and minor parts of an amount, e.g. `five dollars and ten cents`. */
  joinAmount(major: string, minor: string): string;
  /** Words between a large round number and the currency, e.g. French `un million d'euros`. */
  largeAmountLink?(amount: number, currency: string): string;
  abbreviations: readonly Abbreviation[];
  symbols: Readonly<Record<string, string>>;
  /** Language-specific rewrites that run before the shared rules: ordinals such as `3.` or `1er`, ambiguous abbreviations. */
  rewriteSpecialCases?(text: string): string;
  /** Capitalised words that are not sentence starts after a number with a dot, e.g. German months. */
  monthNames?: readonly string[];
  /** Words after which `21.` is an ordinal even before a capital, e.g. German "der 21. Platz". */
  ordinalLeadWords?: readonly string[];
}

/** Reads a number written as digits into words using the language's rules. */
export function numberToWords(rules: LanguageRules, value: WrittenNumber): string {
  const integerWords = rules.cardinal(value.integer);
  if (value.fraction === '') return integerWords;
  return `${integerWords} ${rules.decimalWord} ${fractionToWords(rules, value.fraction)}`;
}

function fractionToWords(rules: LanguageRules, fraction: string): string {
  if (rules.fractionAsDigits || fraction.startsWith('0') || fraction.length > 3) {
    return [...fraction].map((digit) => rules.cardinal(Number(digit))).join(' ');
  }
  return rules.cardinal(Number(fraction));
}

/** Builds a regex source for a written number in this language: grouped or plain digits, optional fraction. */
export function numberPattern(rules: LanguageRules): string {
  const decimal = rules.decimalSeparator === '.' ? '\\.' : ',';
  return `(\\d{1,3}(?:${rules.groupSeparator}\\d{3})+|\\d+)(?:${decimal}(\\d+))?`;
}

export function parseWrittenNumber(rules: LanguageRules, integerPart: string, fractionPart: string | undefined): WrittenNumber {
  return { integer: Number(integerPart.replace(/\D/g, '')), fraction: fractionPart ?? '' };
}
