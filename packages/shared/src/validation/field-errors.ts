import type { z } from 'zod';

/**
 * Per-field messages of a failed parse, first message per field first: `{ email: ['Invalid email format'] }`.
 * The server sends this as `details.fields`; forms show the first message of each field.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
