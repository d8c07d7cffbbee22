import type { FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import { AppError, validationError } from '../../lib/errors.ts';
import { uploadFileName } from '../../lib/upload-file-name.ts';

export interface CloneSampleUpload {
  fileName: string;
  bytes: Buffer;
}

export interface CloneUpload {
  samples: CloneSampleUpload[];
  fields: Record<string, string>;
}

const SAMPLE_FIELDS = new Set(['samples', 'samples[]']);
const SAMPLE_TOO_LARGE_MESSAGE = 'Each sample may be at most 20 MB';

/** Reads the clone form: up to 10 `samples` (or `samples[]`) files of at most 20 MB each, and the text fields. */
export async function receiveCloneUpload(request: FastifyRequest): Promise<CloneUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA', 'Send the samples as multipart/form-data with "samples" files');
  }
  const samples: CloneSampleUpload[] = [];
  const fields: Record<string, string> = {};
  const limits = { fileSize: UPLOAD_LIMITS.cloneFileBytes, files: UPLOAD_LIMITS.cloneSamplesMax, fields: 20, fieldSize: 4096, parts: 40 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `"${part.filename}": ${SAMPLE_TOO_LARGE_MESSAGE}`);
        if (SAMPLE_FIELDS.has(part.fieldname)) samples.push({ fileName: uploadFileName(part.filename, `Sample ${samples.length + 1}`), bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (samples.length === 0) throw validationError('samples', 'Add at least one voice sample');
  return { samples, fields };
}

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', SAMPLE_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT') {
    return validationError('samples', `At most ${UPLOAD_LIMITS.cloneSamplesMax} samples can be used`);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('VALIDATION_ERROR', 'Too many form fields');
  return new AppError('VALIDATION_ERROR', 'The upload could not be read');
}
