/**
 * The auth replies' schemas, loaded on first use (auth-api.ts): importing this module brings zod's runtime. The sign-in
 * form's schema is a module of its own (`auth-form-schemas.ts`): with it here, every signed-in boot (which validates
 * the session reply) also built the shared validation of every auth form (email, password and name rules).
 */
export {
  authProvidersReplySchema,
  authSessionSchema,
  messageReplySchema,
  oauthLinkInfoSchema,
  socialSessionSchema,
  updateProfileReplySchema,
  userReplySchema,
} from '@sound-studio/shared';
