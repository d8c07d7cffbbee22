import type { TtsGeneration } from '@sound-studio/shared';
import type { PlayingItem } from '../player/index.ts';

const SNIPPET_LENGTH = 40;

/** "Radiant Girl - Once upon a time in a village": what the player shows and the download is named after. */
export function generationDisplayName(voiceName: string, text: string): string {
  const words = text.trim().replace(/\s+/g, ' ');
  const snippet = words.length > SNIPPET_LENGTH ? `${words.slice(0, SNIPPET_LENGTH).replace(/\s+\S*$/, '')}…` : words;
  return snippet ? `${voiceName} - ${snippet}` : voiceName;
}

export function generationItem(generation: TtsGeneration, artworkUrl?: string): PlayingItem {
  return {
    name: `generation:${generation.id}`,
    audioUrl: generation.audioUrl,
    displayName: generationDisplayName(generation.voiceName, generation.text),
    artworkUrl,
  };
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}
