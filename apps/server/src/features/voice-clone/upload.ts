import type { FastifyRequest } from 'fastify';
import { FILE_FAILURE_MESSAGES, UPLOAD_LIMITS } from '@sound-studio/shared';
import { AppError, validationError } from '../../lib/errors.ts';
import { uploadFileName } from '../../lib/upload-file-name.ts';
import { FileTooLargeError, receiveFormToDisk } from '../voice-lab/form-to-disk.ts';

/** One sample, waiting on disk to be checked and stored. */
export interface CloneSampleUpload {
  fileName: string;
  path: string;
  sizeBytes: number;
}

export interface CloneUpload {
  samples: CloneSampleUpload[];
  fields: Record<string, string>;
  /** Removes the samples from disk (always called once the request is done with them). */
  remove(): Promise<void>;
}

const SAMPLE_FIELDS = new Set(['samples', 'samples[]']);
const SAMPLE_TOO_LARGE_MESSAGE = FILE_FAILURE_MESSAGES.cloneEachSampleTooLarge;

/**
 * Streams the clone form to disk: up to 10 `samples` (or `samples[]`) files of at most 20 MB each (the limits apply
 * while streaming), and the text fields. A failed upload leaves no file behind.
 */
export async function receiveCloneUpload(request: FastifyRequest, directory: string): Promise<CloneUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA', FILE_FAILURE_MESSAGES.cloneNotMultipart);
  }
  const limits = { fileSize: UPLOAD_LIMITS.cloneFileBytes, files: UPLOAD_LIMITS.cloneSamplesMax, fields: 20, fieldSize: 4096, parts: 40 };
  const form = await receiveFormToDisk(request, { directory, acceptsFile: (field) => SAMPLE_FIELDS.has(field), limits }).catch(
    (error: unknown) => {
      throw uploadError(error);
    },
  );
  if (form.files.length === 0) {
    await form.remove();
    throw validationError('samples', FILE_FAILURE_MESSAGES.cloneSamplesRequired);
  }
  const samples = form.files.map((file, index) => ({ fileName: uploadFileName(file.fileName, `Sample ${index + 1}`), path: file.path, sizeBytes: file.sizeBytes }));
  return { samples, fields: form.fields, remove: form.remove };
}

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FileTooLargeError) {
    return new AppError('PAYLOAD_TOO_LARGE', error.fileName ? `"${error.fileName}": ${SAMPLE_TOO_LARGE_MESSAGE}` : SAMPLE_TOO_LARGE_MESSAGE);
  }
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') {
    return validationError('samples', `At most ${UPLOAD_LIMITS.cloneSamplesMax} samples can be used`);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('VALIDATION_ERROR', FILE_FAILURE_MESSAGES.uploadTooManyFields);
  return new AppError('VALIDATION_ERROR', FILE_FAILURE_MESSAGES.uploadUnreadable);
}
