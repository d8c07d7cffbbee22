import type { Random } from './random.ts';
import { foldText, tokenize } from './text.ts';
import type { MusicGenre, MusicMood } from './types.ts';

/** The languages a generated title can be in: the prompt's. */
export type TitleLanguage = 'en' | 'tr';

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

/** Turkish titles: an adjective and a noun, as in "Kadife Serenat". */
const TURKISH_MOOD_WORDS: Record<MusicMood, readonly string[]> = {
  happy: ['Güneşli', 'Altın', 'Parlak', 'Şanslı'], uplifting: ['Yükselen', 'Yüce', 'Açık', 'Yeni'],
  sad: ['Solan', 'Gri', 'Boş', 'Uzak'], melancholic: ['Solgun', 'Güz', 'Kayıp', 'Dünkü'],
  calm: ['Sessiz', 'Durgun', 'Ağır', 'Yumuşak'], dreamy: ['Süzülen', 'Kadife', 'Puslu', 'Mehtaplı'],
  energetic: ['Elektrikli', 'Vahşi', 'Neon', 'Hızlı'], aggressive: ['Demir', 'Kırık', 'Yanan', 'Yabani'],
  dark: ['Gece Yarısı', 'Gölge', 'Kara', 'Oyuk'], mysterious: ['Gizli', 'Sırlı', 'Örtülü', 'Tuhaf'],
  romantic: ['Narin', 'Kadife', 'Mum Işığında', 'Tatlı'], epic: ['Sonsuz', 'Kudretli', 'Son', 'Ebedi'],
  playful: ['Zıpzıp', 'Cıvıl', 'Küçük', 'Çılgın'], soulful: ['Pürüzsüz', 'Derin', 'Sıcak', 'İçten'],
};

const TURKISH_GENRE_NOUNS: Record<MusicGenre, readonly string[]> = {
  jazz: ['Nota', 'Cadde', 'Salon', 'Serenat'], lofi: ['Öğleden Sonra', 'Pencere', 'Çalışma', 'Yağmur'],
  pop: ['Yaz', 'Kalp Atışı', 'Işıklar', 'Düşler'], rock: ['Otoyol', 'Gök Gürültüsü', 'Asiler', 'Ateş'],
  electronic: ['Nabız', 'Devre', 'Silüet', 'Sinyal'], hiphop: ['Sokaklar', 'Köşe', 'Mücadele', 'Mahalle'],
  classical: ['Sonat', 'Prelüd', 'Vals', 'Noktürn'], cinematic: ['Ufuk', 'Krallık', 'Destan', 'Miras'],
  ambient: ['Akıntı', 'Gelgit', 'Kutup Işığı', 'Boşluk'], folk: ['Tarlalar', 'Irmak', 'Yuva', 'Yol'],
  funk: ['Ritim', 'Salınış', 'Dans', 'Ruh'], latin: ['Şenlik', 'Gece', 'Yürek', 'Sahil'],
  blues: ['Kavşak', 'Adım', 'Tren', 'Delta'], reggae: ['Ada', 'Güneş Işığı', 'Ritim', 'Liman'],
  metal: ['Örs', 'Fırtına', 'Uçurum', 'Taht'],
};

/** Letters only Turkish uses (among the two languages), and its most common short words. */
const TURKISH_LETTERS = /[çğıöşüİ]/i;
const TURKISH_WORDS = new Set(['ve', 'bir', 'icin', 'ile', 'cok', 'gibi', 'muzik', 'muzigi', 'sarki', 'sarkisi', 'yavas', 'hizli', 'huzunlu', 'neseli', 'sakin', 'enerjik', 'caz', 'klasik', 'gece', 'yaz']);

/** Turkish when the prompt has Turkish letters or common Turkish words; English otherwise. */
export function promptLanguage(prompt: string): TitleLanguage {
  if (TURKISH_LETTERS.test(prompt)) return 'tr';
  return tokenize(foldText(prompt)).some((word) => TURKISH_WORDS.has(word)) ? 'tr' : 'en';
}

/** A short title from the mood and genre in the prompt's language, e.g. "Velvet Serenade" or "Kadife Serenat". */
export function titleFor(genre: MusicGenre, mood: MusicMood, random: Random, language: TitleLanguage = 'en'): string {
  const moods = language === 'tr' ? TURKISH_MOOD_WORDS : MOOD_WORDS;
  const nouns = language === 'tr' ? TURKISH_GENRE_NOUNS : GENRE_NOUNS;
  return `${random.pick(moods[mood])} ${random.pick(nouns[genre])}`;
}
