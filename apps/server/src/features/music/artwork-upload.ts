import { AppError, validationError } from '../../lib/errors.ts';

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

/**
 * SVGs are served from the API's own origin, so anything that could run script is refused rather than cleaned.
 */
function assertInertSvg(bytes: Uint8Array): void {
  const text = new TextDecoder().decode(bytes);
  if (/<script|<foreignObject|\son[a-z]+\s*=|javascript:|<iframe|<embed|<object/i.test(text)) {
    throw validationError('file', 'SVG artwork must not contain scripts, event handlers or embedded documents');
  }
}

/** Checks an uploaded cover and says how to store it. */
export function validateArtwork(bytes: Uint8Array): ArtworkExtension {
  if (bytes.length === 0) throw validationError('file', 'The artwork file is empty');
  if (bytes.length > MAX_ARTWORK_BYTES) throw new AppError('VALIDATION_ERROR', 'Artwork must be at most 2 MB', { fields: { file: ['Artwork must be at most 2 MB'] } });
  const extension = sniffArtwork(bytes);
  if (!extension) throw validationError('file', 'Artwork must be a PNG, JPEG or SVG image');
  if (extension === 'svg') assertInertSvg(bytes);
  return extension;
}
