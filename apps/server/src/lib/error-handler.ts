import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors, type ErrorEnvelope } from '@sound-studio/shared';
import { AppError } from './errors.ts';
import { RequestValidationError } from './zod-validation.ts';

/** Fastify's own client errors (bad JSON, body too large, unknown content type...) by HTTP status. */
const CODE_BY_STATUS: Partial<Record<number, AppError['code']>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

/** Turns a thrown error into the AppError the client sees, or null for unexpected errors (500, logged). */
function toAppError(error: FastifyError | Error): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof RequestValidationError) {
    return new AppError('VALIDATION_ERROR', error.message, { fields: fieldErrors(error.zodError) });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return new AppError(CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR', error.message);
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

function envelopeOf(error: AppError): ErrorEnvelope {
  return {
    success: false,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
  };
}
