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

/**
 * Failures of the work behind an upload or a request (jobs, decoding, cloning, speech, voice design), in English; the
 * web app shows them in the interface language (locale key serverMessages.<key>).
 */
export const PROCESSING_FAILURE_MESSAGES = {
  jobFailed: 'Processing failed. Please try again.',
  jobInterrupted: 'The job was interrupted too many times',
  decoderUnavailable: 'Audio decoding is unavailable on this server',
  uploadNotProcessed: 'The upload was not processed',
  audioProcessingFailed: 'Audio processing failed',
  voiceCloningFailed: 'Voice cloning failed',
  designPreviewNotFound: 'Preview not found. Generate the previews again.',
  noVoiceSlots: 'No voice slots left. Delete a voice or upgrade your plan.',
  voiceNotFound: 'Voice not found',
  speechFailed: 'Speech generation failed',
  speechTextEmpty: 'The text has nothing to speak',
  speechTextRejected: 'The speech provider refused this text under its content policy',
  speechTextUnreadable: 'Too much of this text is characters the speech provider cannot read',
  speechVoiceUnavailable: 'The speech provider has no usable voice under this id',
  speechUsageLimit: 'The speech provider’s usage limit is reached; try again later',
  serverShuttingDown: 'The server is shutting down',
} as const;

/** The voice design and clone forms' field messages (the zod schemas in voice-lab.ts use them), translated the same way. */
export const VOICE_LAB_FORM_MESSAGES = {
  voiceNameRequired: 'Please enter a voice name',
  voiceNameTooLong: 'Voice name is too long',
  voiceDescriptionRequired: 'Please describe the voice',
  voiceDescriptionTooLong: 'Description is too long',
  previewTextRequired: 'Please enter a preview text',
  previewTextTooLong: 'Preview text is too long',
  cloneConsentRequired: 'Please confirm you have the right to use this voice',
} as const;

/** The refusal of each plan feature (403 FEATURE_NOT_IN_PLAN), shown beside the plan-gate dialog in the interface language. */
export const PLAN_FEATURE_REFUSALS = {
  musicGenerationNotInPlan: 'Music generation is not included in your plan. Upgrade to use it.',
  voiceCloningNotInPlan: 'Voice cloning is not included in your plan. Upgrade to use it.',
  voiceIsolatorNotInPlan: 'The voice isolator is not included in your plan. Upgrade to use it.',
  apiAccessNotInPlan: 'API access is not included in your plan. Upgrade to use it.',
  commercialLicenseNotInPlan: 'A commercial license is not included in your plan. Upgrade to use it.',
} as const;
