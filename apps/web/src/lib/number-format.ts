/**
 * Decimal numbers in the interface's two languages, written without Intl. In Chromium the first Intl.NumberFormat,
 * DateTimeFormat, DisplayNames or Collator of a page loads the browser's locale data: 50-90 ms of main thread on this
 * project's machines, four times that on a phone, in the middle of the studio's first render (which formats the
 * character count and the sliders). English and Turkish need only their two separators; anything else (another
 * locale, a number JavaScript writes in exponent form) goes to Intl.NumberFormat, whose output this matches digit for
 * digit (`number-format.test.ts` compares them).
 */
const SEPARATORS: Readonly<Record<string, { group: string; decimal: string }>> = {
  'en-US': { group: ',', decimal: '.' },
  'tr-TR': { group: '.', decimal: ',' },
};

/** Intl.NumberFormat's default: at most 3 decimals. */
const DEFAULT_MAX_FRACTION_DIGITS = 3;

export interface FractionDigits {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/**
 * The number as Intl.NumberFormat(locale, digits) writes it, or null where that needs Intl. Rounds half away from zero
 * on the number's shortest decimal form, as ICU does (1.005 to two decimals is 1.01, though the double is below it).
 */
export function formatDecimal(value: number, locale: string, digits: FractionDigits = {}): string | null {
  const separators = SEPARATORS[locale];
  const decimal = Math.abs(value).toString();
  if (!separators || !Number.isFinite(value) || decimal.includes('e')) return null;
  const minimum = digits.minimumFractionDigits ?? 0;
  const maximum = Math.max(minimum, digits.maximumFractionDigits ?? Math.max(minimum, DEFAULT_MAX_FRACTION_DIGITS));
  const [whole = '0', fraction = ''] = decimal.split('.');
  const [roundedWhole, roundedFraction] = roundHalfUp(whole, fraction, maximum);
  const shownFraction = trimZeros(roundedFraction, minimum);
  const negative = value < 0 || Object.is(value, -0);
  const grouped = roundedWhole.replace(/\B(?=(\d{3})+$)/g, separators.group);
  return `${negative ? '-' : ''}${grouped}${shownFraction ? separators.decimal + shownFraction : ''}`;
}

/** Digits rounded to `places` decimals, half up, by carrying through the digit string. */
function roundHalfUp(whole: string, fraction: string, places: number): [string, string] {
  if (fraction.length <= places) return [whole, fraction.padEnd(places, '0')];
  const kept = whole + fraction.slice(0, places);
  const roundsUp = fraction.charAt(places) >= '5';
  const digits = roundsUp ? incrementDigits(kept) : kept;
  const wholeLength = digits.length - places;
  return [digits.slice(0, wholeLength), digits.slice(wholeLength)];
}

function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let index = out.length - 1; index >= 0; index--) {
    if (out[index] !== '9') {
      out[index] = String(Number(out[index]) + 1);
      return out.join('');
    }
    out[index] = '0';
  }
  return `1${out.join('')}`;
}

function trimZeros(fraction: string, minimum: number): string {
  let end = fraction.length;
  while (end > minimum && fraction[end - 1] === '0') end--;
  return fraction.slice(0, end);
}
