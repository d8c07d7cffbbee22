import { z } from 'zod';

/**
 * Makes zod validate by interpretation only. Its object parser otherwise compiles code with `new Function`, first
 * probing whether it may: under a content policy without 'unsafe-eval' (the web app's) that probe is reported as a
 * violation even though zod catches it. Browsers call this once before any parse; the server keeps the fast path.
 */
export function disableSchemaJit(): void {
  z.config({ jitless: true });
}
