import { abbreviationPattern, rulesFor } from './normalize/normalize.ts';

export interface TextPiece {
  text: string;
  /** False when a long sentence was cut at a clause or word boundary: the next piece continues it. */
  endsSentence: boolean;
  /** For a piece that does not end its sentence: false when it was cut between two words (no pause belongs there). */
  endsClause?: boolean;
}

/** Long sentences are cut so the first audio of a run-on text is still ready quickly. */
export const MAX_PIECE_LENGTH = 280;

// A run of terminators plus closing quotes, followed by whitespace or the end; CJK full stops need no space.
const LATIN_END = /[.!?…؟।۔።]+["'”’»)\]]*(?=\s|$)/gu;
const CJK_END = /[。！？]+["'”’»」』）)]*/gu;

/** Splits text into sentences, respecting the language's abbreviations, initials, ordinals and decimals. */
export function splitSentences(text: string, language: string, maxLength = MAX_PIECE_LENGTH): TextPiece[] {
  const protectedDots = protectedDotPositions(text, language);
  const cuts = new Set<number>();
  for (const pattern of [LATIN_END, CJK_END]) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (isSentenceEnd(text, match.index, match[0], end, protectedDots, language)) cuts.add(end);
    }
  }
  const sentences: string[] = [];
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    sentences.push(text.slice(start, cut));
    start = cut;
  }
  sentences.push(text.slice(start));
  return sentences
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .flatMap((sentence) => splitLongSentence(sentence, maxLength));
}

type DotRole = 'never' | 'beforeCapital';

/** Dots that belong to abbreviations: inner dots never end a sentence, a final dot only if it may (`etc.`). */
function protectedDotPositions(text: string, language: string): Map<number, DotRole> {
  const positions = new Map<number, DotRole>();
  for (const abbreviation of rulesFor(language)?.abbreviations ?? []) {
    for (const match of text.matchAll(abbreviationPattern({ ...abbreviation, beforeNumber: false }))) {
      const lastDot = match.index + match[0].lastIndexOf('.');
      for (let index = match.index; index < match.index + match[0].length; index++) {
        if (text[index] !== '.') continue;
        const role: DotRole = index === lastDot && abbreviation.canEndSentence ? 'beforeCapital' : 'never';
        positions.set(index, role);
      }
    }
  }
  return positions;
}

function isSentenceEnd(
  text: string,
  start: number,
  terminator: string,
  end: number,
  protectedDots: Map<number, DotRole>,
  language: string,
): boolean {
  const following = text.slice(end).trimStart();
  if (following === '') return true;
  const nextIsLowerCase = /^\p{Ll}/u.test(following);
  if (nextIsLowerCase) return false;
  if (!terminator.startsWith('.') || terminator.startsWith('..')) return true;
  const role = protectedDots.get(start);
  if (role === 'never') return false;
  if (role === 'beforeCapital') return /^\p{Lu}/u.test(following);
  const wordBefore = /(\S+)$/u.exec(text.slice(0, start))?.[1] ?? '';
  if (/^\p{Lu}$/u.test(wordBefore)) return false; // an initial, as in "J. K. Rowling"
  if (/^\d+$/.test(wordBefore) && isOrdinalInContext(text.slice(0, start - wordBefore.length), following, language)) {
    return false;
  }
  return true;
}

/** "am 3. Oktober", "der 21. Platz": a number with a dot that reads as an ordinal does not end the sentence. */
function isOrdinalInContext(before: string, following: string, language: string): boolean {
  const rules = rulesFor(language);
  if (rules?.monthNames?.some((month) => following.startsWith(month))) return true;
  const leadWord = (/(\p{L}+)\s+$/u.exec(before)?.[1] ?? '').toLowerCase();
  return rules?.ordinalLeadWords?.includes(leadWord) ?? false;
}

function splitLongSentence(sentence: string, maxLength: number): TextPiece[] {
  const pieces: TextPiece[] = [];
  let rest = sentence;
  while (rest.length > maxLength) {
    const cut = findCut(rest, maxLength);
    pieces.push({ text: rest.slice(0, cut).trim(), endsSentence: false });
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push({ text: rest, endsSentence: true });
  return pieces;
}

/**
 * Splits a short lead off the first piece for a fast first audio: at the last clause mark within `maxLength`, else at
 * the last space. The lead does not end the sentence; with no usable boundary the pieces stay as they are.
 */
export function splitLead(pieces: TextPiece[], maxLength: number): TextPiece[] {
  const [first, ...rest] = pieces;
  if (!first || first.text.length <= maxLength) return pieces;
  const window = first.text.slice(0, maxLength + 1);
  // A comma inside a number ("1,000") is not a clause boundary: a Latin mark needs a space after it.
  const marks = [...window.matchAll(/[,;:](?=\s)|[、，]/gu)].map((match) => match.index).filter((index) => index < maxLength);
  const clause = Math.max(-1, ...marks);
  const cut = clause > 0 ? clause + 1 : window.lastIndexOf(' ');
  if (cut <= 0) return pieces;
  const lead = first.text.slice(0, cut).trim();
  const remainder = first.text.slice(cut).trim();
  if (!/[\p{L}\p{N}]/u.test(lead) || !/[\p{L}\p{N}]/u.test(remainder)) return pieces;
  return [{ text: lead, endsSentence: false, endsClause: clause > 0 }, { ...first, text: remainder }, ...rest];
}

/** Prefers a clause boundary in the second half of the window, then a space, then a hard cut. */
function findCut(text: string, maxLength: number): number {
  const window = text.slice(0, maxLength);
  const clause = Math.max(...[',', ';', ':', ' —', ' –', '、', '，'].map((mark) => window.lastIndexOf(mark)));
  if (clause >= maxLength / 2) return clause + 1;
  const space = window.lastIndexOf(' ');
  if (space >= maxLength / 3) return space + 1;
  return maxLength;
}
