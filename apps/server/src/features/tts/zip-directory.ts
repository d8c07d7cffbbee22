/** One file of a ZIP archive as its central directory declares it (nothing is inflated to learn this). */
export interface ZipEntry {
  name: string;
  compressedBytes: number;
  uncompressedBytes: number;
}

export type ZipDirectory =
  | { kind: 'entries'; entries: ZipEntry[] }
  /** No readable central directory: not a ZIP, or a damaged one. */
  | { kind: 'broken' }
  /** ZIP64 or more entries than any document has: refused rather than read. */
  | { kind: 'unsupported' };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const ENTRY_HEADER_BYTES = 46;
/** Values ZIP64 archives put in the 16- and 32-bit fields to say "look in the ZIP64 record". */
const ZIP64_MARKER_16 = 0xffff;
const ZIP64_MARKER_32 = 0xffffffff;

/**
 * Reads the end-of-central-directory record and the central directory of a ZIP file: entry names with their
 * compressed and uncompressed sizes. This is how a DOCX is judged (its type, and whether it would inflate into
 * something too big to read) before any of it is decompressed.
 */
export function readZipDirectory(bytes: Buffer, maxEntries: number): ZipDirectory {
  const end = findEndRecord(bytes);
  if (end < 0) return { kind: 'broken' };
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === ZIP64_MARKER_16 || directoryOffset === ZIP64_MARKER_32 || count > maxEntries) return { kind: 'unsupported' };
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + ENTRY_HEADER_BYTES > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) return { kind: 'broken' };
    const compressedBytes = bytes.readUInt32LE(offset + 20);
    const uncompressedBytes = bytes.readUInt32LE(offset + 24);
    if (compressedBytes === ZIP64_MARKER_32 || uncompressedBytes === ZIP64_MARKER_32) return { kind: 'unsupported' };
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const nameStart = offset + ENTRY_HEADER_BYTES;
    entries.push({ name: bytes.toString('utf8', nameStart, nameStart + nameLength), compressedBytes, uncompressedBytes });
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return { kind: 'entries', entries };
}

/** The end record is 22 bytes plus a comment of up to 65,535 bytes, so it is searched for from the end. */
function findEndRecord(bytes: Buffer): number {
  const searchFrom = Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let offset = bytes.length - END_RECORD_BYTES; offset >= searchFrom; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return -1;
}
