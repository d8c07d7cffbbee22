import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../../lib/file-store/file-store.ts';

/** Copies one stored file to another key, streaming (nothing is left under `to` on failure). */
export async function copyStoredFile(files: FileStore, from: string, to: string): Promise<void> {
  const writer = await files.openWriter(to);
  try {
    for await (const chunk of await files.read(from)) await writer.write(chunk as Uint8Array);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** Streams a stored file to a local path (decoders read files). */
export async function downloadStoredFile(files: FileStore, key: string, path: string): Promise<void> {
  await pipeline(await files.read(key), createWriteStream(path));
}

/** Streams a local file into the store under `key` (nothing is left under it on failure). */
export async function storeLocalFile(files: FileStore, localPath: string, key: string): Promise<void> {
  const writer = await files.openWriter(key);
  try {
    for await (const chunk of createReadStream(localPath)) await writer.write(chunk as Uint8Array);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
