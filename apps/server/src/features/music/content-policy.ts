import { readFileSync } from 'node:fs';
import { MUSIC_MESSAGES } from '@sound-studio/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

const termsSchema = z.object({
  artists: z.array(z.string().min(1)),
  /** Names that are also everyday words ("Queen", "Duman"): rejected only after "like", "style of" and the like. */
  artistsNamedOnlyInImitation: z.array(z.string().min(1)),
  abusiveTerms: z.array(z.string().min(1)),
});

/** The lists live in a data file so they can be reviewed and extended without touching code. */
const TERMS = termsSchema.parse(JSON.parse(readFileSync(new URL('./content-policy-terms.json', import.meta.url), 'utf8')));

/** Lower case, Turkish dotted/dotless i folded, accents removed, so "BEYONCÉ" and "İbrahim" match their entries. */
export function foldForPolicy(text: string): string {
  return text
    .replace(/İ/g, 'i')
    .replace(/I/g, 'i')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** One pattern per list: whole words only (\p{L}\p{N} boundaries), so "Prince" matches but "princess" does not. */
function wordPattern(terms: string[], before = ''): RegExp {
  const alternatives = [...new Set(terms.map(foldForPolicy))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])${before}(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
}

const ARTIST_PATTERN = wordPattern(TERMS.artists);
const IMITATION_WORDS = '(?:in the style of|style of|sounds? like|like|a la|inspired by|tarzinda|gibi) (?:the )?';
const AMBIGUOUS_ARTIST_PATTERN = wordPattern(TERMS.artistsNamedOnlyInImitation, IMITATION_WORDS);
const ABUSIVE_PATTERN = wordPattern(TERMS.abusiveTerms);

export type PolicyVerdict = 'allowed' | 'named-artist' | 'abusive';

/** Why a text breaks the content policy, or 'allowed'. */
export function checkContentPolicy(text: string): PolicyVerdict {
  const folded = foldForPolicy(text);
  if (ABUSIVE_PATTERN.test(folded)) return 'abusive';
  if (ARTIST_PATTERN.test(folded) || AMBIGUOUS_ARTIST_PATTERN.test(folded)) return 'named-artist';
  return 'allowed';
}

/** Rejects a prompt (and lyrics) that imitate a named real artist or contain abusive terms, before anything is charged. */
export function assertAllowedByPolicy(texts: Array<string | undefined>): void {
  for (const text of texts) {
    if (text && checkContentPolicy(text) !== 'allowed') {
      throw new AppError('VALIDATION_ERROR', MUSIC_MESSAGES.promptRejected, { fields: { prompt: [MUSIC_MESSAGES.promptRejected] } });
    }
  }
}
