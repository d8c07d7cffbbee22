/** Text helpers shared by the prompt reader and the lyric parser. */

const TURKISH_FOLD: Readonly<Record<string, string>> = { ı: 'i', İ: 'i', ğ: 'g', Ğ: 'g', ş: 's', Ş: 's', ç: 'c', Ç: 'c', ö: 'o', Ö: 'o', ü: 'u', Ü: 'u' };

/** Lower case, Turkish letters folded to ASCII and accents removed: "Hüzünlü CAZ" -> "huzunlu caz". */
export function foldText(text: string): string {
  return text
    .replace(/[ıİğĞşŞçÇöÖüÜ]/g, (letter) => TURKISH_FOLD[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/♯/g, '#')
    .replace(/♭/g, 'b');
}

/** Words of folded text; keeps '&' and '#' inside words ("r&b"), splits on everything else including hyphens. */
export function tokenize(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}&#]+/u).filter((token) => token.length > 0);
}

export const TURKISH_LETTERS = /[çğıöşüÇĞİÖŞÜâîû]/;
