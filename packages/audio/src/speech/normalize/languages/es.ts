import type { GrammaticalGender, LanguageRules } from '../rules.ts';
import { composeScaled } from './scales.ts';

const BELOW_THIRTY = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez',
  'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte',
  'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos',
  'seiscientos', 'setecientos', 'ochocientos', 'novecientos',
];

function belowHundred(n: number): string {
  if (n < 30) return BELOW_THIRTY[n] ?? '';
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? ` y ${BELOW_THIRTY[unit]}` : ''}`;
}

function belowThousand(n: number): string {
  if (n === 100) return 'cien';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? HUNDREDS[hundreds] : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** "uno" shortens to "un" before a masculine noun or "mil"/"millones"; feminine nouns take "una", "-ientas". */
function agree(words: string, gender: GrammaticalGender | 'apocope'): string {
  if (gender === 'feminine') return words.replace(/uno$/, 'una').replace(/ientos\b/g, 'ientas');
  if (gender === 'apocope') return words.replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un');
  return words;
}

export function spanishCardinal(n: number, gender: GrammaticalGender = 'masculine'): string {
  if (n === 0) return 'cero';
  const groupGender = gender === 'feminine' ? 'feminine' : 'apocope';
  const words = composeScaled(n, belowThousand, [
    [1e9, (count) => (count === 1 ? 'mil millones' : `${agree(belowThousand(count), 'apocope')} mil millones`)],
    [1e6, (count) => (count === 1 ? 'un millón' : `${agree(belowThousand(count), 'apocope')} millones`)],
    [1e3, (count) => (count === 1 ? 'mil' : `${agree(belowThousand(count), groupGender)} mil`)],
  ]);
  return gender === 'feminine' ? agree(words, 'feminine') : words;
}

const ORDINALS_MASCULINE = ['', 'primero', 'segundo', 'tercero', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'];

function spanishOrdinal(n: number, feminine: boolean): string {
  const masculine = ORDINALS_MASCULINE[n];
  if (masculine === undefined) return spanishCardinal(n);
  return feminine ? masculine.replace(/o$/, 'a') : masculine;
}

export const spanishRules: LanguageRules = {
  language: 'es',
  decimalSeparator: ',',
  groupSeparator: '\\.',
  cardinal: spanishCardinal,
  cardinalBeforeNoun: (n, gender) => agree(spanishCardinal(n, gender), gender === 'feminine' ? 'feminine' : 'apocope'),
  decimalWord: 'coma',
  fractionAsDigits: false,
  percent: (amount) => `${amount} por ciento`,
  currencies: {
    USD: { one: 'dólar', many: 'dólares', minorOne: 'centavo', minorMany: 'centavos', gender: 'masculine' },
    EUR: { one: 'euro', many: 'euros', minorOne: 'céntimo', minorMany: 'céntimos', gender: 'masculine' },
    GBP: { one: 'libra', many: 'libras', minorOne: 'penique', minorMany: 'peniques', gender: 'feminine' },
    TRY: { one: 'lira turca', many: 'liras turcas', minorOne: 'kurus', minorMany: 'kurus', gender: 'feminine' },
    JPY: { one: 'yen', many: 'yenes', minorOne: '', minorMany: '', gender: 'masculine', hasMinor: false },
  },
  joinAmount: (major, minor) => `${major} con ${minor}`,
  largeAmountLink: (amount) => (amount >= 1e6 && amount % 1e6 === 0 ? 'de ' : ''),
  abbreviations: [
    { written: 'Sr.', spoken: 'señor' },
    { written: 'Sra.', spoken: 'señora' },
    { written: 'Srta.', spoken: 'señorita' },
    { written: 'Dr.', spoken: 'doctor' },
    { written: 'Dra.', spoken: 'doctora' },
    { written: 'Ud.', spoken: 'usted' },
    { written: 'Uds.', spoken: 'ustedes' },
    { written: 'Prof.', spoken: 'profesor' },
    { written: 'etc.', spoken: 'etcétera', canEndSentence: true },
    { written: 'p. ej.', spoken: 'por ejemplo' },
    { written: 'aprox.', spoken: 'aproximadamente' },
    { written: 'núm.', spoken: 'número', beforeNumber: true },
    { written: 'Avda.', spoken: 'avenida' },
    { written: 'pág.', spoken: 'página', beforeNumber: true },
    { written: 'EE. UU.', spoken: 'Estados Unidos', canEndSentence: true },
  ],
  symbols: { '&': 'y', '@': 'arroba', '+': 'más', '=': 'igual a', '%': 'por ciento' },
  // "1.º", "2.ª", "3º": ordinal indicators.
  rewriteSpecialCases: (text) =>
    text.replace(/(\d{1,2})\.?([ºª])/g, (_match, digits: string, indicator: string) =>
      spanishOrdinal(Number(digits), indicator === 'ª'),
    ),
};
