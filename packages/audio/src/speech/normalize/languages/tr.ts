import type { LanguageRules } from '../rules.ts';
import { composeScaled } from './scales.ts';

const ONES = ['', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
const TENS = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'];

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor((n % 100) / 10);
  const units = n % 10;
  const parts: string[] = [];
  // Turkish says "yüz" and "bin", never "bir yüz" or "bir bin".
  if (hundreds) parts.push(hundreds === 1 ? 'yüz' : `${ONES[hundreds]} yüz`);
  if (tens) parts.push(TENS[tens] ?? '');
  if (units) parts.push(ONES[units] ?? '');
  return parts.join(' ');
}

export function turkishCardinal(n: number): string {
  if (n === 0) return 'sıfır';
  return composeScaled(n, belowThousand, [
    [1e9, (count) => `${belowThousand(count)} milyar`],
    [1e6, (count) => `${belowThousand(count)} milyon`],
    [1e3, (count) => (count === 1 ? 'bin' : `${belowThousand(count)} bin`)],
  ]);
}

const BACK_UNROUNDED = /[aı]/;
const FRONT_UNROUNDED = /[ei]/;
const BACK_ROUNDED = /[ou]/;

/** The high vowel the ordinal suffix takes after a word, by vowel harmony. */
function harmonisedVowel(word: string): string {
  const lastVowel = [...word].reverse().find((letter) => /[aeıioöuü]/.test(letter)) ?? 'e';
  if (BACK_UNROUNDED.test(lastVowel)) return 'ı';
  if (FRONT_UNROUNDED.test(lastVowel)) return 'i';
  if (BACK_ROUNDED.test(lastVowel)) return 'u';
  return 'ü';
}

/** birinci, ikinci, üçüncü, dördüncü, ... yirmi üçüncü. */
export function turkishOrdinal(n: number): string {
  const words = turkishCardinal(n).split(' ');
  const last = words.pop() ?? '';
  const stem = last === 'dört' ? 'dörd' : last;
  const vowel = harmonisedVowel(last);
  const endsInVowel = /[aeıioöuü]$/.test(stem);
  return [...words, `${stem}${endsInVowel ? '' : vowel}nc${vowel}`].join(' ');
}

export const turkishRules: LanguageRules = {
  language: 'tr',
  decimalSeparator: ',',
  groupSeparator: '\\.',
  cardinal: turkishCardinal,
  decimalWord: 'virgül',
  fractionAsDigits: false,
  percent: (amount) => `yüzde ${amount}`,
  percentSignBeforeNumber: true,
  currencies: {
    USD: { one: 'dolar', many: 'dolar', minorOne: 'sent', minorMany: 'sent', gender: 'masculine' },
    EUR: { one: 'avro', many: 'avro', minorOne: 'sent', minorMany: 'sent', gender: 'masculine' },
    GBP: { one: 'sterlin', many: 'sterlin', minorOne: 'peni', minorMany: 'peni', gender: 'masculine' },
    TRY: { one: 'lira', many: 'lira', minorOne: 'kuruş', minorMany: 'kuruş', gender: 'masculine' },
    JPY: { one: 'yen', many: 'yen', minorOne: '', minorMany: '', gender: 'masculine', hasMinor: false },
  },
  joinAmount: (major, minor) => `${major} ${minor}`,
  abbreviations: [
    { written: 'Dr.', spoken: 'Doktor' },
    { written: 'Prof.', spoken: 'Profesör' },
    { written: 'Doç.', spoken: 'Doçent' },
    { written: 'Av.', spoken: 'Avukat' },
    { written: 'Sn.', spoken: 'Sayın' },
    { written: 'vb.', spoken: 've benzeri', canEndSentence: true },
    { written: 'vs.', spoken: 've saire', canEndSentence: true },
    { written: 'örn.', spoken: 'örneğin' },
    { written: 'bkz.', spoken: 'bakınız' },
    { written: 'yy.', spoken: 'yüzyıl', canEndSentence: true },
    { written: 'Cad.', spoken: 'Caddesi', canEndSentence: true },
    { written: 'Sok.', spoken: 'Sokağı', canEndSentence: true },
    { written: 'Mah.', spoken: 'Mahallesi', canEndSentence: true },
    { written: 'No.', spoken: 'numara', beforeNumber: true },
    { written: 'Şti.', spoken: 'Şirketi', canEndSentence: true },
  ],
  symbols: { '&': 've', '@': 'et', '+': 'artı', '=': 'eşittir', '%': 'yüzde' },
  // "3. sınıf": a number with a dot before a lower-case word is an ordinal.
  rewriteSpecialCases: (text) =>
    text.replace(/(?<![\d.,])(\d{1,4})\.(?=\s+\p{Ll})/gu, (_match, digits: string) => turkishOrdinal(Number(digits))),
};
