/** Largest number the normaliser spells out; longer digit runs are left to eSpeak. */
export const MAX_SPELLED_NUMBER = 999_999_999_999;

/**
 * Splits a number into scale groups (billions, millions, thousands) and a remainder below a thousand,
 * words each part with the language's functions and joins them.
 */
export function composeScaled(
  n: number,
  belowThousand: (n: number) => string,
  scales: ReadonlyArray<readonly [number, (count: number) => string]>,
  separator = ' ',
): string {
  const parts: string[] = [];
  let rest = n;
  for (const [scale, words] of scales) {
    const count = Math.floor(rest / scale);
    if (count > 0) {
      parts.push(words(count));
      rest %= scale;
    }
  }
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(separator);
}
