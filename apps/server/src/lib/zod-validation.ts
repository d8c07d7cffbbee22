import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** A request part (body, querystring, params, headers) that failed its zod schema. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;

  constructor(readonly zodError: z.ZodError) {
    super(zodError.issues[0]?.message ?? 'Invalid request');
  }
}

/** Like fastify-type-provider-zod's compiler, but keeps the ZodError so replies can use the shared `fieldErrors`. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
  };
