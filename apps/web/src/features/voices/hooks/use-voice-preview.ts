import { useTranslation } from '../../../lib/translator.ts';
import type { Voice, VoiceMood } from '@sound-studio/shared';
import { usePlayer, type PlayingItem } from '../../player/index.ts';

function previewItem(voice: Voice, mood: VoiceMood | null, moodLabel: string): PlayingItem {
  const id = mood?._id ?? voice._id;
  return {
    name: `preview:${id}`,
    audioUrl: mood?.audioFile ?? voice.previewUrl,
    displayName: mood ? `${voice.name} · ${moodLabel}` : voice.name,
    artworkUrl: voice.artwork,
  };
}

/**
 * Voice previews play through the global player, so only one sound plays at a time and the bar shows what it is.
 * The first play of a preview renders it on the server: `isLoading` covers that wait.
 */
export function useVoicePreview() {
  const { t } = useTranslation();
  const player = usePlayer();
  const itemFor = (voice: Voice, mood: VoiceMood | null) => previewItem(voice, mood, mood ? t(`voices.moods.${mood.mood}`) : '');
  const isCurrent = (voice: Voice, mood: VoiceMood | null) => player.current?.name === itemFor(voice, mood).name;
  return {
    isPlaying: (voice: Voice, mood: VoiceMood | null = null) => isCurrent(voice, mood) && player.isPlaying,
    isLoading: (voice: Voice, mood: VoiceMood | null = null) => isCurrent(voice, mood) && player.isLoading && !player.isPlaying,
    toggle: (voice: Voice, mood: VoiceMood | null = null) => player.toggleItem(itemFor(voice, mood)),
  };
}
