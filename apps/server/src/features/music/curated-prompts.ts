/** One song of the featured catalogue composed on first start. `key` keeps composition idempotent across restarts. */
export interface CuratedPrompt {
  key: string;
  category: 'mood' | 'genre';
  subcategory: string;
  prompt: string;
  tags: string[];
}

const entry = (category: CuratedPrompt['category'], subcategory: string, index: number, prompt: string, tags: string[]): CuratedPrompt => ({
  key: `${category}/${subcategory}/${index}`,
  category,
  subcategory,
  prompt,
  tags,
});

/** Curated prompts, interleaved so a small catalogue (FEATURED_CATALOGUE_SIZE) still covers both categories. */
export const CURATED_PROMPTS: readonly CuratedPrompt[] = [
  entry('mood', 'chill', 1, 'Chill lo-fi beat with soft electric piano and vinyl warmth, relaxed', ['chill', 'relax']),
  entry('genre', 'jazz', 1, 'Smooth jazz trio, walking bass, brushed drums, warm piano, late night', ['jazz', 'night']),
  entry('mood', 'happy', 1, 'Happy upbeat pop with bright acoustic guitar and handclaps, sunny', ['happy', 'sunny']),
  entry('genre', 'lo-fi', 1, 'Lo-fi hip hop study beat, mellow rhodes, dusty drums, rainy afternoon', ['lo-fi', 'study']),
  entry('mood', 'dark', 1, 'Dark brooding ambient with low strings and slow pulsing synth in D minor', ['dark', 'tense']),
  entry('genre', 'electronic', 1, 'Energetic electronic house with driving four on the floor kick and plucky synths', ['electronic', 'dance']),
  entry('mood', 'epic', 1, 'Epic orchestral anthem with big drums, brass and soaring strings', ['epic', 'trailer']),
  entry('genre', 'cinematic', 1, 'Cinematic emotional score, piano and strings building to a hopeful climax', ['cinematic', 'film']),
  entry('mood', 'romantic', 1, 'Romantic slow ballad with gentle piano and cello, tender', ['romantic', 'love']),
  entry('genre', 'acoustic', 1, 'Warm acoustic folk with fingerpicked guitar and soft percussion', ['acoustic', 'folk']),
  entry('mood', 'energetic', 1, 'Energetic rock with distorted guitars and fast drums, 150 bpm', ['energetic', 'workout']),
  entry('genre', 'hip-hop', 1, 'Boom bap hip hop beat with punchy drums, deep bass and jazzy samples', ['hip-hop', 'beat']),
  entry('mood', 'chill', 2, 'Chill ambient downtempo with airy pads and a soft beat, sunset', ['chill', 'sunset']),
  entry('genre', 'jazz', 2, 'Upbeat swing jazz with saxophone lead and walking bass', ['jazz', 'swing']),
  entry('mood', 'happy', 2, 'Cheerful ukulele tune with whistling melody and light percussion', ['happy', 'ukulele']),
  entry('genre', 'lo-fi', 2, 'Lo-fi chillhop with warm guitar chords and lazy swing, cozy', ['lo-fi', 'cozy']),
  entry('mood', 'dark', 2, 'Dark cinematic tension with deep drones and a slow heartbeat drum', ['dark', 'suspense']),
  entry('genre', 'electronic', 2, 'Synthwave retro electronic with arpeggiated synths and gated drums, 80s night drive', ['electronic', 'synthwave']),
  entry('mood', 'epic', 2, 'Epic heroic adventure theme with horns, choir pads and timpani', ['epic', 'adventure']),
  entry('genre', 'cinematic', 2, 'Cinematic ambient soundscape, slow strings and piano, vast and calm', ['cinematic', 'ambient']),
  entry('mood', 'romantic', 2, 'Romantic bossa nova with nylon guitar and soft flute, evening', ['romantic', 'bossa nova']),
  entry('genre', 'acoustic', 2, 'Acoustic singer songwriter mood with guitar and piano, hopeful', ['acoustic', 'hopeful']),
  entry('mood', 'energetic', 2, 'Energetic drum and bass with fast breakbeats and rolling bass', ['energetic', 'dnb']),
  entry('genre', 'hip-hop', 2, 'Trap hip hop beat with 808 bass, crisp hi-hats and dark piano', ['hip-hop', 'trap']),
];
