import { z } from 'zod';
import { OAUTH_PROVIDERS } from './oauth-names.ts';

/** The user object of every auth reply (spec section 3). `subscription` is the plan's display label. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  credits: z.number().int(),
  subscription: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Reply of login, register and refresh: a fresh token pair and the user. */
export const authSessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const userReplySchema = z.object({ user: userSchema });
export type UserReply = z.infer<typeof userReplySchema>;

export const csrfTokenReplySchema = z.object({ token: z.string(), expiresAt: z.string() });
export type CsrfTokenReply = z.infer<typeof csrfTokenReplySchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** PUT /auth/update-profile replies the updated user and the spec's success text. */
export const updateProfileReplySchema = z.object({ message: z.string(), user: userSchema });
export type UpdateProfileReply = z.infer<typeof updateProfileReplySchema>;

/** Server-side success texts of section 8. */
export const AUTH_SUCCESS_MESSAGES = {
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  loggedOut: 'Logged out',
  /** The same reply whether or not the email has an account, so the form cannot be used to find accounts. */
  resetLinkRequested: 'If an account exists for this email, a link to reset its password is on its way.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
} as const;

// Zod-free module of its own, so the web app's first page can read it before zod's runtime loads.
export { AUTH_FAILURE_MESSAGES } from './failure-messages.ts';

// Zod-free, like the failure texts: the sign-in page's provider buttons read them on the first page.
export { OAUTH_ERRORS, OAUTH_PROVIDERS, type OAuthError, type OAuthProviderName } from './oauth-names.ts';

/** GET /auth/oauth/providers: the providers this server offers, so the web app shows only their buttons. */
export const authProvidersReplySchema = z.object({ providers: z.array(z.enum(OAUTH_PROVIDERS)) });
export type AuthProvidersReply = z.infer<typeof authProvidersReplySchema>;


/** POST /auth/oauth/session: the session, and whether this sign-in created the account (greeted as new, not "back"). */
export const socialSessionSchema = authSessionSchema.extend({ newAccount: z.boolean() });
export type SocialSession = z.infer<typeof socialSessionSchema>;

/** GET /auth/oauth/link: the pending link the confirm screen asks the account's password for. */
export const oauthLinkInfoSchema = z.object({ provider: z.enum(OAUTH_PROVIDERS), email: z.string() });
export type OAuthLinkInfo = z.infer<typeof oauthLinkInfoSchema>;
