import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
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

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.#pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  #pathOf(key: string): string {
    assertValidFileKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

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
