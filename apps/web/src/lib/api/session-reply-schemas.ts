/** Loaded on first use through session-schemas.ts: importing this module brings zod's runtime. */
export { authSessionSchema, csrfTokenReplySchema } from '@sound-studio/shared';
