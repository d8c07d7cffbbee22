import { foldText, TURKISH_LETTERS } from './text.ts';
import type { LyricLine, LyricSection, LyricSyllable, ParsedLyrics, SectionKind } from './types.ts';

/** Section tags in English and Turkish, folded to ASCII, mapped to form sections. */
const TAG_KINDS: readonly (readonly [RegExp, SectionKind])[] = [
  [/^(pre ?-?chorus|pre|build ?-?up|on nakarat|nakarat oncesi)/, 'preChorus'],
  [/^(post ?-?chorus|chorus|hook|refrain|nakarat|koro)/, 'chorus'],
  [/^(intro|giris|acilis)/, 'intro'],
  [/^(outro|ending|end|cikis|final|bitis|kapanis|son)/, 'outro'],
  [/^(bridge|kopru|middle 8|gecis|transition)/, 'bridge'],
  [/^(solo|instrumental|inst|interlude|break|ara ?muzik|ara|enstrumantal)/, 'solo'],
  [/^(verse|kita|kuple|bolum|dize)/, 'verse'],
];

export function sectionKindForTag(tag: string): SectionKind {
  const folded = foldText(tag).replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();
  return TAG_KINDS.find(([pattern]) => pattern.test(folded))?.[1] ?? 'verse';
}

/**
 * Reads lyrics with optional [Section] tags into sections of lines of syllables. Lines before any tag form a verse;
 * blank lines are ignored; a tag with no lines (e.g. [Instrumental]) still becomes a section.
 */
export function parseLyrics(text: string): ParsedLyrics {
  const sections: LyricSection[] = [];
  let current: LyricSection | undefined;
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (line.length === 0) continue;
    const tag = /^\[([^\]]{1,40})\]$/.exec(line) ?? /^\(([^)]{1,40})\)$/.exec(line);
    if (tag && isSectionTag(tag[1] ?? '')) {
      current = { kind: sectionKindForTag(tag[1] ?? ''), tag: (tag[1] ?? '').trim(), lines: [] };
      sections.push(current);
      continue;
    }
    const parsed = parseLine(line.replace(/^\[[^\]]*\]\s*/, ''));
    if (parsed.syllables.length === 0) continue;
    if (!current) {
      current = { kind: 'verse', tag: 'Verse', lines: [] };
      sections.push(current);
    }
    current.lines.push(parsed);
  }
  const lines = sections.flatMap((section) => section.lines);
  return {
    sections,
    lineCount: lines.length,
    syllableCount: lines.reduce((sum, line) => sum + line.syllables.length, 0),
  };
}

/** Brackets hold section names; parentheses only when they look like one ("(Chorus)"), not backing vocals. */
function isSectionTag(text: string): boolean {
  const folded = foldText(text).trim();
  return TAG_KINDS.some(([pattern]) => pattern.test(folded.replace(/[^a-z ]+/g, ' ').trim())) || /^\w+( \d+)?$/.test(folded);
}

export function parseLine(text: string): LyricLine {
  const language = detectLanguage(text);
  const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const syllables: LyricSyllable[] = [];
  words.forEach((word, wordIndex) => {
    for (const piece of splitSyllables(word, language)) syllables.push({ text: piece, wordIndex });
  });
  return { text, language, syllables };
}

const TURKISH_WORDS = new Set(['ve', 'bir', 'bu', 'ben', 'sen', 'cok', 'gibi', 'icin', 'degil', 'ne', 'ile', 'ama', 'her', 'sana', 'beni', 'seni', 'gel', 'yok', 'var', 'gece', 'ask', 'kalbim', 'bana', 'o', 'biz', 'siz', 'daha']);
const ENGLISH_WORDS = new Set(['the', 'and', 'you', 'i', 'me', 'my', 'is', 'are', 'in', 'of', 'to', 'a', 'love', 'we', 'your', 'it', 'on', 'all', 'for', 'with', 'night', 'heart', 'be', 'so', 'oh']);

export function detectLanguage(text: string): 'en' | 'tr' {
  if (TURKISH_LETTERS.test(text)) return 'tr';
  const words = foldText(text).split(/[^a-z]+/).filter(Boolean);
  const turkish = words.filter((word) => TURKISH_WORDS.has(word)).length;
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  return turkish > english ? 'tr' : 'en';
}

/** Counts syllables of a line or word list in the given language. */
export function countSyllables(text: string, language: 'en' | 'tr' = detectLanguage(text)): number {
  return text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).reduce((sum, word) => sum + splitSyllables(word, language).length, 0);
}

/** Splits a word (punctuation kept on its pieces) into sung syllables. */
export function splitSyllables(word: string, language: 'en' | 'tr'): string[] {
  const letters = [...word];
  const vowelFlags = language === 'tr' ? turkishVowels(letters) : englishVowels(letters);
  const nuclei = vowelGroups(letters, vowelFlags, language);
  if (nuclei.length <= 1) return [word];
  // A boundary before each nucleus after the first: with consonants between, the last one starts the new syllable,
  // except English clusters that commonly begin syllables stay together (VCCV -> VC-CV, but "bl", "tr"... stay).
  const cuts: number[] = [];
  for (let index = 1; index < nuclei.length; index++) {
    const previousEnd = (nuclei[index - 1] as [number, number])[1];
    const start = (nuclei[index] as [number, number])[0];
    const consonants = start - previousEnd - 1;
    let cut = start;
    if (consonants >= 1) cut = start - 1;
    if (language === 'en' && consonants >= 2 && isOnsetCluster(letters[start - 2] ?? '', letters[start - 1] ?? '')) cut = start - 2;
    cuts.push(cut);
  }
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(letters.slice(from, cut).join(''));
    from = cut;
  }
  pieces.push(letters.slice(from).join(''));
  return pieces.filter((piece) => piece.length > 0);
}

function turkishVowels(letters: readonly string[]): boolean[] {
  return letters.map((letter) => /[aeıioöuüâîûAEIİOÖUÜÂÎÛ]/.test(letter));
}

/** English vowel letters, treating y as a vowel after a consonant, and dropping a silent final e. */
function englishVowels(letters: readonly string[]): boolean[] {
  const lower = letters.map((letter) => letter.toLowerCase());
  const flags = lower.map((letter, index) => {
    if ('aeiou'.includes(letter)) return true;
    if (letter === 'y') return index > 0 && !'aeiou'.includes(lower[index - 1] ?? '');
    return false;
  });
  const lastLetter = lastLetterIndex(lower);
  if (lastLetter > 1 && lower[lastLetter] === 'e' && !flags[lastLetter - 1]) {
    const beforeE = lower[lastLetter - 1] ?? '';
    const isSyllabicLe = beforeE === 'l' && lastLetter >= 2 && !flags[lastLetter - 2];
    if (!isSyllabicLe && flags.slice(0, lastLetter - 1).some(Boolean)) flags[lastLetter] = false;
  }
  // "-ed" is silent unless after t or d; "-es" only after sibilants.
  if (lastLetter > 2 && lower[lastLetter] === 'd' && lower[lastLetter - 1] === 'e' && !'td'.includes(lower[lastLetter - 2] ?? '')) {
    if (flags.slice(0, lastLetter - 1).some(Boolean)) flags[lastLetter - 1] = false;
  }
  if (lastLetter > 2 && lower[lastLetter] === 's' && lower[lastLetter - 1] === 'e' && !/[szxhcg]/.test(lower[lastLetter - 2] ?? '')) {
    if (flags.slice(0, lastLetter - 1).some(Boolean) && !flags[lastLetter - 2]) flags[lastLetter - 1] = false;
  }
  return flags;
}

function lastLetterIndex(letters: readonly string[]): number {
  for (let index = letters.length - 1; index >= 0; index--) if (/\p{L}/u.test(letters[index] ?? '')) return index;
  return -1;
}

/** Runs of vowels as [start, end] index pairs; English splits hiatus pairs that are usually two syllables. */
function vowelGroups(letters: readonly string[], flags: readonly boolean[], language: 'en' | 'tr'): [number, number][] {
  const groups: [number, number][] = [];
  for (let index = 0; index < flags.length; index++) {
    if (!flags[index]) continue;
    const last = groups[groups.length - 1];
    // Turkish: every vowel is its own syllable ("saat" = sa-at).
    const joins = language === 'en' && last !== undefined && last[1] === index - 1 && !isHiatus(letters, index);
    if (joins) last[1] = index;
    else groups.push([index, index]);
  }
  return groups;
}

const HIATUS_PAIRS = new Set(['ia', 'io', 'iu', 'ua', 'uo', 'yi', 'ya', 'yo', 'yu']);

/** English vowel pairs sung as two syllables ("pi-a-no", "li-on", "cry-ing"), but not "-tion", "-cial", "quo". */
function isHiatus(letters: readonly string[], index: number): boolean {
  const first = (letters[index - 1] ?? '').toLowerCase();
  const pair = first + (letters[index] ?? '').toLowerCase();
  if (!HIATUS_PAIRS.has(pair)) return false;
  const before = (letters[index - 2] ?? '').toLowerCase();
  if (first === 'i' && 'tscg'.includes(before) && before !== '') return false;
  if (first === 'u' && 'qg'.includes(before) && before !== '') return false;
  return true;
}

const ONSET_CLUSTERS = new Set(['bl', 'br', 'ch', 'cl', 'cr', 'dr', 'fl', 'fr', 'gl', 'gr', 'ph', 'pl', 'pr', 'sh', 'th', 'tr', 'wh']);

function isOnsetCluster(first: string, second: string): boolean {
  return ONSET_CLUSTERS.has((first + second).toLowerCase());
}
