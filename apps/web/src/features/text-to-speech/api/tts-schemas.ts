/** Loaded on first use (`tts-api.ts`): the studio draws the text-to-speech page without building these. */
export {
  documentReplySchema,
  speechTimingsSchema,
  ttsDeleteReplySchema,
  ttsHistoryReplySchema,
  ttsJobSchema,
  ttsReplySchema,
  workLicenseSchema,
} from '@sound-studio/shared';
