export { designFromDescription, foldText, type DesignOptions } from './parse.ts';
export { candidateVoices, moodForDesign } from './candidates.ts';
export { chooseVariant, variantCharacter, type VariantCharacter } from './variants.ts';
export { VOICE_DESIGN_PRESETS, VOICE_DESIGN_PREVIEW_TEXT, type VoiceDesignPreset } from './presets.ts';
export { TIMBRE_TRAITS, DELIVERY_STYLES, type TimbreTrait, type DeliveryStyle, type VoiceDesignParams, type VoiceCandidate } from './types.ts';
