import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import { AppError, validationError } from '../../lib/errors.ts';
import { uploadFileName } from '../../lib/upload-file-name.ts';

export const ISOLATOR_FILE_TOO_LARGE_MESSAGE = 'The file is too large (max 500 MB)';

export interface TemporaryUpload {
  fileName: string;
  path: string;
  sizeBytes: number;
  remove(): Promise<void>;
}

/** Streams the one `file` part to a temporary file (never held in memory); 413 past 500 MB. */
export async function receiveIsolatorUpload(request: FastifyRequest): Promise<TemporaryUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA', 'Send the audio or video as multipart/form-data with a "file" field');
  }
  let upload: TemporaryUpload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_LIMITS.isolatorFileBytes, files: 1, fields: 5, parts: 6 } })) {
      if (part.type !== 'file' || upload) continue;
      const target = path.join(tmpdir(), `sound-studio-isolator-${randomUUID()}`);
      const remove = () => rm(target, { force: true });
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) {
        await remove();
        throw new AppError('PAYLOAD_TOO_LARGE', ISOLATOR_FILE_TOO_LARGE_MESSAGE);
      }
      upload = { fileName: uploadFileName(part.filename, 'upload'), path: target, sizeBytes: (await stat(target)).size, remove };
    }
  } catch (error) {
    await upload?.remove();
    throw uploadError(error);
  }
  if (!upload) throw validationError('file', 'Please choose an audio or video file');
  return upload;
}

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', ISOLATOR_FILE_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT') return validationError('file', 'Upload one file at a time');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('VALIDATION_ERROR', 'Too many form fields');
  return new AppError('VALIDATION_ERROR', 'The upload could not be read');
}
