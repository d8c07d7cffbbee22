import {
  GENRE_WORDS, INSTRUMENT_WORDS, MODE_WORDS, MOOD_WORDS, NEGATION_WORDS, SOLFEGE, TEMPO_WORDS,
  TURKISH_WITHOUT_SUFFIXES, VOICE_WORDS, type InstrumentWord,
} from './lexicon.ts';
import { foldText, tokenize } from './text.ts';
import { parsePitchClass, type Mode } from './theory.ts';
import { MUSIC_GENRES, MUSIC_MOODS, type MusicGenre, type MusicMood, type PartRole } from './types.ts';

/** What a prompt says, before any random choice is made. */
export interface PromptReading {
  genreScores: Map<MusicGenre, number>;
  genreWords: string[];
  moodScores: Map<MusicMood, number>;
  moodWords: string[];
  tempo?: { position: number; label: string };
  bpm?: number;
  key?: { tonic?: number; mode?: Mode; text: string };
  beatsPerBar?: 3 | 4;
  swing?: 'swing' | 'straight';
  /** Named instruments in prompt order. */
  instruments: InstrumentWord[];
  excludedRoles: Set<PartRole>;
  excludedPrograms: Set<number>;
  voice?: 'male' | 'female';
}

type Entry =
  | { type: 'genre'; genre: MusicGenre; weight: number }
  | { type: 'mood'; mood: MusicMood }
  | { type: 'tempo'; position: number; label: string }
  | { type: 'instrument'; instrument: InstrumentWord }
  | { type: 'voice'; voice: 'male' | 'female' }
  | { type: 'swing'; swing: 'swing' | 'straight' };

interface PhraseGroup {
  tokens: string[];
  entries: Entry[];
}

let phraseGroups: PhraseGroup[] | undefined;

/** All lexicon phrases grouped by their folded text, longest first so "drum and bass" wins over "bass". */
function lexiconGroups(): PhraseGroup[] {
  if (phraseGroups) return phraseGroups;
  const groups = new Map<string, PhraseGroup>();
  const add = (phrase: string, entry: Entry): void => {
    const tokens = tokenize(foldText(phrase));
    const key = tokens.join(' ');
    const group = groups.get(key) ?? { tokens, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  };
  for (const genre of MUSIC_GENRES) for (const [phrase, weight] of GENRE_WORDS[genre]) add(phrase, { type: 'genre', genre, weight });
  for (const mood of MUSIC_MOODS) for (const phrase of MOOD_WORDS[mood]) add(phrase, { type: 'mood', mood });
  for (const [phrase, position, label] of TEMPO_WORDS) add(phrase, { type: 'tempo', position, label });
  for (const instrument of INSTRUMENT_WORDS) for (const phrase of instrument.phrases) add(phrase, { type: 'instrument', instrument });
  for (const voice of ['male', 'female'] as const) for (const phrase of VOICE_WORDS[voice]) add(phrase, { type: 'voice', voice });
  for (const phrase of ['swing', 'swung', 'shuffle', 'sving']) add(phrase, { type: 'swing', swing: 'swing' });
  for (const phrase of ['straight', 'duz ritim']) add(phrase, { type: 'swing', swing: 'straight' });
  phraseGroups = [...groups.values()].sort(
    (a, b) => b.tokens.length - a.tokens.length || b.tokens.join(' ').length - a.tokens.join(' ').length,
  );
  return phraseGroups;
}

/** A lexicon word matches a prompt word exactly, or as its stem when four letters or longer ("jazz" in "jazzy"). */
function tokenMatches(token: string, word: string): 'exact' | 'stem' | undefined {
  if (token === word) return 'exact';
  if (word.length >= 4 && token.startsWith(word)) return 'stem';
  return undefined;
}

export function readPrompt(prompt: string): PromptReading {
  const folded = foldText(prompt);
  const tokens = tokenize(folded);
  const consumed = new Array<boolean>(tokens.length).fill(false);
  const reading: PromptReading = {
    genreScores: new Map(), genreWords: [], moodScores: new Map(), moodWords: [],
    instruments: [], excludedRoles: new Set(), excludedPrograms: new Set(),
  };
  const instrumentHits: { position: number; instrument: InstrumentWord }[] = [];

  for (const group of lexiconGroups()) {
    for (let start = 0; start + group.tokens.length <= tokens.length; start++) {
      const match = matchAt(tokens, consumed, start, group.tokens);
      if (!match) continue;
      for (let index = start; index < start + group.tokens.length; index++) consumed[index] = true;
      const lastToken = tokens[start + group.tokens.length - 1] ?? '';
      const negated = isNegated(tokens, start, lastToken, group.tokens[group.tokens.length - 1] ?? '');
      const phrase = tokens.slice(start, start + group.tokens.length).join(' ');
      for (const entry of group.entries) applyEntry(reading, entry, { phrase, negated, stem: match === 'stem', position: start, instrumentHits });
    }
  }
  reading.instruments = instrumentHits.sort((a, b) => a.position - b.position).map((hit) => hit.instrument);
  const bpm = readBpm(folded);
  if (bpm !== undefined) reading.bpm = bpm;
  const key = readKey(prompt);
  if (key) reading.key = key;
  const meter = readMeter(folded, tokens);
  if (meter) reading.beatsPerBar = meter;
  return reading;
}

function matchAt(tokens: readonly string[], consumed: readonly boolean[], start: number, words: readonly string[]): 'exact' | 'stem' | undefined {
  let result: 'exact' | 'stem' = 'exact';
  for (let offset = 0; offset < words.length; offset++) {
    if (consumed[start + offset]) return undefined;
    const token = tokens[start + offset] ?? '';
    const word = words[offset] ?? '';
    // Only the last word of a phrase may carry a suffix.
    const match = offset === words.length - 1 ? tokenMatches(token, word) : token === word ? 'exact' : undefined;
    if (!match) return undefined;
    if (match === 'stem') result = 'stem';
  }
  return result;
}

const NEGATION_FILLERS: readonly string[] = ['any', 'the', 'a', 'real', 'live', 'heavy', 'loud'];

/** "no drums", "without piano", Turkish "davulsuz" / "davul yok". */
function isNegated(tokens: readonly string[], start: number, lastToken: string, lastWord: string): boolean {
  const before = tokens[start - 1] ?? '';
  if (NEGATION_WORDS.includes(before)) return true;
  // "without any drums", "no heavy guitars": one small word may stand between.
  if (NEGATION_FILLERS.includes(before) && NEGATION_WORDS.includes(tokens[start - 2] ?? '')) return true;
  const suffix = lastToken.slice(lastWord.length);
  if (TURKISH_WITHOUT_SUFFIXES.includes(suffix)) return true;
  const after = tokens[start + 1] ?? '';
  return after === 'yok' || after === 'olmadan';
}

interface MatchContext {
  phrase: string;
  negated: boolean;
  stem: boolean;
  position: number;
  instrumentHits: { position: number; instrument: InstrumentWord }[];
}

function applyEntry(reading: PromptReading, entry: Entry, context: MatchContext): void {
  switch (entry.type) {
    case 'genre': {
      if (context.negated) return;
      // A derived word ("jazzy", "soulful") says a little less than the genre's own name.
      const weight = entry.weight * (context.stem ? 0.8 : 1);
      reading.genreScores.set(entry.genre, (reading.genreScores.get(entry.genre) ?? 0) + weight);
      if (!reading.genreWords.includes(context.phrase)) reading.genreWords.push(context.phrase);
      return;
    }
    case 'mood':
      if (context.negated) return;
      // Earlier words weigh a little more: prompts tend to lead with what matters most.
      reading.moodScores.set(entry.mood, (reading.moodScores.get(entry.mood) ?? 0) + 1 / (1 + context.position * 0.05));
      if (!reading.moodWords.includes(context.phrase)) reading.moodWords.push(context.phrase);
      return;
    case 'tempo':
      if (!reading.tempo) reading.tempo = { position: entry.position, label: entry.label };
      return;
    case 'instrument':
      if (context.negated) {
        if (entry.instrument.roles[0] === 'drums') reading.excludedRoles.add('drums');
        else reading.excludedPrograms.add(entry.instrument.program);
        return;
      }
      for (const [genre, weight] of Object.entries(entry.instrument.hints ?? {}) as [MusicGenre, number][]) {
        reading.genreScores.set(genre, (reading.genreScores.get(genre) ?? 0) + weight);
      }
      context.instrumentHits.push({ position: context.position, instrument: entry.instrument });
      return;
    case 'voice':
      reading.voice ??= entry.voice;
      return;
    case 'swing':
      reading.swing ??= entry.swing;
      return;
  }
}

/** "120 bpm", "tempo 90", "at 128bpm", Turkish "dakikada 100 vuruş". */
export function readBpm(folded: string): number | undefined {
  const patterns = [
    /(\d{2,3}(?:[.,]\d+)?)\s*-?\s*(?:bpm|b\.p\.m\.?|beats per minute|vurus)/,
    /(?:bpm|tempo)\s*[:=]?\s*(\d{2,3}(?:[.,]\d+)?)\b/,
    /dakikada\s+(\d{2,3})/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(folded);
    if (!match) continue;
    const value = Number((match[1] ?? '').replace(',', '.'));
    if (value >= 40 && value <= 220) return value;
  }
  return undefined;
}

const MODE_PATTERN = '(major|minor|maj|min|m|dorian|mixolydian|phrygian|lydian)';

/** Keys like "A minor", "Bb major", "F# dorian", "in c minor", "key of D", Turkish "La minör", "Mi bemol majör". */
export function readKey(prompt: string): PromptReading['key'] {
  const text = prompt.replace(/maj[öo]e?r/gi, 'major').replace(/min[öo]e?r/gi, 'minor').replace(/♯/g, '#').replace(/♭/g, 'b');
  const english =
    new RegExp(`(?:^|[^\\p{L}])([A-G])\\s?(#|b|-?sharp|-?flat| sharp| flat)?\\s?${MODE_PATTERN}(?![\\p{L}\\d])`, 'u').exec(text) ??
    new RegExp(`\\bin ([a-g])\\s?(#|b| sharp| flat)?\\s?(major|minor|dorian|mixolydian|phrygian|lydian)\\b`, 'i').exec(text);
  if (english) {
    const accidental = /#|sharp/.test(english[2] ?? '') ? '#' : /b|flat/.test(english[2] ?? '') ? 'b' : '';
    const tonic = parsePitchClass(`${(english[1] ?? 'C').toUpperCase()}${accidental}`);
    return { tonic, mode: modeFromWord(english[3] ?? 'major'), text: english[0].trim() };
  }
  const folded = foldText(text);
  const solfege = /\b(do|re|mi|fa|sol|la|si)\s?(diyez|bemol|#|b)?\s?(major|minor|dorian)\b/.exec(folded);
  if (solfege) {
    const base = SOLFEGE[solfege[1] ?? 'do'] ?? 0;
    const shift = solfege[2] === 'diyez' || solfege[2] === '#' ? 1 : solfege[2] === 'bemol' || solfege[2] === 'b' ? -1 : 0;
    return { tonic: (base + shift + 12) % 12, mode: modeFromWord(solfege[3] ?? 'major'), text: solfege[0] };
  }
  // "key of D", "in E", "in Bb" (a capital letter, so the article in "in a mood" is not a key).
  const keyOf = /\bkey of ([A-Ga-g])(#|b)?(?![\p{L}\d])/u.exec(text) ?? /\bin ([A-G])(#|b)?(?![\p{L}\d'’])/u.exec(text);
  if (keyOf) {
    const mode = tokenize(foldText(text)).find((token) => MODE_WORDS.some(([word]) => foldText(word) === token && word.length > 3));
    return { tonic: parsePitchClass(`${(keyOf[1] ?? 'C').toUpperCase()}${keyOf[2] ?? ''}`), ...(mode ? { mode: modeFromWord(mode) } : {}), text: keyOf[0] };
  }
  const modeOnly = tokenize(folded).find((token) => MODE_WORDS.some(([word]) => foldText(word) === token && word.length > 3));
  if (modeOnly) return { mode: modeFromWord(modeOnly), text: modeOnly };
  return undefined;
}

function modeFromWord(word: string): Mode {
  const lower = foldText(word);
  if (lower === 'm' || lower.startsWith('min')) return 'minor';
  if (lower.startsWith('maj')) return 'major';
  const mode = MODE_WORDS.find(([phrase]) => foldText(phrase) === lower)?.[1];
  return mode ?? 'major';
}

function readMeter(folded: string, tokens: readonly string[]): 3 | 4 | undefined {
  if (/\b(3\/4|6\/8|12\/8)\b/.test(folded)) return 3;
  if (/\b4\/4\b/.test(folded)) return 4;
  if (tokens.some((token) => token.startsWith('waltz') || token === 'vals')) return 3;
  return undefined;
}
