import type { FastifyRequest } from 'fastify';
import { FILE_FAILURE_MESSAGES, UPLOAD_LIMITS } from '@sound-studio/shared';
import { AppError, validationError } from '../../lib/errors.ts';
import { uploadFileName } from '../../lib/upload-file-name.ts';
import { FileTooLargeError, receiveFormToDisk } from '../voice-lab/form-to-disk.ts';

export const ISOLATOR_FILE_TOO_LARGE_MESSAGE = 'The file is too large (max 500 MB)';

export interface TemporaryUpload {
  fileName: string;
  path: string;
  sizeBytes: number;
  remove(): Promise<void>;
}

/**
 * Streams the one file part (sent as `file`) to a temporary file in `directory` (never held in memory); 413 past 500 MB. Whatever
 * was written is removed when the upload fails (too large, truncated, aborted by the client).
 */
export async function receiveIsolatorUpload(request: FastifyRequest, directory: string): Promise<TemporaryUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA', FILE_FAILURE_MESSAGES.mediaNotMultipart);
  }
  const limits = { fileSize: UPLOAD_LIMITS.isolatorFileBytes, files: 1, fields: 5, parts: 6 };
  const form = await receiveFormToDisk(request, { directory, acceptsFile: () => true, limits }).catch((error: unknown) => {
    throw uploadError(error);
  });
  const [file] = form.files;
  if (!file) {
    await form.remove();
    throw validationError('file', FILE_FAILURE_MESSAGES.mediaFileRequired);
  }
  return { fileName: uploadFileName(file.fileName, 'upload'), path: file.path, sizeBytes: file.sizeBytes, remove: form.remove };
}

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FileTooLargeError) return new AppError('PAYLOAD_TOO_LARGE', ISOLATOR_FILE_TOO_LARGE_MESSAGE);
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return validationError('file', FILE_FAILURE_MESSAGES.uploadOneFileOnly);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('VALIDATION_ERROR', FILE_FAILURE_MESSAGES.uploadTooManyFields);
  return new AppError('VALIDATION_ERROR', FILE_FAILURE_MESSAGES.uploadUnreadable);
}
