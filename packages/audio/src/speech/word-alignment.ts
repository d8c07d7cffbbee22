/**
 * Maps words of the normalised text eSpeak spoke back to the text the user wrote. Normalisation rewrites some words
 * ("$5" becomes "five dollars"), so words are matched by a longest common subsequence of their letters and digits;
 * spoken words without a match take the unmatched original words between their matched neighbours.
 */

export interface TextRange {
  start: number;
  /** Exclusive. */
  end: number;
}

interface Token extends TextRange {
  key: string;
}

export function wordTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, key: tokenKey(match[0]) });
  }
  return tokens;
}

function tokenKey(word: string): string {
  return word.normalize('NFC').toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** For each spoken word range (in `spoken`), the range of `original` it reads; null when it reads nothing there. */
export function alignSpokenWords(spoken: string, spokenWords: readonly TextRange[], original: string): Array<TextRange | null> {
  const originalTokens = wordTokens(original);
  const spokenKeys = spokenWords.map((word) => tokenKey(spoken.slice(word.start, word.end)));
  const matches = longestCommonSubsequence(spokenKeys, originalTokens.map((token) => token.key));
  const ranges: Array<TextRange | null> = [];
  let lastMatchedOriginal = -1;
  for (let index = 0; index < spokenWords.length; index++) {
    const matched = matches.get(index);
    if (matched !== undefined) {
      const token = originalTokens[matched];
      ranges.push(token ? { start: token.start, end: token.end } : null);
      lastMatchedOriginal = matched;
      continue;
    }
    const nextMatched = nextMatch(matches, index, spokenWords.length) ?? originalTokens.length;
    const first = originalTokens[lastMatchedOriginal + 1];
    const last = originalTokens[nextMatched - 1];
    ranges.push(first && last && lastMatchedOriginal + 1 <= nextMatched - 1 ? { start: first.start, end: last.end } : null);
  }
  return ranges;
}

function nextMatch(matches: Map<number, number>, after: number, count: number): number | undefined {
  for (let index = after + 1; index < count; index++) {
    const matched = matches.get(index);
    if (matched !== undefined) return matched;
  }
  return undefined;
}

/** Pairs of equal, non-empty keys (index in `a` to index in `b`) forming a longest common subsequence. */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): Map<number, number> {
  const width = b.length + 1;
  const lengths = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const same = a[i] !== '' && a[i] === b[j];
      lengths[i * width + j] = same
        ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
        : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const pairs = new Map<number, number>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] !== '' && a[i] === b[j]) {
      pairs.set(i++, j++);
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      i++;
    } else {
      j++;
    }
  }
  return pairs;
}
