import type { FastifySchemaCompiler } from 'fastify';
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '@sound-studio/shared';
import { z } from 'zod';

/** A request part (body, querystring, params, headers) that failed its zod schema. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;

  constructor(readonly zodError: z.ZodError) {
    super(zodError.issues[0]?.message ?? 'Invalid request');
  }
}

type PathSegment = string | number;

/** A value met while walking the input, linked to its parent so the path is only built for the value that fails. */
interface Visit {
  value: unknown;
  key: PathSegment | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): PathSegment[] {
  const path: PathSegment[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Where the first NUL character sits in a parsed request part (a string value or an object key), or null. Iterative and
 * linear, so a deeply nested body can neither overflow the stack nor cost quadratic time.
 */
export function findNulCharacter(value: unknown): PathSegment[] | null {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasNulCharacter(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) pending.push({ value: item, key: index, parent: visit });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (hasNulCharacter(key)) return pathOf(visit);
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

function nulCharacterError(path: PathSegment[], input: unknown): RequestValidationError {
  return new RequestValidationError(new z.ZodError([{ code: 'custom', path, message: NUL_CHARACTER_MESSAGE, input }]));
}

/**
 * Like fastify-type-provider-zod's compiler, but keeps the ZodError so replies can use the shared `fieldErrors`, and
 * refuses a NUL character anywhere in the input first: PostgreSQL cannot store it, whatever the route's schema says.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const nulPath = findNulCharacter(data);
    if (nulPath) return { error: nulCharacterError(nulPath, data) };
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
  };
