import { inflateSync } from 'node:zlib';

const STREAM_KEYWORD = Buffer.from('stream', 'latin1');
const END_KEYWORD = Buffer.from('endstream', 'latin1');

/**
 * Whether the PDF's Flate-compressed streams inflate to more than `maxBytes` in all. Each stream is inflated with a
 * cap of what is left of the budget, so a bomb is stopped at the budget rather than inflated whole. Streams that are
 * not zlib data (images, other filters) count as nothing.
 */
export function pdfStreamsInflateBeyond(bytes: Buffer, maxBytes: number): boolean {
  let remaining = maxBytes;
  for (const data of streamBodies(bytes)) {
    try {
      remaining -= inflateSync(data, { maxOutputLength: remaining + 1 }).length;
    } catch (error) {
      if (error instanceof RangeError) return true;
      continue;
    }
    if (remaining < 0) return true;
  }
  return false;
}

/** The bytes between each `stream` keyword's line end and its `endstream`. */
function* streamBodies(bytes: Buffer): Generator<Buffer> {
  let at = bytes.indexOf(STREAM_KEYWORD);
  while (at !== -1) {
    const isEndKeyword = at >= 3 && bytes.subarray(at - 3, at).toString('latin1') === 'end';
    let start = at + STREAM_KEYWORD.length;
    if (bytes[start] === 0x0d) start += 1;
    if (bytes[start] === 0x0a) start += 1;
    const end = bytes.indexOf(END_KEYWORD, start);
    if (end === -1) return;
    if (!isEndKeyword) yield bytes.subarray(start, end);
    at = bytes.indexOf(STREAM_KEYWORD, end + END_KEYWORD.length);
  }
}
