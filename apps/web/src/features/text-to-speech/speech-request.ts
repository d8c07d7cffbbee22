import { TTS_LANGUAGES, type Mood, type SpeechModel, type TtsLanguage, type TtsRequest, type Voice, type VoiceSettings } from '@sound-studio/shared';
import { speechVoiceId } from '../voices/index.ts';

export interface SpeechChoices {
  text: string;
  voice: Voice;
  mood: Mood | null;
  settings: VoiceSettings;
  language: TtsLanguage | null;
  model: SpeechModel;
}

/** The generate-tts body: the spec's text, voiceId (name for grouped voices) and mood, plus sliders, language and model. */
export function buildSpeechRequest({ text, voice, mood, settings, language, model }: SpeechChoices): TtsRequest {
  return {
    text,
    voiceId: speechVoiceId(voice),
    ...(mood ? { mood } : {}),
    speed: settings.speed,
    pitch: settings.pitch,
    volume: settings.volume,
    ...(language ? { language } : {}),
    model,
  };
}

/** The language dropdown starts on the voice's own language when it is one of the six. */
export function voiceLanguage(voice: Voice | null): TtsLanguage | null {
  const code = voice?.language;
  return code && (TTS_LANGUAGES as readonly string[]).includes(code) ? (code as TtsLanguage) : null;
}
