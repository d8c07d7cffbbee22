import { z } from 'zod';

/** PostgreSQL text cannot hold U+0000, and no form has a use for it: such input is refused, never stored. */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}

/** `z.string()` that refuses NUL characters; request schemas use it for every free-text field. */
export function plainString(params?: string | z.core.$ZodStringParams): z.ZodString {
  return z.string(params).refine((value) => !hasNulCharacter(value), { message: NUL_CHARACTER_MESSAGE, abort: true });
}
