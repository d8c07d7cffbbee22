import { describe, expect, it } from 'vitest';
import { germanCardinal, germanOrdinal } from './languages/de.ts';
import { englishCardinal } from './languages/en.ts';
import { spanishCardinal } from './languages/es.ts';
import { frenchCardinal, frenchOrdinal } from './languages/fr.ts';
import { italianCardinal, italianOrdinal } from './languages/it.ts';
import { turkishCardinal, turkishOrdinal } from './languages/tr.ts';
import { normalizeText } from './normalize.ts';

describe('normalizeText', () => {
  it.each([
    ['It costs $5.99 today', 'It costs five dollars and ninety-nine cents today'],
    ['€20 or £1.01', 'twenty euros or one pound and one penny'],
    ['$1,000,000 and ₺15', 'one million dollars and fifteen Turkish lira'],
    ['That is 50% off!', 'That is fifty percent off!'],
    ['A 2.5% rise', 'A two point five percent rise'],
    ['Mr. and Mrs. Brown met Dr. Smith.', 'Mister and Missus Brown met Doctor Smith.'],
    ['Main St. near St. Paul', 'Main Street near Saint Paul'],
    ['See No. 5, e.g. apples & pears @ home', 'See number 5, for example apples and pears at home'],
    ['apples, pears, etc.', 'apples, pears, et cetera.'],
    ['Version 2.0 ships in 2024', 'Version 2.0 ships in 2024'],
  ])('English: %s', (text, expected) => {
    expect(normalizeText(text, 'en-US')).toBe(expected);
  });

  it.each([
    ['%50 indirim', 'yüzde elli indirim'],
    ['15 ₺ yerine 7,50 TL', 'on beş lira yerine yedi lira elli kuruş'],
    ['$5 ve 20 €', 'beş dolar ve yirmi avro'],
    ['Dr. Ahmet ve Prof. Ayşe', 'Doktor Ahmet ve Profesör Ayşe'],
    ['3. sınıf öğrencileri', 'üçüncü sınıf öğrencileri'],
    ['kalem, defter vb. şeyler', 'kalem, defter ve benzeri şeyler'],
    ['Tom & Jerry', 'Tom ve Jerry'],
    ['2023 yılında', '2023 yılında'],
  ])('Turkish: %s', (text, expected) => {
    expect(normalizeText(text, 'tr')).toBe(expected);
  });

  it.each([
    ['Cuesta 21 € o $1.', 'Cuesta veintiún euros o un dólar.'],
    ['200 £ y 1.000.000 €', 'doscientas libras y un millón de euros'],
    ['5,50 €', 'cinco euros con cincuenta céntimos'],
    ['El Sr. García y la Dra. Pérez, p. ej., llegaron', 'El señor García y la doctora Pérez, por ejemplo, llegaron'],
    ['el 1.º de mayo y la 2.ª vez', 'el primero de mayo y la segunda vez'],
    ['50 % de descuento', 'cincuenta por ciento de descuento'],
  ])('Spanish: %s', (text, expected) => {
    expect(normalizeText(text, 'es')).toBe(expected);
  });

  it.each([
    ['M. Dupont et Mme Martin', 'Monsieur Dupont et Madame Martin'],
    ['20 € et 1 000 000 €', "vingt euros et un million d'euros"],
    ['3,99 $', 'trois dollars et quatre-vingt-dix-neuf cents'],
    ['le 1er mai, la 2e fois, le 21e siècle', 'le premier mai, la deuxième fois, le vingt et unième siècle'],
    ['50 % de remise', 'cinquante pour cent de remise'],
  ])('French: %s', (text, expected) => {
    expect(normalizeText(text, 'fr-FR')).toBe(expected);
  });

  it.each([
    ['Hr. Müller zahlt 1 € bzw. 20 €', 'Herr Müller zahlt ein Euro beziehungsweise zwanzig Euro'],
    ['z. B. am 3. Oktober', 'zum Beispiel am dritten Oktober'],
    ['Der 21. Platz', 'Der einundzwanzigste Platz'],
    ['ca. 5 % usw.', 'zirka fünf Prozent und so weiter.'],
    ['Nr. 7 kostet 2,5 €', 'Nummer 7 kostet zwei Euro und fünfzig Cent'],
  ])('German: %s', (text, expected) => {
    expect(normalizeText(text, 'de')).toBe(expected);
  });

  it.each([
    ['Il Sig. Rossi e la Sig.ra Bianchi', 'Il signor Rossi e la signora Bianchi'],
    ['1 € e 21,50 €', 'un euro e ventuno euro e cinquanta centesimi'],
    ['Il 1° maggio e la 2ª volta', 'Il primo maggio e la seconda volta'],
    ['Il 23º posto costa 1.000.000 €', 'Il ventitreesimo posto costa un milione di euro'],
    ['sconto del 30%', 'sconto del trenta per cento'],
  ])('Italian: %s', (text, expected) => {
    expect(normalizeText(text, 'it')).toBe(expected);
  });

  it('cleans markup and phoneme brackets in any language', () => {
    expect(normalizeText('a <b> [[x]]  c', 'sw')).toBe('a b [ [x] ] c');
    expect(normalizeText('Привет,   мир !', 'ru')).toBe('Привет, мир!');
  });
});

describe('numbers to words', () => {
  it('English', () => {
    expect(englishCardinal(0)).toBe('zero');
    expect(englishCardinal(1999)).toBe('one thousand nine hundred ninety-nine');
    expect(englishCardinal(2_500_000)).toBe('two million five hundred thousand');
  });

  it('Turkish, with "yüz" and "bin" standing alone', () => {
    expect(turkishCardinal(100)).toBe('yüz');
    expect(turkishCardinal(1000)).toBe('bin');
    expect(turkishCardinal(2023)).toBe('iki bin yirmi üç');
    expect(turkishCardinal(1_000_000)).toBe('bir milyon');
    expect([1, 2, 3, 4, 6, 9, 10, 40, 100].map(turkishOrdinal)).toEqual([
      'birinci', 'ikinci', 'üçüncü', 'dördüncü', 'altıncı', 'dokuzuncu', 'onuncu', 'kırkıncı', 'yüzüncü',
    ]);
  });

  it('Spanish, with apocope and feminine agreement', () => {
    expect(spanishCardinal(100)).toBe('cien');
    expect(spanishCardinal(101)).toBe('ciento uno');
    expect(spanishCardinal(21_000)).toBe('veintiún mil');
    expect(spanishCardinal(2_000_000)).toBe('dos millones');
    expect(spanishCardinal(200, 'feminine')).toBe('doscientas');
  });

  it('French, with vigesimal seventies to nineties', () => {
    expect([71, 80, 81, 91, 200, 201, 80_000].map((n) => frenchCardinal(n))).toEqual([
      'soixante et onze', 'quatre-vingts', 'quatre-vingt-un', 'quatre-vingt-onze', 'deux cents', 'deux cent un', 'quatre-vingt mille',
    ]);
    expect(frenchOrdinal(3, false)).toBe('troisième');
    expect(frenchOrdinal(5, false)).toBe('cinquième');
    expect(frenchOrdinal(80, false)).toBe('quatre-vingtième');
  });

  it('German, in one word below a million', () => {
    expect(germanCardinal(21)).toBe('einundzwanzig');
    expect(germanCardinal(101)).toBe('einhunderteins');
    expect(germanCardinal(2023)).toBe('zweitausenddreiundzwanzig');
    expect(germanCardinal(1_000_000)).toBe('eine Million');
    expect(germanOrdinal(3, 'en')).toBe('dritten');
    expect(germanOrdinal(20, 'e')).toBe('zwanzigste');
  });

  it('Italian, with elision', () => {
    expect([21, 23, 28, 180, 2000].map(italianCardinal)).toEqual(['ventuno', 'ventitré', 'ventotto', 'centottanta', 'duemila']);
    expect(italianOrdinal(11, false)).toBe('undicesimo');
    expect(italianOrdinal(3, true)).toBe('terza');
  });
});
