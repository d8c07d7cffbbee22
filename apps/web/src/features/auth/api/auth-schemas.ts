/** Loaded on first use (auth-api.ts, the sign-in form): importing this module brings zod's runtime. */
export { authSessionSchema, loginFormSchema, messageReplySchema, updateProfileReplySchema, userReplySchema } from '@sound-studio/shared';
