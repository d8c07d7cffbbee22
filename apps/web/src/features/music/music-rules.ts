import type { FeaturedMusicItem, LyricCue, MusicTrack } from '@sound-studio/shared';
import type { PlayingItem } from '../player/index.ts';

/** Nine sample prompts for the random-prompt button (texts in the locale files, the first is the spec's default). */
export const SAMPLE_PROMPTS = ['jazzy', 'lofi', 'trailer', 'synthwave', 'campfire', 'deepHouse', 'bossa', 'meditation', 'disco'] as const;
export type SamplePrompt = (typeof SAMPLE_PROMPTS)[number];

/** A different sample than the one in the field, so every press changes the prompt. */
export function pickRandomPrompt(samples: readonly string[], current: string, random: () => number = Math.random): string {
  const others = samples.filter((sample) => sample !== current.trim());
  const pool = others.length > 0 ? others : samples;
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))] ?? '';
}

/** A track still being made: polled and shown with its status text. */
export function isPendingTrack(track: Pick<MusicTrack, 'status'>): boolean {
  return track.status === 'generating' || track.status === 'processing';
}

/** The first tags and how many more there are ('+N'). */
export function visibleTags(tags: readonly string[], shown = 2): { tags: string[]; more: number } {
  return { tags: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}

export function trackArtwork(track: Pick<MusicTrack, 'artworkUrl' | 'artworkData' | 'featured'>): string | null {
  return track.artworkUrl ?? track.artworkData ?? track.featured?.artwork.cdnUrl ?? null;
}

export function trackItemName(trackId: string): string {
  return `music:${trackId}`;
}

/** The player's item for a finished track: its title as the download name, its artwork in the bar. */
export function trackPlayingItem(track: MusicTrack): PlayingItem | null {
  const audioUrl = track.audioUrl ?? track.cdnUrl;
  if (!audioUrl) return null;
  const artworkUrl = trackArtwork(track);
  return { name: trackItemName(track._id), audioUrl, displayName: track.title, ...(artworkUrl ? { artworkUrl } : {}) };
}

export function featuredItemName(itemId: string): string {
  return `featured:${itemId}`;
}

export function featuredPlayingItem(item: FeaturedMusicItem): PlayingItem {
  const artworkUrl = item.featured.artwork.cdnUrl;
  return { name: featuredItemName(item._id), audioUrl: item.audioUrl || item.cdnUrl, displayName: item.title, ...(artworkUrl ? { artworkUrl } : {}) };
}

/** The cue sung (played) at `seconds`, or the last one started before it while between lines; -1 before the first. */
export function activeCueIndex(cues: readonly LyricCue[], seconds: number): number {
  let active = -1;
  for (let index = 0; index < cues.length; index += 1) {
    const cue = cues[index];
    if (!cue || cue.startSeconds > seconds) break;
    active = index;
  }
  return active;
}

/** A stable gradient per track for artwork fallbacks, so cards are told apart at a glance. */
const FALLBACK_GRADIENTS = [
  'from-violet-500 to-indigo-600',
  'from-fuchsia-500 to-violet-600',
  'from-sky-500 to-indigo-600',
  'from-emerald-500 to-teal-600',
  'from-amber-500 to-rose-600',
  'from-rose-500 to-purple-600',
] as const;

export function fallbackGradient(seed: string): string {
  let hash = 0;
  for (const character of seed) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return FALLBACK_GRADIENTS[hash % FALLBACK_GRADIENTS.length] ?? FALLBACK_GRADIENTS[0];
}
