import { config } from 'zod';

/**
 * In a browser, zod validates by interpretation only. Its object schemas otherwise compile parsers with `new Function`,
 * probing first whether they may, when each schema is created: under a content policy without 'unsafe-eval' (the web
 * app's) that probe is reported as a violation even though zod catches it. This module is exported first by index.ts
 * and listed in package.json's sideEffects, so it runs before any schema exists; the server keeps the compiled path.
 */
if (typeof document !== 'undefined') config({ jitless: true });
