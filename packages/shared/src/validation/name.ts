import { z } from 'zod';
import { plainString } from './text.ts';
import { AUTH_LIMITS } from '../constants.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

// Letters of any script (so "Şükrü Öztürk" passes), spaces, hyphens, apostrophes and periods (initials, "Dr.", "Jr.").
const NAME_PATTERN = /^[\p{L}\p{M}\s'’.-]+$/u;
// Punctuation alone ("..", "-'") is not a name.
const HAS_LETTER = /\p{L}/u;

export const nameSchema = plainString({ error: M.nameRequired })
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, M.nameRequired)
      .min(AUTH_LIMITS.nameMinLength, M.nameTooShort)
      .max(AUTH_LIMITS.nameMaxLength, M.nameTooLong)
      .regex(NAME_PATTERN, M.nameInvalid)
      .regex(HAS_LETTER, M.nameInvalid),
  );
