/** Social sign-in providers (each on only when the server has its client id and secret). */
export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

/**
 * Why a social sign-in came back to /login (`?oauth_error=`): consent refused, a forged or stale callback (state),
 * the provider failing, an unverified email that matches an account (never linked), no email at all, or a sign-in
 * that took too long.
 */
export const OAUTH_ERRORS = ['denied', 'state', 'provider', 'email_unverified', 'no_email', 'expired'] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];
