import { config } from 'zod';

/**
 * Makes zod validate by interpretation only. Its object schemas otherwise compile parsers with `new Function`,
 * probing first whether they may when each schema is created: under a content policy without 'unsafe-eval' (the web
 * app's) that probe is reported as a violation even though zod catches it. The web app calls this at boot, before
 * any schema exists (its first page loads no schema; every chunk with one loads later); the server keeps the JIT.
 */
export function disableSchemaJit(): void {
  config({ jitless: true });
}
