import { describe, expect, it } from 'vitest';
import { formatDecimal } from './number-format.ts';

const LOCALES = ['en-US', 'tr-TR'];
const OPTIONS = [{}, { minimumFractionDigits: 1, maximumFractionDigits: 1 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, { maximumFractionDigits: 0 }, { minimumFractionDigits: 3 }];
const EDGES = [0, -0, 1, -1, 5, 999, 1000, 1234, -1234, 99_999, 100_000, 1_234_567, 12_345_678.5, 0.5, 0.05, 0.0004, -0.0004, 0.9995, 0.9996, 1.005, 2.675, 1234.0005, 9_999.9995, 0.1 + 0.2, 123_456_789_012.345, 2 ** 53, 1e-7, 1e21, 1.5e300];

/** Values of the kinds the app formats (counts, credits, slider steps) and random ones across magnitudes. */
function samples(): number[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const values = [...EDGES];
  for (let index = 0; index < 2000; index++) {
    const magnitude = 10 ** Math.floor(random() * 14 - 4);
    const value = Math.round(random() * magnitude * 10_000) / 10_000;
    values.push(random() < 0.2 ? -value : value);
  }
  return values;
}

describe('formatDecimal', () => {
  it.each(LOCALES)('writes every number as Intl.NumberFormat does in %s', (locale) => {
    for (const options of OPTIONS) {
      const intl = new Intl.NumberFormat(locale, options);
      for (const value of samples()) {
        const written = formatDecimal(value, locale, options) ?? intl.format(value);
        expect(written, `${value} ${JSON.stringify(options)}`).toBe(intl.format(value));
      }
    }
  });

  it('uses each language’s separators', () => {
    expect(formatDecimal(12_345.5, 'en-US')).toBe('12,345.5');
    expect(formatDecimal(12_345.5, 'tr-TR')).toBe('12.345,5');
  });

  it('leaves other locales and exponent forms to Intl', () => {
    expect(formatDecimal(1234, 'de-DE')).toBeNull();
    expect(formatDecimal(1e21, 'en-US')).toBeNull();
    expect(formatDecimal(1e-7, 'en-US')).toBeNull();
    expect(formatDecimal(Number.NaN, 'en-US')).toBeNull();
    expect(formatDecimal(Number.POSITIVE_INFINITY, 'tr-TR')).toBeNull();
  });
});
