import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

export interface TarEntry {
  /** Normalised relative path inside the archive. */
  path: string;
  data: Uint8Array;
}

/**
 * The regular files of a .tar.gz (ustar and GNU long names). Entries that would land outside the target folder
 * (absolute paths, `..`) are refused, so an archive cannot write anywhere but its own install folder.
 */
export function readTarGz(bytes: Uint8Array): TarEntry[] {
  const tar = gunzipSync(bytes);
  const entries: TarEntry[] = [];
  let offset = 0;
  let longName: string | null = null;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number): string => {
      const raw = header.subarray(start, start + length);
      const end = raw.indexOf(0);
      return new TextDecoder().decode(end === -1 ? raw : raw.subarray(0, end));
    };
    const size = parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error('Corrupt archive: bad entry size');
    const type = field(156, 1) || '0';
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = null;
    const dataStart = offset + 512;
    if (dataStart + size > tar.length) throw new Error('Corrupt archive: it ends inside an entry');
    const data = tar.subarray(dataStart, dataStart + size);
    offset = dataStart + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = new TextDecoder().decode(data).replace(/\0+$/, '');
      continue;
    }
    if (type !== '0' && type !== '\0') continue;
    const normalised = path.posix.normalize(name.replace(/^\.\//, ''));
    if (normalised.startsWith('/') || normalised === '..' || normalised.startsWith('../')) throw new Error(`Archive entry "${name}" points outside the archive`);
    entries.push({ path: normalised, data });
  }
  return entries;
}

/** A .tar.gz of `files` (tests pack model folders with it). */
export function writeTarGz(files: ReadonlyArray<{ path: string; data: Uint8Array }>): Uint8Array {
  return gzipSync(writeTar(files));
}

function writeTar(files: ReadonlyArray<{ path: string; data: Uint8Array }>): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const file of files) {
    const header = new Uint8Array(512);
    const put = (text: string, start: number) => header.set(new TextEncoder().encode(text), start);
    put(file.path, 0);
    put('0000644\0', 100);
    put('0000000\0', 108);
    put('0000000\0', 116);
    put(`${file.data.length.toString(8).padStart(11, '0')}\0`, 124);
    put('00000000000\0', 136);
    put('        ', 148);
    put('0', 156);
    put('ustar\0', 257);
    put('00', 263);
    const checksum = header.reduce((sum, byte) => sum + byte, 0);
    put(`${checksum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, file.data, new Uint8Array((512 - (file.data.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  return Buffer.concat(blocks);
}
