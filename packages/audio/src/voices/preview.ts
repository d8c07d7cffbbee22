import type { Mood, SpeechModel, SpeechRequest } from '../speech/types.ts';
import { defaultMoodOf } from './catalogue.ts';
import type { CatalogueVoice } from './types.ts';

/** The request that renders a voice's preview (or one mood's preview) in its own language at default settings. */
export function voicePreviewRequest(voice: CatalogueVoice, mood?: Mood, model?: SpeechModel): SpeechRequest {
  const chosenMood = mood ?? defaultMoodOf(voice);
  const moodOption = voice.moods.find((option) => option.mood === chosenMood);
  return {
    text: moodOption?.previewText ?? voice.previewText,
    voice: voice.id,
    speed: 1,
    pitch: 0,
    volume: 1,
    mood: chosenMood,
    ...(model ? { model } : {}),
  };
}
