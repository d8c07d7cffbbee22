/**
 * The five preset chips; their texts live in the locales (voiceDesign.presets.<id>) and match the server's
 * VOICE_DESIGN_PRESETS, so either language parses to the same kind of voice.
 */
export const DESIGN_PRESET_IDS = ['warmNarrator', 'energeticHost', 'britishStoryteller', 'curiousChild', 'trailerVoice'] as const;

/** "auto" lets the description decide; the rest are the speech languages of text to speech. */
export const DESIGN_LANGUAGES = ['auto', 'en', 'tr', 'es', 'fr', 'de', 'it'] as const;
export type DesignLanguage = (typeof DESIGN_LANGUAGES)[number];
