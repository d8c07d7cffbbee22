import type { ByteRange } from './file-store.ts';

export type RangeRequest =
  /** No Range header, another unit, or several ranges: the whole file (a server may ignore Range). */
  | { kind: 'whole' }
  | { kind: 'partial'; range: ByteRange }
  /** Malformed, or outside the file: 416. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^(\d*)-(\d*)$/;

/** Reads a single-range `Range: bytes=...` header against a file of `size` bytes (RFC 9110, section 14.1.2). */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const value = header.trim();
  if (!value.toLowerCase().startsWith('bytes=')) return { kind: 'whole' };
  if (value.includes(',')) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(value.slice('bytes='.length).replace(/\s+/g, ''));
  if (!match) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
