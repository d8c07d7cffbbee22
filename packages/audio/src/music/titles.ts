import type { Random } from './random.ts';
import type { MusicGenre, MusicMood } from './types.ts';

const MOOD_WORDS: Record<MusicMood, readonly string[]> = {
  happy: ['Sunny', 'Golden', 'Bright', 'Lucky'], uplifting: ['Rising', 'Higher', 'Open', 'New'],
  sad: ['Fading', 'Grey', 'Empty', 'Distant'], melancholic: ['Faded', 'Autumn', 'Lost', 'Yesterday\u2019s'],
  calm: ['Quiet', 'Still', 'Slow', 'Soft'], dreamy: ['Floating', 'Velvet', 'Hazy', 'Moonlit'],
  energetic: ['Electric', 'Wild', 'Neon', 'Racing'], aggressive: ['Iron', 'Broken', 'Burning', 'Savage'],
  dark: ['Midnight', 'Shadow', 'Black', 'Hollow'], mysterious: ['Hidden', 'Secret', 'Veiled', 'Strange'],
  romantic: ['Tender', 'Velvet', 'Candlelit', 'Sweet'], epic: ['Endless', 'Mighty', 'Last', 'Eternal'],
  playful: ['Bouncy', 'Funky', 'Little', 'Crazy'], soulful: ['Smooth', 'Deep', 'Warm', 'Honest'],
};

const GENRE_NOUNS: Record<MusicGenre, readonly string[]> = {
  jazz: ['Blue Note', 'Avenue', 'Lounge', 'Serenade'], lofi: ['Afternoon', 'Window', 'Study', 'Rain'],
  pop: ['Summer', 'Heartbeat', 'Lights', 'Dreams'], rock: ['Highway', 'Thunder', 'Rebels', 'Fire'],
  electronic: ['Pulse', 'Circuit', 'Skyline', 'Signal'], hiphop: ['Streets', 'Corner', 'Hustle', 'Block'],
  classical: ['Sonata', 'Prelude', 'Waltz', 'Nocturne'], cinematic: ['Horizon', 'Kingdom', 'Odyssey', 'Legacy'],
  ambient: ['Drift', 'Tides', 'Aurora', 'Space'], folk: ['Fields', 'River', 'Home', 'Road'],
  funk: ['Groove', 'Strut', 'Boogie', 'Soul'], latin: ['Fiesta', 'Noche', 'Corazón', 'Playa'],
  blues: ['Crossroads', 'Shuffle', 'Train', 'Delta'], reggae: ['Island', 'Sunshine', 'Riddim', 'Harbour'],
  metal: ['Forge', 'Storm', 'Abyss', 'Throne'],
};

/** A short title from the mood and genre, e.g. "Velvet Serenade". */
export function titleFor(genre: MusicGenre, mood: MusicMood, random: Random): string {
  return `${random.pick(MOOD_WORDS[mood])} ${random.pick(GENRE_NOUNS[genre])}`;
}
