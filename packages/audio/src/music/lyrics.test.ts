import { describe, expect, it } from 'vitest';
import { countSyllables, detectLanguage, parseLyrics, sectionKindForTag, splitSyllables } from './lyrics.ts';

describe('lyric sections', () => {
  it('maps English and Turkish tags to form sections', () => {
    expect(sectionKindForTag('Verse 2')).toBe('verse');
    expect(sectionKindForTag('Pre-Chorus')).toBe('preChorus');
    expect(sectionKindForTag('Hook')).toBe('chorus');
    expect(sectionKindForTag('Bridge')).toBe('bridge');
    expect(sectionKindForTag('Instrumental')).toBe('solo');
    expect(sectionKindForTag('Outro')).toBe('outro');
    expect(sectionKindForTag('Giriş')).toBe('intro');
    expect(sectionKindForTag('Kıta 1')).toBe('verse');
    expect(sectionKindForTag('Nakarat')).toBe('chorus');
    expect(sectionKindForTag('Köprü')).toBe('bridge');
    expect(sectionKindForTag('Çıkış')).toBe('outro');
  });

  it('parses sections, lines and syllables, ignoring blank lines', () => {
    const lyrics = parseLyrics('First line before any tag\n\n[Chorus]\nSing it loud\n\n[Instrumental]\n[Nakarat]\nSeni seviyorum');
    expect(lyrics.sections.map((section) => section.kind)).toEqual(['verse', 'chorus', 'solo', 'chorus']);
    expect(lyrics.sections[2]?.lines).toHaveLength(0);
    expect(lyrics.lineCount).toBe(3);
    expect(lyrics.sections[3]?.lines[0]?.language).toBe('tr');
    expect(lyrics.sections[3]?.lines[0]?.syllables.map((syllable) => syllable.text)).toEqual(['Se', 'ni', 'se', 'vi', 'yo', 'rum']);
    expect(lyrics.syllableCount).toBe(7 + 3 + 6);
  });

  it('keeps parenthesised backing vocals as lyrics', () => {
    const lyrics = parseLyrics('[Verse]\n(oh yeah, oh yeah)');
    expect(lyrics.lineCount).toBe(1);
  });
});

describe('syllables', () => {
  it.each([
    ['the', 1], ['fire', 1], ['love', 1], ['loved', 1], ['wanted', 2], ['people', 2], ['little', 2], ['music', 2],
    ['beautiful', 3], ['crying', 2], ['piano', 3], ['lion', 2], ['nation', 2], ['special', 2], ['tonight', 2],
    ['every', 3], ['dancing', 2], ['places', 2], ['heart', 1], ['forever', 3],
  ] as const)('English "%s" has %i', (word, count) => {
    expect(splitSyllables(word, 'en')).toHaveLength(count);
  });

  it.each([
    ['seviyorum', 4], ['gece', 2], ['kalbim', 2], ['saat', 2], ['yüreğimde', 4], ['İstanbul', 3], ['aşk', 1], ['gözlerin', 3], ['şarkı', 2],
  ] as const)('Turkish "%s" has %i (one per vowel)', (word, count) => {
    expect(splitSyllables(word, 'tr')).toHaveLength(count);
  });

  it('splits Turkish words before the consonant that starts each syllable', () => {
    expect(splitSyllables('yüreğimde', 'tr')).toEqual(['yü', 're', 'ğim', 'de']);
    expect(splitSyllables('İstanbul', 'tr')).toEqual(['İs', 'tan', 'bul']);
  });

  it('keeps every letter when splitting', () => {
    for (const word of ['beautiful', 'strength', 'hello,', 'yüreğimde']) {
      expect(splitSyllables(word, /ü/.test(word) ? 'tr' : 'en').join('')).toBe(word);
    }
  });

  it('counts whole lines and detects their language', () => {
    expect(countSyllables('I walk alone tonight')).toBe(6);
    expect(countSyllables('Bu gece seninle')).toBe(6);
    expect(detectLanguage('Bu gece seninle')).toBe('tr');
    expect(detectLanguage('Gözlerin yıldız gibi')).toBe('tr');
    expect(detectLanguage('You are my sunshine')).toBe('en');
  });
});
