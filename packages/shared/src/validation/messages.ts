/**
 * Every validation message of the specification (section 5), word for word. The web app translates them by key:
 * a zod issue carries the English text, `validationMessageKey()` finds its key for the locale files.
 */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 12 characters long',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  passwordTooWeak: 'Password is too weak. Please choose a stronger password.',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  confirmPasswordRequired: 'Please confirm your password',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters long',
  nameTooLong: 'Name is too long',
  nameInvalid: 'Name contains invalid characters',
  termsRequired: 'You must accept the Terms of Service and Privacy Policy',
  refreshTokenRequired: 'Refresh token is required',
  resetTokenRequired: 'The reset link is missing its token',
  musicPromptRequired: 'Please enter a music prompt',
  ttsTextAndVoiceRequired: 'Please enter text and select voice',
  ttsTextTooLong: 'Text must be at most 5000 characters',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const keyByMessage = new Map<string, ValidationMessageKey>(
  Object.entries(VALIDATION_MESSAGES).map(([key, message]) => [message, key as ValidationMessageKey]),
);

/** The key of a known validation message, or undefined for any other text. */
export function validationMessageKey(message: string): ValidationMessageKey | undefined {
  return keyByMessage.get(message);
}
