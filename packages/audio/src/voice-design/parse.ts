import { findSpeechLanguage } from '../voices/languages.ts';
import type { VoiceAccent, VoiceAge, VoiceGender } from '../voices/types.ts';
import { INTENSIFIERS, LEXICON, NEGATIONS_AFTER, NEGATIONS_BEFORE, TURKISH_MARKERS, type LexiconEntry } from './lexicon.ts';
import type { DeliveryStyle, TimbreTrait, VoiceDesignParams } from './types.ts';
import { chooseVariant } from './variants.ts';

export interface DesignOptions {
  /** Language to speak when the description names none; defaults to Turkish for Turkish descriptions, else en-US. */
  language?: string;
}

interface Token {
  folded: string;
  original: string;
}

interface Match {
  entry: LexiconEntry;
  /** Token index range [start, end). */
  start: number;
  end: number;
  text: string;
}

const INTENSITY = 1.5;
const PITCH_LIMIT = 1;
const RATE_LIMITS = { min: 0.6, max: 1.6 } as const;

/** Folds case and Turkish letters so "Yaşlı", "YAŞLI" and "yasli" are the same word. */
export function foldText(text: string): string {
  return text
    .replace(/İ/g, 'i')
    .replace(/I/g, 'i')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/ç/g, 'c')
    .replace(/ğ/g, 'g')
    .replace(/ö/g, 'o')
    .replace(/ş/g, 's')
    .replace(/ü/g, 'u')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

function tokenize(description: string): Token[] {
  const words = description.match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? [];
  return words.map((word) => ({ original: word, folded: foldText(word).replace(/[’']/g, '') }));
}

/**
 * Reads a free-text voice description (English or Turkish) into voice parameters. Each understood word or phrase
 * nudges pitch, intonation range and tempo and may fix gender, age, timbre, style, language or accent; "very"/"çok"
 * strengthens the next word and "not"/"değil" cancels one. Unknown words are ignored.
 */
export function designFromDescription(description: string, options: DesignOptions = {}): VoiceDesignParams {
  const tokens = tokenize(description);
  const matches = findMatches(tokens);
  const state = {
    gender: undefined as VoiceGender | undefined,
    age: undefined as VoiceAge | undefined,
    pitch: 0,
    range: 0.5,
    rate: 1,
    traits: [] as TimbreTrait[],
    styles: [] as DeliveryStyle[],
    language: undefined as string | undefined,
    accent: null as VoiceAccent | null,
  };
  // Synonyms ("energetic, upbeat") say one thing: each entry counts once, at its strongest.
  const applied = new Map<LexiconEntry, number>();
  for (const match of matches) applied.set(match.entry, Math.max(applied.get(match.entry) ?? 0, isIntensified(tokens, match.start) ? INTENSITY : 1));
  for (const [entry, scale] of applied) {
    const effect = entry.effect;
    if (effect.gender) state.gender = effect.gender;
    if (effect.age) state.age = effect.age;
    state.pitch += (effect.pitch ?? 0) * scale;
    state.range += (effect.range ?? 0) * scale;
    state.rate *= (effect.rate ?? 1) ** scale;
    if (effect.timbre && !state.traits.includes(effect.timbre)) state.traits.push(effect.timbre);
    if (effect.style && !state.styles.includes(effect.style)) state.styles.push(effect.style);
    if (effect.language) state.language = effect.language;
    if (effect.accent) state.accent = effect.accent;
  }
  const gender = state.gender ?? 'neutral';
  const age = state.age ?? 'adult';
  const language = resolveLanguage(state.language ?? options.language ?? (looksTurkish(tokens) ? 'tr' : 'en-US'));
  return {
    gender,
    age,
    pitch: round(clamp(state.pitch, -PITCH_LIMIT, PITCH_LIMIT)),
    pitchRange: round(clamp(state.range, 0, 1)),
    rate: round(clamp(state.rate, RATE_LIMITS.min, RATE_LIMITS.max)),
    timbre: { variant: chooseVariant(gender, age, state.traits)[0] ?? 'm3', traits: state.traits },
    styles: state.styles,
    language,
    accent: state.accent ?? accentOf(language),
    keywords: matches.map((match) => match.text),
  };
}

/** Longest match first at each position (phrases before single words, longer stems before shorter ones). */
function findMatches(tokens: readonly Token[]): Match[] {
  const matches: Match[] = [];
  for (let index = 0; index < tokens.length; ) {
    const match = longestMatchAt(tokens, index);
    if (!match) {
      index++;
      continue;
    }
    if (!isNegated(tokens, match)) matches.push(match);
    index = match.end;
  }
  return matches;
}

function longestMatchAt(tokens: readonly Token[], index: number): Match | undefined {
  let best: (Match & { score: number }) | undefined;
  for (const entry of LEXICON) {
    for (const term of entry.terms) {
      const words = term.split(/[\s-]+/);
      const length = matchLength(tokens, index, words);
      if (length === 0) continue;
      // Prefer more words, then the longer written term (an exact "anneanne" beats the stem "anne").
      const score = words.length * 1000 + term.length;
      if (!best || score > best.score) {
        best = { entry, start: index, end: index + length, text: tokens.slice(index, index + length).map((token) => token.original).join(' '), score };
      }
    }
  }
  if (!best) return undefined;
  const { score: _score, ...match } = best;
  return match;
}

/** How many tokens the term's words cover at `index` (a hyphenated token may hold two words), or 0. */
function matchLength(tokens: readonly Token[], index: number, words: readonly string[]): number {
  const hyphenated = tokens[index]?.folded.split('-') ?? [];
  if (words.length > 1 && hyphenated.length === words.length && hyphenated.every((part, offset) => part === words[offset])) return 1;
  for (let offset = 0; offset < words.length; offset++) {
    const token = tokens[index + offset]?.folded;
    const word = words[offset] as string;
    if (token === undefined) return 0;
    const isLastWord = offset === words.length - 1;
    const stemMatch = words.length === 1 && word.length >= 4 && token.startsWith(word);
    if (token !== word && !stemMatch && !(isLastWord && words.length > 1 && token.startsWith(word) && word.length >= 4)) return 0;
  }
  return words.length;
}

function isIntensified(tokens: readonly Token[], start: number): boolean {
  const previous = tokens[start - 1]?.folded;
  return previous !== undefined && (INTENSIFIERS as readonly string[]).includes(previous);
}

/** "not fast", "not very fast", "hızlı değil", "çok hızlı olmayan". */
function isNegated(tokens: readonly Token[], match: Match): boolean {
  const before = [tokens[match.start - 1]?.folded, tokens[match.start - 2]?.folded];
  const negatedBefore = before[0] !== undefined && (NEGATIONS_BEFORE as readonly string[]).includes(before[0])
    || (before[1] !== undefined && (NEGATIONS_BEFORE as readonly string[]).includes(before[1]) && (INTENSIFIERS as readonly string[]).includes(before[0] ?? ''));
  const after = tokens[match.end]?.folded;
  return negatedBefore || (after !== undefined && (NEGATIONS_AFTER as readonly string[]).includes(after));
}

function looksTurkish(tokens: readonly Token[]): boolean {
  const turkishLetters = tokens.some((token) => /[çğışöüİ]/i.test(token.original));
  const markers = tokens.filter((token) => (TURKISH_MARKERS as readonly string[]).includes(token.folded)).length;
  return turkishLetters || markers >= 2;
}

function resolveLanguage(tag: string): string {
  return findSpeechLanguage(tag)?.code ?? 'en-US';
}

function accentOf(language: string): VoiceAccent | null {
  if (language === 'en-US') return 'american';
  if (language === 'en-GB') return 'british';
  if (language === 'en-AU') return 'australian';
  return null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
