import { findSpeechLanguage } from '../voices/languages.ts';

/**
 * Text the local engine reads while a matched voice is calibrated: three ordinary sentences with the commas and
 * sentence breaks of running speech, about ten seconds long, so pitch and syllable rate are measured as in a sample.
 */
const CALIBRATION_TEXTS: Readonly<Record<string, string>> = {
  en: 'Every morning, the old man walked down to the harbour to watch the boats. He counted them one by one, and then went home for breakfast. It was a quiet life, but he liked it that way.',
  tr: 'Her sabah yaşlı adam tekneleri izlemek için limana yürürdü. Onları tek tek sayar, sonra kahvaltı için eve dönerdi. Sakin bir hayattı, ama o böyle seviyordu.',
};

export function calibrationTextFor(language: string): string {
  const base = language.toLowerCase().split('-')[0] ?? 'en';
  const known = CALIBRATION_TEXTS[base];
  if (known) return known;
  const preview = findSpeechLanguage(language)?.previewText;
  // A single preview sentence is short; reading it twice gives the analysis enough syllables.
  return preview ? `${preview} ${preview}` : (CALIBRATION_TEXTS.en as string);
}
