import { describe, expect, it } from 'vitest';
import { changeLanguage, dateTimeFormat, numberFormat } from './i18n.ts';

describe('kept formatters', () => {
  it('makes one number format per locale and options, and formats in that locale', () => {
    expect(numberFormat('en-US')).toBe(numberFormat('en-US'));
    expect(numberFormat('en-US')).not.toBe(numberFormat('tr-TR'));
    expect(numberFormat('en-US', { maximumFractionDigits: 0 })).not.toBe(numberFormat('en-US', { maximumFractionDigits: 2 }));
    expect(numberFormat('en-US').format(10_000)).toBe('10,000');
    expect(numberFormat('tr-TR').format(10_000)).toBe('10.000');
  });

  it('makes one date format per locale and options', () => {
    const options = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en-US', options)).toBe(dateTimeFormat('en-US', { ...options }));
    expect(dateTimeFormat('en-US', options).format(new Date('2026-11-27T12:00:00Z'))).toBe('Nov 27, 2026');
  });
});

describe('changeLanguage', () => {
  it('writes <html lang> only when it changes: a write of the same value restyles the whole page', async () => {
    await changeLanguage('en');
    const writes: string[] = [];
    const observer = new MutationObserver((records) => writes.push(...records.map(() => document.documentElement.lang)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));
    await changeLanguage('en');
    await delivered();
    expect(writes).toEqual([]);
    await changeLanguage('tr');
    await delivered();
    expect(writes).toEqual(['tr']);
    observer.disconnect();
    await changeLanguage('en');
  });
});
