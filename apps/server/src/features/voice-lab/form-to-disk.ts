import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { processScratchFolder } from '../../lib/process-folder.ts';

/** One uploaded file, waiting on disk to be checked and stored. */
export interface FileOnDisk {
  fieldName: string;
  fileName: string;
  path: string;
  sizeBytes: number;
}

/** A multipart form read to disk: its files, its text fields, and the way to remove the files. */
export interface FormOnDisk {
  files: FileOnDisk[];
  fields: Record<string, string>;
  remove(): Promise<void>;
}

export interface FormLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize?: number;
  parts: number;
}

/** A file passed `fileSize` (its partial copy is removed). */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
  constructor(readonly fileName: string) {
    super('request file too large');
  }
}

/** Where the voice lab's uploads wait while they are read and checked (inside DATA_DIR, not the shared /tmp). */
export function voiceLabUploadDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads', 'voice-lab');
}

/** What another host's process left in the upload folder is removed once this old (it may still be reading newer). */
const STALE_UPLOAD_MS = 6 * 60 * 60_000;

/**
 * This process's folder for voice-lab uploads and the decoders' copies of stored files, made at start; what a process
 * of this host left there when it was killed is removed then (see `processScratchFolder`).
 */
export function voiceLabScratchFolder(config: Pick<AppConfig, 'dataDir'>): Promise<string> {
  return processScratchFolder(voiceLabUploadDir(config), STALE_UPLOAD_MS);
}

/**
 * Streams every file part `acceptsFile` takes to its own file in `directory` (never held in memory) and keeps the text
 * fields. Limits apply while streaming. On any failure (a limit, a truncated body, a client that went away) every file
 * written so far is removed before the error is rethrown; on success the caller removes them with `remove()`.
 */
export async function receiveFormToDisk(
  request: FastifyRequest,
  options: { directory: string; acceptsFile: (fieldName: string) => boolean; limits: FormLimits },
): Promise<FormOnDisk> {
  const written: string[] = [];
  const remove = async () => {
    await Promise.all(written.map((target) => rm(target, { force: true })));
  };
  const files: FileOnDisk[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: options.limits })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!options.acceptsFile(part.fieldname)) {
        part.file.resume(); // drained, not kept
        continue;
      }
      const target = path.join(options.directory, `upload-${randomUUID()}`);
      written.push(target);
      await pipeline(part.file, createWriteStream(target)).catch((error: unknown) => {
        throw isFileTooLarge(error) ? new FileTooLargeError(part.filename) : error;
      });
      if (part.file.truncated) throw new FileTooLargeError(part.filename);
      files.push({ fieldName: part.fieldname, fileName: part.filename, path: target, sizeBytes: (await stat(target)).size });
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { files, fields, remove };
}

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}
