import {
  authSessionSchema,
  messageReplySchema,
  updateProfileReplySchema,
  userReplySchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type UpdateProfileRequest,
} from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';

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
};
