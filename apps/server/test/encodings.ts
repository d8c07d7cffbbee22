const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Other texts that Node's base64url decoder turns into the same bytes as `canonical` (unpadded base64url of 32 bytes):
 * the unused trailing bits set, padding added, a stray character, and the standard alphabet's '+' and '/'.
 */
export function sameBytesOtherText(canonical: string): string[] {
  const last = canonical.at(-1) ?? 'A';
  const trailingBitSet = `${canonical.slice(0, -1)}${BASE64URL_ALPHABET[BASE64URL_ALPHABET.indexOf(last) ^ 1]}`;
  const standardAlphabet = `${canonical.replaceAll('-', '+').replaceAll('_', '/')}`;
  return [trailingBitSet, `${canonical}=`, `${canonical.slice(0, 10)}.${canonical.slice(10)}`, standardAlphabet].filter(
    (variant) => variant !== canonical,
  );
}
