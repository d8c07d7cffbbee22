import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors, type ErrorEnvelope } from '@sound-studio/shared';
import { AppError } from './errors.ts';
import { RequestValidationError } from './zod-validation.ts';

/** Fastify's own client errors, mapped onto our codes. */
const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_ERROR',
};

/** Turns any thrown error into the error envelope. Unknown errors are logged and reported without internals. */
export function toAppError(error: FastifyError | Error): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof RequestValidationError) {
    const fields = fieldErrors(error.zodError);
    return new AppError('VALIDATION_ERROR', error.message, { fields });
  }
  const code = 'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
  if (code) return new AppError(code, error.message);
  if (error.name === 'SyntaxError' && 'statusCode' in error && error.statusCode === 400) {
    return new AppError('VALIDATION_ERROR', 'Request body is not valid JSON');
  }
  return null;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(envelopeOf(new AppError('INTERNAL_ERROR', 'Internal server error')));
    }
    if (appError.statusCode >= 500) request.log.error({ err: error }, appError.message);
    return reply.status(appError.statusCode).headers(appError.headers).send(envelopeOf(appError));
  });
}

export function envelopeOf(error: AppError): ErrorEnvelope {
  return {
    success: false,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
  };
}
