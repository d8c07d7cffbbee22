import type { GrammaticalGender, LanguageRules } from '../rules.ts';
import { composeScaled } from './scales.ts';

const ONES = [
  'null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn',
  'elf', 'zwölf', 'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn', 'neunzehn',
];
const TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];

/** "eins" is only said at the very end of a number; inside compounds it is "ein". */
function prefixForm(n: number): string {
  return n === 1 ? 'ein' : (ONES[n] ?? '');
}

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return unit ? `${prefixForm(unit)}und${tens}` : tens;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return `${hundreds ? `${prefixForm(hundreds)}hundert` : ''}${rest ? belowHundred(rest) : ''}`;
}

/** Inside "tausend" compounds a final "eins" becomes "ein": einundzwanzigtausend, hunderteintausend. */
function asPrefix(words: string): string {
  return words.replace(/eins$/, 'ein');
}

export function germanCardinal(n: number): string {
  if (n === 0) return 'null';
  const millions = composeScaled(Math.floor(n / 1e6) * 1e6, belowThousand, [
    [1e9, (count) => (count === 1 ? 'eine Milliarde' : `${belowThousand(count)} Milliarden`)],
    [1e6, (count) => (count === 1 ? 'eine Million' : `${belowThousand(count)} Millionen`)],
  ]);
  // Below a million German writes one word: zweitausenddreiundzwanzig.
  const belowMillion = n % 1e6;
  const thousands = Math.floor(belowMillion / 1000);
  const rest = belowMillion % 1000;
  const compound = `${thousands ? `${asPrefix(belowThousand(thousands))}tausend` : ''}${rest ? belowThousand(rest) : ''}`;
  return [millions, compound].filter(Boolean).join(' ');
}

/** erste, zweite, dritte, siebte, achte, zwanzigste, hundertste; with case ending `e` or `en`. */
export function germanOrdinal(n: number, ending: 'e' | 'en'): string {
  const irregular: Record<number, string> = { 1: 'erst', 3: 'dritt', 7: 'siebt', 8: 'acht' };
  const lastTwo = n % 100;
  const head = n - lastTwo;
  if (lastTwo > 0 && lastTwo < 20) {
    const stem = irregular[lastTwo] ?? `${ONES[lastTwo]}t`;
    return `${head ? germanCardinal(head) : ''}${stem}${ending}`;
  }
  return `${germanCardinal(n)}st${ending}`;
}

const MONTHS = [
  'Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember',
];
/** Articles and contracted prepositions that announce an ordinal: "der 21. Platz", "am 3. Oktober". */
const NOMINATIVE_LEADS = ['der', 'die', 'das'];
const DATIVE_LEADS = ['dem', 'den', 'des', 'am', 'im', 'vom', 'zum', 'zur', 'beim'];
const ORDINAL_LEADS = [...NOMINATIVE_LEADS, ...DATIVE_LEADS];

function leadWordBefore(text: string, offset: number): string {
  return (/(\p{L}+)\s+$/u.exec(text.slice(0, offset))?.[1] ?? '').toLowerCase();
}

function rewriteOrdinals(text: string): string {
  const ordinalContext = new RegExp(
    `(?<![\\d.,])(\\d{1,3})\\.(?=\\s+(?:\\p{Ll}|(?:${MONTHS.join('|')})\\b|\\p{Lu}))`,
    'gu',
  );
  return text.replace(ordinalContext, (match: string, digits: string, offset: number) => {
    const lead = leadWordBefore(text, offset);
    const followedByLowerCase = /^\s+\p{Ll}/u.test(text.slice(offset + match.length));
    const followedByMonth = MONTHS.some((month) => text.slice(offset + match.length).trimStart().startsWith(month));
    if (!followedByLowerCase && !followedByMonth && !ORDINAL_LEADS.includes(lead)) return match;
    return germanOrdinal(Number(digits), DATIVE_LEADS.includes(lead) ? 'en' : 'e');
  });
}

function germanBeforeNoun(n: number, gender: GrammaticalGender): string {
  if (n === 1) return gender === 'feminine' ? 'eine' : 'ein';
  return germanCardinal(n);
}

export const germanRules: LanguageRules = {
  language: 'de',
  decimalSeparator: ',',
  groupSeparator: '\\.',
  cardinal: germanCardinal,
  cardinalBeforeNoun: germanBeforeNoun,
  decimalWord: 'Komma',
  fractionAsDigits: true,
  percent: (amount) => `${amount} Prozent`,
  currencies: {
    USD: { one: 'Dollar', many: 'Dollar', minorOne: 'Cent', minorMany: 'Cent', gender: 'masculine' },
    EUR: { one: 'Euro', many: 'Euro', minorOne: 'Cent', minorMany: 'Cent', gender: 'masculine' },
    GBP: { one: 'Pfund', many: 'Pfund', minorOne: 'Penny', minorMany: 'Pence', gender: 'masculine' },
    TRY: { one: 'türkische Lira', many: 'türkische Lira', minorOne: 'Kuruş', minorMany: 'Kuruş', gender: 'feminine' },
    JPY: { one: 'Yen', many: 'Yen', minorOne: '', minorMany: '', gender: 'masculine', hasMinor: false },
  },
  joinAmount: (major, minor) => `${major} und ${minor}`,
  abbreviations: [
    { written: 'Hr.', spoken: 'Herr' },
    { written: 'Fr.', spoken: 'Frau' },
    { written: 'Dr.', spoken: 'Doktor' },
    { written: 'Prof.', spoken: 'Professor' },
    { written: 'z. B.', spoken: 'zum Beispiel' },
    { written: 'z.B.', spoken: 'zum Beispiel' },
    { written: 'u. a.', spoken: 'unter anderem', canEndSentence: true },
    { written: 'u.a.', spoken: 'unter anderem', canEndSentence: true },
    { written: 'usw.', spoken: 'und so weiter', canEndSentence: true },
    { written: 'bzw.', spoken: 'beziehungsweise' },
    { written: 'ca.', spoken: 'zirka' },
    { written: 'd. h.', spoken: 'das heißt' },
    { written: 'd.h.', spoken: 'das heißt' },
    { written: 'Nr.', spoken: 'Nummer', beforeNumber: true },
    { written: 'Str.', spoken: 'Straße', canEndSentence: true },
    { written: 'ggf.', spoken: 'gegebenenfalls' },
    { written: 'inkl.', spoken: 'inklusive' },
    { written: 'evtl.', spoken: 'eventuell' },
    { written: 'etc.', spoken: 'et cetera', canEndSentence: true },
  ],
  symbols: { '&': 'und', '@': 'at', '+': 'plus', '=': 'gleich', '%': 'Prozent' },
  rewriteSpecialCases: rewriteOrdinals,
  monthNames: MONTHS,
  ordinalLeadWords: ORDINAL_LEADS,
};
