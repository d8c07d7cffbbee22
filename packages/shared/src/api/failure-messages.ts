/** Server-side failure texts of section 8. */
export const AUTH_FAILURE_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed. Please try again.',
  emailTaken: 'Registration failed. Email might already exist.',
  registrationFailed: 'Registration failed. Please try again.',
  profileUpdateFailed: 'Failed to update profile',
  passwordChangeFailed: 'Failed to change password',
  currentPasswordWrong: 'Current password is incorrect',
  resetLinkInvalid: 'This password reset link is invalid, has expired or was already used. Request a new one.',
  socialSignInExpired: 'This sign-in has expired. Start again with Google or GitHub.',
} as const;

/** Texts of credit refusals that the web app shows in the interface language (see the locales' serverMessages). */
export const CREDIT_FAILURE_MESSAGES = {
  refundedWorkStopped:
    'This work was paid with credits of a refunded payment, and your balance cannot pay for it: it was stopped and nothing was charged',
} as const;
