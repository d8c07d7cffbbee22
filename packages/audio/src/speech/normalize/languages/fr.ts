import type { GrammaticalGender, LanguageRules } from '../rules.ts';
import { composeScaled } from './scales.ts';

const BELOW_SEVENTEEN = [
  'zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix',
  'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize',
];
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

function belowTwenty(n: number): string {
  return n < 17 ? (BELOW_SEVENTEEN[n] ?? '') : `dix-${BELOW_SEVENTEEN[n - 10]}`;
}

function belowHundred(n: number): string {
  if (n < 20) return belowTwenty(n);
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (tens === 7) return unit === 1 ? 'soixante et onze' : `soixante-${belowTwenty(10 + unit)}`;
  if (tens === 8) return unit === 0 ? 'quatre-vingts' : `quatre-vingt-${BELOW_SEVENTEEN[unit]}`;
  if (tens === 9) return `quatre-vingt-${belowTwenty(10 + unit)}`;
  if (unit === 0) return TENS[tens] ?? '';
  return unit === 1 ? `${TENS[tens]} et un` : `${TENS[tens]}-${BELOW_SEVENTEEN[unit]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let hundredWords = '';
  if (hundreds === 1) hundredWords = 'cent';
  else if (hundreds > 1) hundredWords = `${BELOW_SEVENTEEN[hundreds]} cent${rest === 0 ? 's' : ''}`;
  return [hundredWords, rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** "quatre-vingts" and "deux cents" lose their plural s before "mille". */
function beforeMille(words: string): string {
  return words.replace(/(vingt|cent)s$/, '$1');
}

export function frenchCardinal(n: number, gender: GrammaticalGender = 'masculine'): string {
  if (n === 0) return 'zéro';
  const words = composeScaled(n, belowThousand, [
    [1e9, (count) => `${belowThousand(count)} milliard${count > 1 ? 's' : ''}`],
    [1e6, (count) => `${belowThousand(count)} million${count > 1 ? 's' : ''}`],
    [1e3, (count) => (count === 1 ? 'mille' : `${beforeMille(belowThousand(count))} mille`)],
  ]);
  return gender === 'feminine' ? words.replace(/\bun$/, 'une') : words;
}

/** premier, deuxième, cinquième, neuvième, vingt et unième, quatre-vingtième. */
export function frenchOrdinal(n: number, feminine: boolean): string {
  if (n === 1) return feminine ? 'première' : 'premier';
  const cardinal = beforeMille(frenchCardinal(n));
  if (cardinal.endsWith('cinq')) return `${cardinal}uième`;
  if (cardinal.endsWith('neuf')) return `${cardinal.slice(0, -1)}vième`;
  return `${cardinal.replace(/e$/, '')}ième`;
}

export const frenchRules: LanguageRules = {
  language: 'fr',
  decimalSeparator: ',',
  groupSeparator: '[ \\u00a0\\u202f]',
  cardinal: frenchCardinal,
  cardinalBeforeNoun: (n, gender) => frenchCardinal(n, gender),
  decimalWord: 'virgule',
  fractionAsDigits: false,
  percent: (amount) => `${amount} pour cent`,
  currencies: {
    USD: { one: 'dollar', many: 'dollars', minorOne: 'cent', minorMany: 'cents', gender: 'masculine' },
    EUR: { one: 'euro', many: 'euros', minorOne: 'centime', minorMany: 'centimes', gender: 'masculine' },
    GBP: { one: 'livre sterling', many: 'livres sterling', minorOne: 'penny', minorMany: 'pence', gender: 'feminine' },
    TRY: { one: 'livre turque', many: 'livres turques', minorOne: 'kurus', minorMany: 'kurus', gender: 'feminine' },
    JPY: { one: 'yen', many: 'yens', minorOne: '', minorMany: '', gender: 'masculine', hasMinor: false },
  },
  joinAmount: (major, minor) => `${major} et ${minor}`,
  largeAmountLink: (amount, currency) =>
    amount >= 1e6 && amount % 1e6 === 0 ? (/^[aeiouy]/i.test(currency) ? "d'" : 'de ') : '',
  abbreviations: [
    { written: 'M.', spoken: 'Monsieur' },
    { written: 'MM.', spoken: 'Messieurs' },
    { written: 'Mme.', spoken: 'Madame' },
    { written: 'Mme', spoken: 'Madame' },
    { written: 'Mlle', spoken: 'Mademoiselle' },
    { written: 'Dr', spoken: 'docteur' },
    { written: 'Pr', spoken: 'professeur' },
    { written: 'etc.', spoken: 'et cetera', canEndSentence: true },
    { written: 'p. ex.', spoken: 'par exemple' },
    { written: 'c.-à-d.', spoken: "c'est-à-dire" },
    { written: 'env.', spoken: 'environ' },
    { written: 'n°', spoken: 'numéro', beforeNumber: true },
    { written: 'N°', spoken: 'numéro', beforeNumber: true },
    { written: 'bd', spoken: 'boulevard' },
  ],
  symbols: { '&': 'et', '@': 'arobase', '+': 'plus', '=': 'égale', '%': 'pour cent' },
  // "1er", "1re", "2e", "3ème", "21ᵉ".
  rewriteSpecialCases: (text) =>
    text.replace(/\b(\d{1,3})(er|re|ère|e|ème|ᵉ)(?![\p{L}])/gu, (_match, digits: string, suffix: string) =>
      frenchOrdinal(Number(digits), suffix === 're' || suffix === 'ère'),
    ),
};
