/** Longest file name kept from an upload (ext4 and most file systems stop at 255 bytes too). */
const MAX_FILE_NAME_LENGTH = 255;

/**
 * The file name a multipart upload claims, made safe to store and show: control characters (NUL among them, which
 * PostgreSQL cannot store) and path parts removed, length capped; `fallback` when nothing is left.
 */
export function uploadFileName(claimed: string | undefined, fallback: string): string {
  const cleaned = (claimed ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not be stored
    .replace(/[\u0000-\u001F\u007F]/g, '')
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, MAX_FILE_NAME_LENGTH);
  return cleaned || fallback;
}
