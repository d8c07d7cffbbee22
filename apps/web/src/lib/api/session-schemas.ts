import { lazySchema } from '../lazy-schema.ts';

/** The session's reply schemas, loaded with zod on first use (see lazy-schema.ts). */
const replySchemas = () => import('./session-reply-schemas.ts');
export const sessionSchemas = {
  authSession: lazySchema(() => replySchemas().then((module) => module.authSessionSchema)),
  csrfTokenReply: lazySchema(() => replySchemas().then((module) => module.csrfTokenReplySchema)),
};
