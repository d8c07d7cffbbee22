import type { FastifyError } from 'fastify';
import { fieldErrors, type ServerErrorCode } from '@sound-studio/shared';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { RequestValidationError } from '../../../lib/zod-validation.ts';

/** OpenAI's error reply: what its SDKs parse into APIError (message, type, code, param). */
export const openAiErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), code: z.string().nullable(), param: z.string().nullable() }),
});
export type OpenAiError = z.infer<typeof openAiErrorSchema>;

const TYPE_BY_CODE: Partial<Record<ServerErrorCode, { type: string; code: string }>> = {
  VALIDATION_ERROR: { type: 'invalid_request_error', code: 'invalid_value' },
  UNAUTHORIZED: { type: 'invalid_request_error', code: 'invalid_api_key' },
  FORBIDDEN: { type: 'permission_error', code: 'forbidden' },
  FEATURE_NOT_IN_PLAN: { type: 'permission_error', code: 'feature_not_in_plan' },
  NOT_FOUND: { type: 'invalid_request_error', code: 'not_found' },
  RATE_LIMITED: { type: 'requests', code: 'rate_limit_exceeded' },
  INSUFFICIENT_CREDITS: { type: 'insufficient_quota', code: 'insufficient_quota' },
  PAYLOAD_TOO_LARGE: { type: 'invalid_request_error', code: 'payload_too_large' },
  UNSUPPORTED_MEDIA: { type: 'invalid_request_error', code: 'unsupported_media_type' },
};

/** Our field names where OpenAI's request calls them otherwise. */
const OPENAI_PARAM: Readonly<Record<string, string>> = { text: 'input', voiceId: 'voice', mood: 'instructions' };

/** Any error thrown on a /v1 route as the AppError the client is told about (null: unexpected, a 500). */
export function toAppError(error: FastifyError | Error): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof RequestValidationError) {
    return new AppError('VALIDATION_ERROR', error.message, { fields: fieldErrors(error.zodError) });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 404) return new AppError('NOT_FOUND', error.message);
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', error.message);
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA', error.message);
  if (status >= 400 && status < 500) return new AppError('VALIDATION_ERROR', error.message);
  return null;
}

function firstField(error: AppError): string | null {
  const fields = error.details?.fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const [field] = Object.keys(fields);
  return field ? (OPENAI_PARAM[field] ?? field) : null;
}

export function openAiErrorOf(error: AppError): OpenAiError {
  const reason = typeof error.details?.reason === 'string' ? error.details.reason.toLowerCase() : null;
  const mapped = TYPE_BY_CODE[error.code] ?? { type: 'server_error', code: error.code.toLowerCase() };
  return { error: { message: error.message, type: mapped.type, code: reason ?? mapped.code, param: firstField(error) } };
}
