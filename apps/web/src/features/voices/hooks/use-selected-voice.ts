import { useVoices } from '../api/voices-api.ts';
import { usePreferences } from '../../preferences/index.ts';
import { resolveSelectedVoice } from '../voice-rules.ts';

/** The voice in use: the stored choice, else Radiant Girl, else the first loaded voice. */
export function useSelectedVoice() {
  const voices = useVoices();
  const { preferences } = usePreferences();
  const list = voices.data?.voices ?? [];
  return {
    voice: resolveSelectedVoice(list, preferences.voice.selectedVoiceId),
    voices: list,
    isLoading: voices.isPending,
    fallback: voices.data?.fallback ?? false,
  };
}
