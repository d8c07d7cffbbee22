import { z } from 'zod';
import { plainString } from './text.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';
import { emailSchema } from './email.ts';
import { nameSchema } from './name.ts';
import { loginPasswordSchema, newPasswordSchema, registrationPasswordSchema } from './password.ts';

/** Body of POST /auth/login. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /auth/oauth/link: the existing account's password confirms linking a social sign-in to it. */
export const oauthLinkRequestSchema = z.object({ password: loginPasswordSchema });
export type OAuthLinkRequest = z.input<typeof oauthLinkRequestSchema>;

/** Body of POST /auth/register (the confirmation and terms live only in the form). */
export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: registrationPasswordSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The registration form: the request plus confirmation and the terms checkbox. */
export const registerFormSchema = registerRequestSchema
  .extend({
    confirmPassword: z.string({ error: M.confirmPasswordRequired }).min(1, M.confirmPasswordRequired),
    acceptTerms: z.boolean().refine((accepted) => accepted, M.termsRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** The login form: the request plus remember-me. */
export const loginFormSchema = loginRequestSchema.extend({ rememberMe: z.boolean() });
export type LoginForm = z.input<typeof loginFormSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: plainString({ error: M.refreshTokenRequired }).min(1, M.refreshTokenRequired),
});
export type RefreshRequest = z.input<typeof refreshRequestSchema>;

/** Body of PUT /auth/update-profile. */
export const updateProfileRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** Body of PUT /auth/change-password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: plainString({ error: M.currentPasswordRequired }).min(1, M.currentPasswordRequired),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The change-password form in settings: the request plus confirmation. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({
    confirmPassword: z.string({ error: M.confirmPasswordRequired }).min(1, M.confirmPasswordRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** Body of POST /auth/forgot-password. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** Body of POST /auth/reset-password: the token of the emailed link and the new password. */
export const resetPasswordRequestSchema = z.object({
  token: plainString({ error: M.resetTokenRequired }).min(1, M.resetTokenRequired).max(200, M.resetTokenRequired),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The reset page's form: the new password and its confirmation (the token comes from the link). */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: M.confirmPasswordRequired }).min(1, M.confirmPasswordRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

// In a module of its own (zod-free at run time) so the web app's forms can use it before zod's runtime loads.
export { fieldErrors } from './field-errors.ts';
