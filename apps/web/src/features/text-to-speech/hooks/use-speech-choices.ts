import { useState } from 'react';
import { DEFAULT_SPEECH_MODEL, type Mood, type SpeechModel, type TtsLanguage, type Voice, type VoiceMood } from '@sound-studio/shared';
import { useVoiceSettings } from '../../preferences/index.ts';
import { defaultMood, useSelectedVoice } from '../../voices/index.ts';
import { buildSpeechRequest, voiceLanguage } from '../speech-request.ts';

/**
 * What a generation is made of: the selected voice, its mood (grouped voices start on the first), the language
 * (the voice's own until the user picks one), the model and the saved sliders.
 */
export function useSpeechChoices() {
  const { voice, isLoading } = useSelectedVoice();
  const { settings, setSetting } = useVoiceSettings();
  const [model, setModel] = useState<SpeechModel>(DEFAULT_SPEECH_MODEL);
  const [moodChoice, setMoodChoice] = useState<{ voiceId: string; mood: Mood } | null>(null);
  const [languageChoice, setLanguageChoice] = useState<TtsLanguage | null>(null);
  const mood = voice?.isGroup ? (moodChoice?.voiceId === voice._id ? moodChoice.mood : (defaultMood(voice)?.mood ?? null)) : null;
  const language = languageChoice ?? voiceLanguage(voice);
  return {
    voice,
    isLoading,
    mood,
    setMood: (next: Mood) => voice && setMoodChoice({ voiceId: voice._id, mood: next }),
    /** The modal's Use carries the mood picked in its row. */
    onVoiceChosen: (chosen: Voice, chosenMood: VoiceMood | null) => {
      setMoodChoice(chosenMood ? { voiceId: chosen._id, mood: chosenMood.mood } : null);
      setLanguageChoice(null);
    },
    language,
    setLanguage: setLanguageChoice,
    model,
    setModel,
    settings,
    setSetting,
    request: (text: string) => (voice ? buildSpeechRequest({ text, voice, mood, settings, language, model }) : null),
  };
}
