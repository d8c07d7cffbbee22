import type { GrammaticalGender, LanguageRules } from '../rules.ts';
import { composeScaled } from './scales.ts';

const BELOW_TWENTY = [
  'zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci',
  'undici', 'dodici', 'tredici', 'quattordici', 'quindici', 'sedici', 'diciassette', 'diciotto', 'diciannove',
];
const TENS = ['', '', 'venti', 'trenta', 'quaranta', 'cinquanta', 'sessanta', 'settanta', 'ottanta', 'novanta'];

function belowHundred(n: number): string {
  if (n < 20) return BELOW_TWENTY[n] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  const unit = n % 10;
  if (unit === 0) return tens;
  // ventuno, ventotto: the tens drop their vowel before "uno" and "otto"; ventitré takes an accent.
  const stem = unit === 1 || unit === 8 ? tens.slice(0, -1) : tens;
  return `${stem}${unit === 3 ? 'tré' : BELOW_TWENTY[unit]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const hundredWord = hundreds === 0 ? '' : `${hundreds === 1 ? '' : BELOW_TWENTY[hundreds]}cento`;
  const restWords = rest ? belowHundred(rest) : '';
  // centottanta, centotto: "cento" drops its o before a word starting with o.
  if (hundredWord && restWords.startsWith('o')) return `${hundredWord.slice(0, -1)}${restWords}`;
  return `${hundredWord}${restWords}`;
}

export function italianCardinal(n: number): string {
  if (n === 0) return 'zero';
  return composeScaled(n, belowThousand, [
    [1e9, (count) => (count === 1 ? 'un miliardo' : `${belowThousand(count)} miliardi`)],
    [1e6, (count) => (count === 1 ? 'un milione' : `${belowThousand(count)} milioni`)],
    [1e3, (count) => (count === 1 ? 'mille' : `${belowThousand(count)}mila`)],
  ]);
}

const ORDINALS = ['', 'primo', 'secondo', 'terzo', 'quarto', 'quinto', 'sesto', 'settimo', 'ottavo', 'nono', 'decimo'];

/** primo, secondo ... decimo, then undicesimo, ventesimo, ventitreesimo. */
export function italianOrdinal(n: number, feminine: boolean): string {
  const masculine =
    ORDINALS[n] ??
    (() => {
      const cardinal = italianCardinal(n);
      return cardinal.endsWith('tré') ? `${cardinal.slice(0, -1)}eesimo` : `${cardinal.slice(0, -1)}esimo`;
    })();
  return feminine ? masculine.replace(/o$/, 'a') : masculine;
}

function italianBeforeNoun(n: number, gender: GrammaticalGender): string {
  if (n === 1) return gender === 'feminine' ? 'una' : 'un';
  return italianCardinal(n);
}

export const italianRules: LanguageRules = {
  language: 'it',
  decimalSeparator: ',',
  groupSeparator: '\\.',
  cardinal: italianCardinal,
  cardinalBeforeNoun: italianBeforeNoun,
  decimalWord: 'virgola',
  fractionAsDigits: false,
  percent: (amount) => `${amount} per cento`,
  currencies: {
    USD: { one: 'dollaro', many: 'dollari', minorOne: 'centesimo', minorMany: 'centesimi', gender: 'masculine' },
    EUR: { one: 'euro', many: 'euro', minorOne: 'centesimo', minorMany: 'centesimi', gender: 'masculine' },
    GBP: { one: 'sterlina', many: 'sterline', minorOne: 'penny', minorMany: 'pence', gender: 'feminine' },
    TRY: { one: 'lira turca', many: 'lire turche', minorOne: 'kurus', minorMany: 'kurus', gender: 'feminine' },
    JPY: { one: 'yen', many: 'yen', minorOne: '', minorMany: '', gender: 'masculine', hasMinor: false },
  },
  joinAmount: (major, minor) => `${major} e ${minor}`,
  largeAmountLink: (amount) => (amount >= 1e6 && amount % 1e6 === 0 ? 'di ' : ''),
  abbreviations: [
    { written: 'Sig.ra', spoken: 'signora' },
    { written: 'Sig.na', spoken: 'signorina' },
    { written: 'Sig.', spoken: 'signor' },
    { written: 'Dott.ssa', spoken: 'dottoressa' },
    { written: 'Dott.', spoken: 'dottor' },
    { written: 'Prof.ssa', spoken: 'professoressa' },
    { written: 'Prof.', spoken: 'professor' },
    { written: 'Avv.', spoken: 'avvocato' },
    { written: 'Ing.', spoken: 'ingegner' },
    { written: 'ecc.', spoken: 'eccetera', canEndSentence: true },
    { written: 'p.es.', spoken: 'per esempio' },
    { written: 'es.', spoken: 'esempio' },
    { written: 'ca.', spoken: 'circa' },
    { written: 'n.', spoken: 'numero', beforeNumber: true },
    { written: 'pag.', spoken: 'pagina', beforeNumber: true },
  ],
  symbols: { '&': 'e', '@': 'chiocciola', '+': 'più', '=': 'uguale', '%': 'per cento' },
  // "1º", "2ª"; the degree sign doubles as an ordinal indicator before a word ("il 1° maggio").
  rewriteSpecialCases: (text) =>
    text
      .replace(/(\d{1,3})([ºª])/g, (_match, digits: string, indicator: string) =>
        italianOrdinal(Number(digits), indicator === 'ª'),
      )
      .replace(/(\d{1,3})°(?=\s+\p{Ll})/gu, (_match, digits: string) => italianOrdinal(Number(digits), false)),
};
