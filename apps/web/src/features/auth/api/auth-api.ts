import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  Language,
  LoginRequest,
  OAuthLinkRequest,
  OAuthProviderName,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
} from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';
import { lazySchema } from '../../../lib/lazy-schema.ts';

/** Loaded with zod when the first of these calls goes out: the sign-in page draws without them. */
const shared = () => import('./auth-schemas.ts');
const authSessionSchema = lazySchema(() => shared().then((module) => module.authSessionSchema));
const messageReplySchema = lazySchema(() => shared().then((module) => module.messageReplySchema));
const updateProfileReplySchema = lazySchema(() => shared().then((module) => module.updateProfileReplySchema));
const userReplySchema = lazySchema(() => shared().then((module) => module.userReplySchema));
const authProvidersReplySchema = lazySchema(() => shared().then((module) => module.authProvidersReplySchema));
const socialSessionSchema = lazySchema(() => shared().then((module) => module.socialSessionSchema));
const oauthLinkInfoSchema = lazySchema(() => shared().then((module) => module.oauthLinkInfoSchema));

export const authApi = {
  login: (request: LoginRequest) => api.post('/auth/login', request, { schema: authSessionSchema }),
  register: (request: RegisterRequest) => api.post('/auth/register', request, { schema: authSessionSchema }),
  /**
   * Logout must not try to refresh a dead session or trigger the revoked-session redirect. The refresh token lets the
   * server revoke the session even when the access token has already expired.
   */
  logout: (refreshToken: string | null) =>
    api.post('/auth/logout', refreshToken ? { refreshToken } : undefined, { schema: messageReplySchema, sessionRecovery: false }),
  validate: () => api.get('/auth/validate', { schema: userReplySchema }),
  updateProfile: (request: UpdateProfileRequest) => api.put('/auth/update-profile', request, { schema: updateProfileReplySchema }),
  changePassword: (request: ChangePasswordRequest) => api.put('/auth/change-password', request, { schema: messageReplySchema }),
  forgotPassword: (request: ForgotPasswordRequest) => api.post('/auth/forgot-password', request, { schema: messageReplySchema }),
  /** Nobody is signed in on the reset page: a refused link must not start a session refresh. */
  resetPassword: (request: ResetPasswordRequest) =>
    api.post('/auth/reset-password', request, { schema: messageReplySchema, sessionRecovery: false }),
  /** Which social sign-in buttons to show. */
  providers: () => api.get('/auth/oauth/providers', { schema: authProvidersReplySchema, sessionRecovery: false }),
  /** Starts the session of a social sign-in that just came back (the server holds who it was in a cookie). */
  socialSession: () => api.post('/auth/oauth/session', undefined, { schema: socialSessionSchema, sessionRecovery: false }),
  pendingLink: () => api.get('/auth/oauth/link', { schema: oauthLinkInfoSchema, sessionRecovery: false }),
  confirmLink: (request: OAuthLinkRequest) => api.post('/auth/oauth/link', request, { schema: authSessionSchema, sessionRecovery: false }),
};

/** Where a social sign-in button goes: the server redirects on to the provider (a full page load, not a fetch). */
export function socialSignInUrl(provider: OAuthProviderName, language: Language): string {
  return `/api/auth/oauth/${provider}/start?lang=${language}`;
}
