import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
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
    // An engine's own wording (decoder output, paths) never reaches the client; the log keeps it.
    else if (appError.cause !== undefined) request.log.warn({ err: appError.cause }, appError.message);
    return reply.status(appError.statusCode).headers(appError.headers).send(envelopeOf(appError));
  });
}

/** Routing failures Fastify answers before any route or hook runs: a URL that does not decode, an oversized path part. */
const FRAMEWORK_ERROR_MESSAGES: Partial<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/** Fastify's `frameworkErrors` option: the same envelope as every other reply. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = FRAMEWORK_ERROR_MESSAGES[error.code];
  if (!message) {
    request.log.error({ err: error }, 'framework error');
    void reply.status(500).send(envelopeOf(new AppError('INTERNAL_ERROR', 'Internal server error')));
    return;
  }
  void reply.status(400).send(envelopeOf(new AppError('VALIDATION_ERROR', message)));
}

/** Requests Node's HTTP parser rejects (malformed request line or headers, too many header bytes, timeouts). */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: AppError['code']; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'VALIDATION_ERROR', message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'PAYLOAD_TOO_LARGE', message: 'The request headers are too large' },
};
const MALFORMED_REQUEST = { status: 400, reason: 'Bad Request', code: 'VALIDATION_ERROR', message: 'Malformed HTTP request' } as const;

/** Fastify's `clientErrorHandler` option: a raw HTTP reply carrying the envelope, then the connection closes. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED_REQUEST;
  const body = JSON.stringify({ success: false, error: known.message, code: known.code } satisfies ErrorEnvelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function envelopeOf(error: AppError): ErrorEnvelope {
  return {
    success: false,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
  };
}
