import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidFileKey, type ByteRange, type FileStore, type FileWriter, type StoredFileInfo } from './file-store.ts';

/**
 * Files on the local disk under one root folder (DATA_DIR/media). Writes go to a temporary file that is renamed into
 * place, so readers never see half a file and a crash leaves at most a `.partial-*` file behind.
 */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  async put(key: string, bytes: Uint8Array): Promise<StoredFileInfo> {
    const writer = await this.openWriter(key);
    try {
      await writer.write(bytes);
    } catch (error) {
      await writer.abort();
      throw error;
    }
    return writer.commit();
  }

  async openWriter(key: string): Promise<FileWriter> {
    const target = this.#pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${randomBytes(6).toString('hex')}`;
    const handle = await open(partial, 'w');
    return new LocalFileWriter(handle, partial, target);
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const info = await stat(this.#pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.#pathOf(key), range ? { start: range.start, end: range.end } : {});
    await once(stream, 'open');
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  /** Walks the whole store: the `.partial-*` files of writes a killed process never finished. */
  async removeResidue(olderThan: Date): Promise<number> {
    const names = await readdir(this.root, { recursive: true }).catch(() => []);
    let removed = 0;
    for (const name of names.filter((entry) => PARTIAL_FILE.test(entry))) {
      const target = path.join(this.root, name);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile() || info.mtime >= olderThan) continue;
      await rm(target, { force: true });
      removed += 1;
    }
    return removed;
  }

  async close(): Promise<void> {
    // Nothing is held open between calls.
  }

  #pathOf(key: string): string {
    assertValidFileKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

const PARTIAL_FILE = /\.partial-[0-9a-f]{12}$/;

class LocalFileWriter implements FileWriter {
  #done = false;

  constructor(
    private readonly handle: FileHandle,
    private readonly partialPath: string,
    private readonly targetPath: string,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    if (this.#done) throw new Error('This file writer is already closed');
    if (bytes.length > 0) await this.handle.write(bytes);
  }

  async commit(): Promise<StoredFileInfo> {
    if (this.#done) throw new Error('This file writer is already closed');
    this.#done = true;
    await this.handle.close();
    await rename(this.partialPath, this.targetPath);
    const info = await stat(this.targetPath);
    return { size: info.size, modifiedAt: info.mtime };
  }

  async abort(): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    await this.handle.close().catch(() => undefined);
    await rm(this.partialPath, { force: true });
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
