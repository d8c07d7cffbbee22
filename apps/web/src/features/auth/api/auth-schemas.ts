/** Loaded on first use (auth-api.ts, the sign-in form): importing this module brings zod's runtime. */
export {
  authProvidersReplySchema,
  authSessionSchema,
  loginFormSchema,
  messageReplySchema,
  oauthLinkInfoSchema,
  socialSessionSchema,
  updateProfileReplySchema,
  userReplySchema,
} from '@sound-studio/shared';
