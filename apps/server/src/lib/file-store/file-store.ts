import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A file being written piece by piece (a stream that is sent to a client while it is stored). Nothing is visible
 * under the key until `commit`; `abort` leaves no trace.
 */
export interface FileWriter {
  write(bytes: Uint8Array): Promise<void>;
  commit(): Promise<StoredFileInfo>;
  abort(): Promise<void>;
}

/**
 * Where generated media lives, addressed by keys like `tts/<userId>/<id>.mp3`: the local disk (DATA_DIR/media, the
 * default) or an S3-compatible object store (FILE_STORE=s3). An object store that cannot be reached fails with
 * StorageUnavailableError (503).
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<StoredFileInfo>;
  openWriter(key: string): Promise<FileWriter>;
  /** Null when there is no file under the key. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /**
   * The whole file or one byte range of it; the caller checks the range against `stat` first. Resolves once the
   * store has answered, so a store that is down fails before any reply headers go out.
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes what a process killed mid-write left behind (begun before `olderThan`); returns how many. */
  removeResidue(olderThan: Date): Promise<number>;
  /** Lets go of connections (an object store's sockets); the store is not used afterwards. */
  close(): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are relative, slash-separated names without dot segments, so no key can point outside the store. */
export function isValidFileKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..');
}

export class InvalidFileKeyError extends Error {
  override name = 'InvalidFileKeyError';
  constructor(key: string) {
    super(`Invalid file key "${key}"`);
  }
}

export function assertValidFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new InvalidFileKeyError(key);
}
