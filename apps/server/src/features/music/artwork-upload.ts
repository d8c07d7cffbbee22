import { AppError, validationError } from '../../lib/errors.ts';
import { sanitizeSvg, UnsafeSvgError } from './svg-sanitizer.ts';

export const MAX_ARTWORK_BYTES = 2 * 1024 * 1024;
export type ArtworkExtension = 'png' | 'jpg' | 'svg';

/** What the bytes are, by content (never by the file name): PNG and JPEG by magic bytes, SVG by sniffing its root. */
export function sniffArtwork(bytes: Uint8Array): ArtworkExtension | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const withoutProlog = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?/i, '');
  return /^<svg[\s>]/i.test(withoutProlog) ? 'svg' : null;
}

const UNSAFE_SVG_MESSAGE = 'SVG artwork must not contain scripts, event handlers or embedded documents';

/** SVGs are parsed and written again from an allow-list; one that tries to run script is refused, not cleaned. */
function inertSvg(bytes: Uint8Array): Uint8Array {
  try {
    return new TextEncoder().encode(sanitizeSvg(new TextDecoder().decode(bytes)));
  } catch (error) {
    if (error instanceof UnsafeSvgError) throw validationError('file', UNSAFE_SVG_MESSAGE);
    throw validationError('file', 'The SVG artwork could not be read');
  }
}

/** Checks an uploaded cover and says how to store it: the extension, and the bytes to keep (SVGs rewritten). */
export function validateArtwork(bytes: Uint8Array): { extension: ArtworkExtension; bytes: Uint8Array } {
  if (bytes.length === 0) throw validationError('file', 'The artwork file is empty');
  if (bytes.length > MAX_ARTWORK_BYTES) throw new AppError('VALIDATION_ERROR', 'Artwork must be at most 2 MB', { fields: { file: ['Artwork must be at most 2 MB'] } });
  const extension = sniffArtwork(bytes);
  if (!extension) throw validationError('file', 'Artwork must be a PNG, JPEG or SVG image');
  return { extension, bytes: extension === 'svg' ? inertSvg(bytes) : bytes };
}
