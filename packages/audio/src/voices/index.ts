/** Browser-safe part of the package: the voice library, its artwork and preview requests (no engines). */
export * from './types.ts';
export {
  VOICE_CATALOGUE,
  DEFAULT_VOICE,
  DEFAULT_VOICE_ID,
  listVoices,
  getVoice,
  resolveVoice,
  defaultMoodOf,
  catalogueLanguages,
  slugify,
} from './catalogue.ts';
export { SPEECH_LANGUAGES, findSpeechLanguage, getSpeechLanguage, type SpeechLanguage } from './languages.ts';
export { voiceArtworkSvg, voiceArtworkDataUri } from './artwork.ts';
export { voicePreviewRequest } from './preview.ts';
