import { crc32, inflateRawSync } from 'node:zlib';

/**
 * NumPy `.npz` archives (a zip of `.npy` files), as Kokoro publishes its voice styles (`voices-v1.0.bin`). Only what
 * those files use is read: little-endian float32 arrays in C order, stored or deflated entries.
 */
export interface NpyArray {
  shape: number[];
  data: Float32Array;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/** Every array in the archive by name (the entry name without `.npy`). */
export function readNpz(bytes: Uint8Array): Map<string, NpyArray> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const arrays = new Map<string, NpyArray>();
  for (let index = 0; index < count; index++) {
    if (view.getUint32(offset, true) !== CENTRAL_SIGNATURE) throw new Error('Corrupt .npz: bad central directory');
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) throw new Error('Corrupt .npz: bad local header');
    const dataStart = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const stored = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`Unsupported .npz compression method ${method}`);
    const data = method === 8 ? new Uint8Array(inflateRawSync(stored)) : stored;
    arrays.set(name.replace(/\.npy$/, ''), readNpy(data));
  }
  return arrays;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let offset = view.byteLength - 22; offset >= Math.max(0, view.byteLength - 22 - 65_535); offset--) {
    if (view.getUint32(offset, true) === EOCD_SIGNATURE) return offset;
  }
  throw new Error('Not a .npz (zip) file');
}

/** One `.npy` array: magic, version, header dict, then the raw data. */
export function readNpy(bytes: Uint8Array): NpyArray {
  if (bytes[0] !== 0x93 || new TextDecoder().decode(bytes.subarray(1, 6)) !== 'NUMPY') throw new Error('Not a .npy array');
  const major = bytes[6] ?? 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  const header = new TextDecoder().decode(bytes.subarray(headerStart, headerStart + headerLength));
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order':\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr !== '<f4' || fortran !== 'False' || shapeText === undefined) throw new Error(`Unsupported .npy array (${header.trim()})`);
  const shape = shapeText.split(',').map((part) => part.trim()).filter(Boolean).map(Number);
  const length = shape.reduce((product, size) => product * size, 1);
  const dataStart = headerStart + headerLength;
  if (bytes.length - dataStart < length * 4) throw new Error('Truncated .npy array');
  // Copy: the data may not be 4-byte aligned inside the archive (and a Buffer's slice would share its pool).
  const copy = new Uint8Array(length * 4);
  copy.set(bytes.subarray(dataStart, dataStart + length * 4));
  const data = new Float32Array(copy.buffer);
  return { shape, data };
}

/** A `.npy` file of little-endian float32 data, as `numpy.save` writes it (format 1.0). */
export function writeNpy(array: NpyArray): Uint8Array {
  const shape = array.shape.length === 1 ? `(${array.shape[0]},)` : `(${array.shape.join(', ')})`;
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`;
  // The header (with magic and length) is padded with spaces to a multiple of 64 bytes and ends in a newline.
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = header.padEnd(total - 10 - 1, ' ') + '\n';
  const bytes = new Uint8Array(total + array.data.byteLength);
  bytes.set([0x93, ...new TextEncoder().encode('NUMPY'), 1, 0]);
  new DataView(bytes.buffer).setUint16(8, header.length, true);
  bytes.set(new TextEncoder().encode(header), 10);
  bytes.set(new Uint8Array(array.data.buffer, array.data.byteOffset, array.data.byteLength), total);
  return bytes;
}

/** An uncompressed `.npz`, as `numpy.savez` writes it. */
export function writeNpz(arrays: ReadonlyMap<string, NpyArray>): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, array] of arrays) {
    const data = writeNpy(array);
    const fileName = new TextEncoder().encode(`${name}.npy`);
    const checksum = crc32(data);
    const local = new Uint8Array(30 + fileName.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, LOCAL_SIGNATURE, true);
    lv.setUint16(4, 20, true);
    lv.setUint32(14, checksum, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, fileName.length, true);
    local.set(fileName, 30);
    const central = new Uint8Array(46 + fileName.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, CENTRAL_SIGNATURE, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint32(16, checksum, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, fileName.length, true);
    cv.setUint32(42, offset, true);
    central.set(fileName, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, EOCD_SIGNATURE, true);
  ev.setUint16(8, arrays.size, true);
  ev.setUint16(10, arrays.size, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return Buffer.concat([...locals, ...centrals, eocd]);
}
