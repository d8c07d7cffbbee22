/** Where zod 4 keeps its settings: one object on globalThis, shared by every copy of zod, created by the first to load. */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

/**
 * Makes zod validate by interpretation only. Its object schemas otherwise compile parsers with `new Function`,
 * probing first whether they may: under a content policy without 'unsafe-eval' (the web app's) that probe is reported
 * as a violation even though zod catches it. The web app calls this at boot; the server keeps the JIT. It writes zod's
 * shared settings object rather than calling `z.config`, so the first page does not load zod's core for one flag: the
 * zod that loads later finds the object and keeps it.
 */
export function disableSchemaJit(): void {
  const zodGlobal = globalThis as ZodGlobal;
  zodGlobal.__zod_globalConfig ??= {};
  zodGlobal.__zod_globalConfig.jitless = true;
}
