import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { openAiErrorOf, toAppError } from './openai-errors.ts';

/** Which reference API a developer call speaks: its error shape and, for shared paths, its reply shape. */
export type ApiDialect = 'openai' | 'elevenlabs';

/** The path prefixes of the developer API: nothing under them is ever the web app. */
export const DEVELOPER_API_PREFIXES: readonly string[] = ['/v1', '/v2'];

/** ElevenLabs' error reply, which its SDK keeps as the typed error's body. */
export const elevenLabsErrorSchema = z.object({ detail: z.object({ status: z.string(), message: z.string() }) });
export type ElevenLabsError = z.infer<typeof elevenLabsErrorSchema>;

/**
 * ElevenLabs' SDK authenticates with `xi-api-key` and only it calls /v2; OpenAI's sends `Authorization: Bearer`. Paths
 * both APIs define (/v1/models) and unknown paths answer in the dialect of the caller.
 */
export function dialectOf(request: FastifyRequest): ApiDialect {
  if (request.headers['xi-api-key'] !== undefined) return 'elevenlabs';
  return request.url.startsWith('/v2/') || request.url === '/v2' ? 'elevenlabs' : 'openai';
}

/** ElevenLabs answers request validation with 422 (its SDK raises UnprocessableEntityError for it). */
function elevenLabsStatusOf(error: AppError): number {
  return error.code === 'VALIDATION_ERROR' ? 422 : error.statusCode;
}

export function elevenLabsErrorOf(error: AppError): ElevenLabsError {
  const reason = typeof error.details?.reason === 'string' ? error.details.reason : error.code;
  return { detail: { status: reason.toLowerCase(), message: error.message } };
}

export function sendDeveloperApiError(reply: FastifyReply, error: AppError, dialect: ApiDialect): FastifyReply {
  reply.headers(error.headers);
  if (dialect === 'elevenlabs') return reply.status(elevenLabsStatusOf(error)).send(elevenLabsErrorOf(error));
  return reply.status(error.statusCode).send(openAiErrorOf(error));
}

/** A developer API path that matches no route: JSON 404 in the caller's dialect, never the web app. */
export async function developerApiNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const path = request.url.split('?', 1)[0] ?? '';
  return sendDeveloperApiError(reply, new AppError('NOT_FOUND', `Route ${request.method} ${path} not found`), dialectOf(request));
}

/**
 * Errors of a developer API plugin in its reference's shape, the dialect chosen per request (a plugin whose routes
 * belong to one API passes a constant).
 */
export function installDeveloperApiErrors(app: FastifyInstance, dialectFor: (request: FastifyRequest) => ApiDialect): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error) ?? new AppError('INTERNAL_ERROR', 'Internal server error');
    if (appError.statusCode >= 500) request.log.error({ err: error }, appError.message);
    return sendDeveloperApiError(reply, appError, dialectFor(request));
  });
}
