import type { LanguageRules } from '../rules.ts';
import { composeScaled } from './scales.ts';

const ONES = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds ? [`${ONES[hundreds]} hundred`] : [];
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

export function englishCardinal(n: number): string {
  if (n === 0) return 'zero';
  return composeScaled(n, belowThousand, [
    [1e9, (count) => `${belowThousand(count)} billion`],
    [1e6, (count) => `${belowThousand(count)} million`],
    [1e3, (count) => `${belowThousand(count)} thousand`],
  ]);
}

export const englishRules: LanguageRules = {
  language: 'en',
  decimalSeparator: '.',
  groupSeparator: ',',
  cardinal: englishCardinal,
  decimalWord: 'point',
  fractionAsDigits: true,
  percent: (amount) => `${amount} percent`,
  currencies: {
    USD: { one: 'dollar', many: 'dollars', minorOne: 'cent', minorMany: 'cents', gender: 'masculine' },
    EUR: { one: 'euro', many: 'euros', minorOne: 'cent', minorMany: 'cents', gender: 'masculine' },
    GBP: { one: 'pound', many: 'pounds', minorOne: 'penny', minorMany: 'pence', gender: 'masculine' },
    TRY: { one: 'Turkish lira', many: 'Turkish lira', minorOne: 'kurush', minorMany: 'kurush', gender: 'feminine' },
    JPY: { one: 'yen', many: 'yen', minorOne: '', minorMany: '', gender: 'masculine', hasMinor: false },
  },
  joinAmount: (major, minor) => `${major} and ${minor}`,
  abbreviations: [
    { written: 'Mr.', spoken: 'Mister' },
    { written: 'Mrs.', spoken: 'Missus' },
    { written: 'Ms.', spoken: 'Miz' },
    { written: 'Dr.', spoken: 'Doctor' },
    { written: 'Prof.', spoken: 'Professor' },
    { written: 'Jr.', spoken: 'Junior', canEndSentence: true },
    { written: 'Sr.', spoken: 'Senior', canEndSentence: true },
    { written: 'Mt.', spoken: 'Mount' },
    { written: 'Ave.', spoken: 'Avenue', canEndSentence: true },
    { written: 'Rd.', spoken: 'Road', canEndSentence: true },
    { written: 'vs.', spoken: 'versus' },
    { written: 'etc.', spoken: 'et cetera', canEndSentence: true },
    { written: 'e.g.', spoken: 'for example' },
    { written: 'i.e.', spoken: 'that is' },
    { written: 'approx.', spoken: 'approximately' },
    { written: 'No.', spoken: 'number', beforeNumber: true },
    { written: 'Inc.', spoken: 'Incorporated', canEndSentence: true },
    { written: 'Ltd.', spoken: 'Limited', canEndSentence: true },
    { written: 'Co.', spoken: 'Company', canEndSentence: true },
    { written: 'Dept.', spoken: 'Department' },
    // Rewritten to Saint or Street before the list applies; listed so a sentence never ends at it.
    { written: 'St.', spoken: 'Saint' },
  ],
  symbols: { '&': 'and', '@': 'at', '+': 'plus', '=': 'equals', '%': 'percent' },
  // "St." is Saint before a name and Street after one.
  rewriteSpecialCases: (text) =>
    text.replace(/\bSt\.(?=\s+\p{Lu})/gu, 'Saint').replace(/(?<=\p{L}\s)St\./gu, 'Street'),
};
