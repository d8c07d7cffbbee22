import { describe, expect, it } from 'vitest';
import { splitLead, splitSentences } from './sentences.ts';

const texts = (text: string, language: string): string[] => splitSentences(text, language).map((piece) => piece.text);

describe('splitSentences', () => {
  it('splits at terminal punctuation and keeps closing quotes', () => {
    expect(texts('Hello there! How are you? He said "Fine." Then he left.', 'en')).toEqual([
      'Hello there!', 'How are you?', 'He said "Fine."', 'Then he left.',
    ]);
  });

  it('does not split at abbreviations, initials or decimals', () => {
    expect(texts('Dr. Smith paid 3.5 dollars to J. K. Rowling. She smiled.', 'en')).toEqual([
      'Dr. Smith paid 3.5 dollars to J. K. Rowling.', 'She smiled.',
    ]);
  });

  it('lets sentence-final abbreviations end a sentence before a capital', () => {
    expect(texts('We bought apples, pears, etc. Then we left.', 'en')).toEqual(['We bought apples, pears, etc.', 'Then we left.']);
    expect(texts('For example, e.g. Paris is big.', 'en')).toHaveLength(1);
  });

  it('knows ordinals in German and Turkish', () => {
    expect(texts('Am 3. Oktober ist Feiertag. Der 21. Platz ist gut.', 'de')).toEqual([
      'Am 3. Oktober ist Feiertag.', 'Der 21. Platz ist gut.',
    ]);
    expect(texts('Dr. Ahmet geldi. 3. sınıf öğrencileri de geldi.', 'tr')).toEqual([
      'Dr. Ahmet geldi.', '3. sınıf öğrencileri de geldi.',
    ]);
    expect(texts('Il Sig. Rossi arriva. Poi parte.', 'it')).toEqual(['Il Sig. Rossi arriva.', 'Poi parte.']);
  });

  it('splits scripts without spaces after the full stop', () => {
    expect(texts('你好！我很乐意。谢谢。', 'zh')).toEqual(['你好！', '我很乐意。', '谢谢。']);
    expect(texts('नमस्ते। आप कैसे हैं?', 'hi')).toEqual(['नमस्ते।', 'आप कैसे हैं?']);
  });

  it('cuts run-on sentences at clause boundaries, marking the pieces as continuing', () => {
    const clause = 'this clause keeps going without any full stop at all';
    const pieces = splitSentences(Array.from({ length: 12 }, () => clause).join(', '), 'en', 120);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.every((piece) => piece.text.length <= 120)).toBe(true);
    expect(pieces.slice(0, -1).every((piece) => !piece.endsSentence && piece.text.endsWith(','))).toBe(true);
    expect(pieces.at(-1)?.endsSentence).toBe(true);
  });

  it('drops pieces with nothing to say', () => {
    expect(texts('Hello. ... !!! Bye.', 'en')).toEqual(['Hello.', 'Bye.']);
  });
});

describe('splitLead', () => {
  const lead = (text: string, maxLength: number) => splitLead(splitSentences(text, 'en'), maxLength);

  it('cuts the first sentence at its last clause mark within the limit, as a clause', () => {
    expect(lead('From the top, she could see the boats returning. Then night fell.', 30)).toEqual([
      { text: 'From the top,', endsSentence: false, endsClause: true },
      { text: 'she could see the boats returning.', endsSentence: true },
      { text: 'Then night fell.', endsSentence: true },
    ]);
  });

  it('cuts between words, with no clause, when the window has no clause mark; a number keeps its comma', () => {
    expect(lead('The keeper paid 1,000 dollars for the lamp every single year.', 24)).toEqual([
      { text: 'The keeper paid 1,000', endsSentence: false, endsClause: false },
      { text: 'dollars for the lamp every single year.', endsSentence: true },
    ]);
  });

  it('leaves a short first sentence and a single long word alone', () => {
    expect(lead('Hello there. How are you?', 20)).toEqual(splitSentences('Hello there. How are you?', 'en'));
    expect(lead('Supercalifragilisticexpialidocious!', 10)).toEqual([{ text: 'Supercalifragilisticexpialidocious!', endsSentence: true }]);
  });
});
