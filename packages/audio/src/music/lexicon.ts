import type { Mode } from './theory.ts';
import type { MusicGenre, MusicMood, PartRole } from './types.ts';

/**
 * English and Turkish words the composer understands. Words are matched after folding Turkish letters to ASCII
 * (so "hüzünlü" and "huzunlu" both match) and, for words of four letters or more, as prefixes of a prompt word (so
 * suffixes like -lı, -ful, -y are tolerated: "cazlı", "soulful", "jazzy").
 */

export type WeightedWords = readonly (readonly [phrase: string, weight: number])[];

export const GENRE_WORDS: Record<MusicGenre, WeightedWords> = {
  jazz: [['jazz', 1], ['bebop', 1], ['bop', 0.8], ['big band', 1], ['swing', 0.7], ['smooth jazz', 1.2], ['caz', 1], ['sving', 0.7], ['lounge', 0.5]],
  lofi: [['lofi', 1.2], ['lo fi', 1.2], ['chillhop', 1.2], ['chill hop', 1.2], ['study beats', 1], ['study', 0.5], ['chill', 0.35], ['ders calisma', 0.8], ['calisma muzigi', 0.8]],
  pop: [['pop', 1], ['dance pop', 1], ['catchy', 0.4], ['radio', 0.3], ['k pop', 1], ['kpop', 1], ['synthpop', 0.6], ['populer', 0.6]],
  rock: [['rock', 1], ['indie', 0.6], ['alternative', 0.6], ['grunge', 1], ['punk', 1], ['garage', 0.6], ['rock n roll', 1.2], ['rok', 1], ['anadolu rock', 1.2]],
  electronic: [
    ['electronic', 1], ['electro', 1], ['edm', 1.1], ['house', 1.1], ['deep house', 1.2], ['techno', 1.1], ['trance', 1.1], ['club', 0.6],
    ['dance', 0.6], ['synthwave', 1.1], ['synth wave', 1.1], ['dubstep', 1], ['drum and bass', 1], ['dnb', 1], ['future bass', 1],
    ['chiptune', 1], ['8 bit', 0.8], ['rave', 0.8], ['elektronik', 1], ['tekno', 1], ['kulup', 0.6], ['dans', 0.5],
  ],
  hiphop: [['hip hop', 1.2], ['hiphop', 1.2], ['rap', 1], ['trap', 1.1], ['boom bap', 1.2], ['drill', 0.9], ['beats', 0.3], ['urban', 0.5]],
  classical: [
    ['classical', 1.1], ['orchestral', 0.9], ['orchestra', 0.8], ['symphony', 1], ['symphonic', 0.9], ['baroque', 1], ['sonata', 1],
    ['chamber', 0.8], ['string quartet', 1], ['concerto', 1], ['waltz', 0.8], ['opera', 0.7], ['klasik', 1.1], ['orkestra', 0.8],
    ['senfoni', 1], ['senfonik', 0.9], ['barok', 1], ['oda muzigi', 1], ['vals', 0.8], ['konserto', 1], ['konçerto', 1],
  ],
  cinematic: [
    ['cinematic', 1.2], ['film', 0.9], ['movie', 0.9], ['soundtrack', 1], ['score', 0.6], ['trailer', 1.1], ['epic', 0.6],
    ['game music', 0.8], ['video game', 0.8], ['heroic', 0.5], ['sinematik', 1.2], ['film muzigi', 1.2], ['fragman', 1.1],
    ['oyun muzigi', 0.8], ['epik', 0.6], ['destansi', 0.6],
  ],
  ambient: [
    ['ambient', 1.2], ['atmospheric', 0.5], ['drone', 0.9], ['meditation', 1], ['meditative', 1], ['new age', 1], ['spa', 0.8],
    ['yoga', 0.8], ['sleep', 0.8], ['space', 0.4], ['ambiyans', 1.2], ['meditasyon', 1], ['uyku', 0.8], ['atmosferik', 0.5],
  ],
  folk: [
    ['folk', 1], ['acoustic', 0.6], ['country', 1], ['bluegrass', 1.1], ['americana', 1], ['singer songwriter', 0.9],
    ['campfire', 0.8], ['celtic', 1], ['irish', 0.8], ['halk muzigi', 1.1], ['turku', 1.1], ['akustik', 0.6], ['kamp ates', 0.8],
  ],
  funk: [
    ['funk', 1.1], ['soul', 0.8], ['r&b', 1], ['rnb', 1], ['motown', 1], ['disco', 0.9], ['groove', 0.5], ['neo soul', 1.1],
    ['gospel', 0.7], ['disko', 0.9],
  ],
  latin: [
    ['latin', 1], ['salsa', 1.1], ['bossa nova', 1.2], ['bossa', 1.1], ['samba', 1.1], ['tango', 1], ['reggaeton', 1], ['cumbia', 1],
    ['flamenco', 1], ['mambo', 1], ['cha cha', 1], ['merengue', 1], ['bachata', 1], ['rumba', 1], ['flamenko', 1],
  ],
  blues: [['blues', 1.1], ['delta blues', 1.2], ['shuffle', 0.5], ['boogie', 0.6]],
  reggae: [['reggae', 1.2], ['regge', 1.2], ['dub', 0.8], ['ska', 1], ['dancehall', 1], ['caribbean', 0.6], ['jamaican', 0.8], ['karayip', 0.6]],
  metal: [['metal', 1.2], ['heavy metal', 1.3], ['thrash', 1.1], ['death metal', 1.3], ['djent', 1.1], ['metalcore', 1.2], ['agir metal', 1.3]],
};

export const MOOD_WORDS: Record<MusicMood, readonly string[]> = {
  happy: ['happy', 'joyful', 'cheerful', 'bright', 'sunny', 'fun', 'feel good', 'positive', 'mutlu', 'nese', 'keyifli', 'eglenceli', 'gunesli', 'pozitif'],
  uplifting: ['uplifting', 'hopeful', 'inspiring', 'inspirational', 'motivational', 'triumphant', 'anthem', 'umut', 'ilham', 'motivasyon', 'zafer'],
  sad: ['sad', 'sorrow', 'heartbreak', 'heartbroken', 'tearful', 'crying', 'lonely', 'grief', 'uzgun', 'huzun', 'keder', 'dertli', 'yalniz', 'aglay', 'aci'],
  melancholic: ['melancholic', 'melancholy', 'nostalgic', 'bittersweet', 'wistful', 'longing', 'melankoli', 'nostalji', 'ozlem', 'buruk'],
  calm: [
    'calm', 'relaxing', 'relaxed', 'peaceful', 'gentle', 'soft', 'soothing', 'serene', 'tranquil', 'mellow', 'laid back', 'smooth',
    'quiet', 'sakin', 'huzur', 'rahatlat', 'dingin', 'yumusak', 'dinlendirici', 'sessiz', 'hafif',
  ],
  dreamy: ['dreamy', 'ethereal', 'floating', 'spacey', 'hazy', 'dream', 'ruya', 'hayal', 'bulutlar'],
  energetic: [
    'energetic', 'energy', 'powerful', 'lively', 'exciting', 'intense', 'party', 'hype', 'enerji', 'guclu', 'canli', 'coskulu',
    'parti', 'heyecan', 'dinamik',
  ],
  aggressive: ['aggressive', 'angry', 'heavy', 'brutal', 'fierce', 'furious', 'rage', 'agresif', 'ofke', 'sert', 'kizgin'],
  dark: ['dark', 'gloomy', 'ominous', 'sinister', 'haunting', 'eerie', 'grim', 'karanlik', 'kasvet', 'urkutucu', 'korkutucu', 'gotik'],
  mysterious: ['mysterious', 'mystery', 'mystical', 'enigmatic', 'suspense', 'magical', 'gizem', 'mistik', 'esrarengiz', 'buyulu', 'gerilim'],
  romantic: ['romantic', 'love', 'sensual', 'tender', 'intimate', 'passionate', 'romantik', 'ask', 'sevgi', 'tutku', 'sefkat'],
  epic: ['epic', 'heroic', 'grand', 'majestic', 'triumph', 'epik', 'destansi', 'gorkemli', 'kahraman', 'muhtesem'],
  playful: ['playful', 'quirky', 'bouncy', 'whimsical', 'cute', 'funny', 'oyuncu', 'sirin', 'oynak', 'komik', 'kipir'],
  soulful: ['soulful', 'expressive', 'emotional', 'heartfelt', 'duygusal', 'icten', 'etkileyici', 'ruhlu'],
};

/** How each mood leans the plan: +1 towards major, -1 towards minor; tempo position in the genre range 0–1; drive 0–1. */
export const MOOD_EFFECTS: Record<MusicMood, { modeLean: number; tempo: number; intensity: number; genres: readonly MusicGenre[] }> = {
  happy: { modeLean: 1, tempo: 0.7, intensity: 0.65, genres: ['pop', 'folk', 'funk'] },
  uplifting: { modeLean: 1, tempo: 0.65, intensity: 0.7, genres: ['pop', 'cinematic', 'electronic'] },
  sad: { modeLean: -1, tempo: 0.15, intensity: 0.3, genres: ['pop', 'classical', 'cinematic'] },
  melancholic: { modeLean: -1, tempo: 0.25, intensity: 0.35, genres: ['lofi', 'classical', 'folk'] },
  calm: { modeLean: 0.3, tempo: 0.2, intensity: 0.25, genres: ['ambient', 'lofi', 'classical'] },
  dreamy: { modeLean: 0.3, tempo: 0.25, intensity: 0.3, genres: ['ambient', 'lofi', 'electronic'] },
  energetic: { modeLean: 0.2, tempo: 0.85, intensity: 0.9, genres: ['electronic', 'rock', 'pop'] },
  aggressive: { modeLean: -1, tempo: 0.9, intensity: 1, genres: ['metal', 'rock', 'hiphop'] },
  dark: { modeLean: -1, tempo: 0.45, intensity: 0.6, genres: ['cinematic', 'electronic', 'hiphop'] },
  mysterious: { modeLean: -0.8, tempo: 0.35, intensity: 0.4, genres: ['cinematic', 'ambient'] },
  romantic: { modeLean: 0.4, tempo: 0.3, intensity: 0.4, genres: ['jazz', 'pop', 'latin'] },
  epic: { modeLean: -0.4, tempo: 0.6, intensity: 0.95, genres: ['cinematic', 'metal'] },
  playful: { modeLean: 1, tempo: 0.7, intensity: 0.6, genres: ['funk', 'pop', 'folk'] },
  soulful: { modeLean: 0, tempo: 0.4, intensity: 0.5, genres: ['funk', 'jazz', 'blues'] },
};

/** Tempo words set the position inside the genre's range (0 slowest, 1 fastest; beyond stretches it). */
export const TEMPO_WORDS: readonly (readonly [phrase: string, position: number, label: string])[] = [
  ['very slow', -0.25, 'very slow'], ['cok yavas', -0.25, 'very slow'],
  ['very fast', 1.25, 'very fast'], ['cok hizli', 1.25, 'very fast'], ['frantic', 1.25, 'very fast'],
  ['slow', 0.05, 'slow'], ['slower', 0.05, 'slow'], ['ballad', 0.05, 'slow'], ['downtempo', 0.05, 'slow'], ['lazy', 0.1, 'slow'],
  ['laid back', 0.15, 'slow'], ['yavas', 0.05, 'slow'], ['agir', 0.1, 'slow'], ['balad', 0.05, 'slow'],
  ['moderate', 0.5, 'moderate'], ['medium', 0.5, 'moderate'], ['mid tempo', 0.5, 'moderate'], ['midtempo', 0.5, 'moderate'],
  ['orta tempo', 0.5, 'moderate'], ['orta', 0.5, 'moderate'],
  ['upbeat', 0.85, 'upbeat'], ['up tempo', 0.9, 'fast'], ['uptempo', 0.9, 'fast'], ['fast', 0.95, 'fast'], ['quick', 0.9, 'fast'],
  ['rapid', 1, 'fast'], ['driving', 0.85, 'upbeat'], ['danceable', 0.8, 'upbeat'], ['hizli', 0.95, 'fast'], ['tempolu', 0.85, 'upbeat'],
  ['hareketli', 0.85, 'upbeat'], ['cabuk', 0.9, 'fast'],
];

export interface InstrumentWord {
  phrases: readonly string[];
  program: number;
  /** Roles it can take, in order of preference. */
  roles: readonly PartRole[];
  /** A gentle push towards genres where the instrument is typical. */
  hints?: Partial<Record<MusicGenre, number>>;
  /** A short English name for tags. */
  tag: string;
}

export const INSTRUMENT_WORDS: readonly InstrumentWord[] = [
  { tag: 'electric piano', phrases: ['electric piano', 'rhodes', 'wurlitzer', 'e piano', 'elektrikli piyano', 'elektro piyano'], program: 4, roles: ['harmony', 'lead'], hints: { lofi: 0.3, funk: 0.2 } },
  { tag: 'piano', phrases: ['grand piano', 'piano', 'piyano', 'keys'], program: 0, roles: ['harmony', 'lead'], hints: { classical: 0.15 } },
  { tag: 'organ', phrases: ['hammond', 'organ', 'org'], program: 16, roles: ['pad', 'harmony', 'lead'], hints: { blues: 0.2, reggae: 0.2 } },
  { tag: 'church organ', phrases: ['church organ', 'pipe organ', 'kilise orgu'], program: 19, roles: ['pad', 'harmony'] },
  { tag: 'harpsichord', phrases: ['harpsichord', 'klavsen'], program: 6, roles: ['harmony', 'lead'], hints: { classical: 0.4 } },
  { tag: 'clavinet', phrases: ['clavinet', 'clav'], program: 7, roles: ['harmony'], hints: { funk: 0.4 } },
  { tag: 'square lead', phrases: ['square lead', 'chiptune lead', 'square wave'], program: 80, roles: ['lead'], hints: { electronic: 0.2 } },
  { tag: 'synth', phrases: ['synthesizer', 'synth lead', 'lead synth', 'saw lead', 'supersaw', 'saw', 'synth', 'sentezleyici', 'sintisayzer'], program: 81, roles: ['lead', 'harmony'], hints: { electronic: 0.3 } },
  { tag: 'synth pad', phrases: ['synth pad', 'pad', 'pads'], program: 89, roles: ['pad'], hints: { ambient: 0.2, electronic: 0.1 } },
  { tag: 'distorted guitar', phrases: ['distorted guitar', 'distortion', 'heavy guitar', 'distorsiyonlu gitar'], program: 30, roles: ['harmony', 'lead'], hints: { rock: 0.4, metal: 0.4 } },
  { tag: 'electric guitar', phrases: ['electric guitar', 'elektro gitar', 'elektrik gitar'], program: 29, roles: ['lead', 'harmony'], hints: { rock: 0.4, blues: 0.2 } },
  { tag: 'nylon guitar', phrases: ['nylon guitar', 'classical guitar', 'spanish guitar', 'klasik gitar', 'ispanyol gitar', 'ukulele'], program: 24, roles: ['harmony', 'lead'], hints: { latin: 0.3, folk: 0.2 } },
  { tag: 'acoustic guitar', phrases: ['acoustic guitar', 'akustik gitar'], program: 25, roles: ['harmony', 'lead'], hints: { folk: 0.5 } },
  { tag: 'jazz guitar', phrases: ['jazz guitar', 'caz gitar'], program: 26, roles: ['harmony', 'lead'], hints: { jazz: 0.5 } },
  { tag: 'guitar', phrases: ['guitar', 'gitar'], program: 27, roles: ['harmony', 'lead'] },
  { tag: 'slap bass', phrases: ['slap bass', 'slap'], program: 36, roles: ['bass'], hints: { funk: 0.4 } },
  { tag: 'upright bass', phrases: ['upright bass', 'double bass', 'acoustic bass', 'kontrbas', 'kontrabas'], program: 32, roles: ['bass'], hints: { jazz: 0.4 } },
  { tag: '808', phrases: ['808', 'sub bass', 'synth bass'], program: 38, roles: ['bass'], hints: { hiphop: 0.5, electronic: 0.2 } },
  { tag: 'bass', phrases: ['bass guitar', 'bass', 'bas gitar', 'bas'], program: 33, roles: ['bass'] },
  { tag: 'pizzicato', phrases: ['pizzicato', 'pizz'], program: 45, roles: ['texture', 'lead'], hints: { classical: 0.3 } },
  { tag: 'strings', phrases: ['string section', 'strings', 'string', 'yaylilar', 'yayli'], program: 48, roles: ['pad', 'harmony'], hints: { classical: 0.3, cinematic: 0.3 } },
  { tag: 'violin', phrases: ['violin', 'keman'], program: 40, roles: ['lead'], hints: { classical: 0.4 } },
  { tag: 'viola', phrases: ['viola', 'viyola'], program: 41, roles: ['lead', 'harmony'], hints: { classical: 0.4 } },
  { tag: 'cello', phrases: ['cello', 'violoncello', 'viyolonsel', 'celo', 'çello'], program: 42, roles: ['lead', 'bass'], hints: { classical: 0.4 } },
  { tag: 'harp', phrases: ['harp', 'arp'], program: 46, roles: ['texture', 'harmony'], hints: { classical: 0.3 } },
  { tag: 'choir', phrases: ['choir', 'chorus voices', 'voices', 'koro'], program: 52, roles: ['pad'], hints: { cinematic: 0.3, classical: 0.2 } },
  { tag: 'brass', phrases: ['brass section', 'brass', 'horns', 'uflemeli', 'bakir nefesli'], program: 61, roles: ['lead', 'pad'], hints: { funk: 0.3, cinematic: 0.2 } },
  { tag: 'trumpet', phrases: ['trumpet', 'trompet', 'trampet'], program: 56, roles: ['lead'], hints: { jazz: 0.3, latin: 0.3 } },
  { tag: 'muted trumpet', phrases: ['muted trumpet', 'harmon mute'], program: 59, roles: ['lead'], hints: { jazz: 0.4 } },
  { tag: 'trombone', phrases: ['trombone', 'trombon'], program: 57, roles: ['lead'], hints: { jazz: 0.2 } },
  { tag: 'french horn', phrases: ['french horn', 'horn', 'korno'], program: 60, roles: ['lead', 'pad'], hints: { cinematic: 0.4, classical: 0.2 } },
  { tag: 'tuba', phrases: ['tuba'], program: 58, roles: ['bass'] },
  { tag: 'tenor sax', phrases: ['tenor sax', 'tenor saxophone', 'tenor saksafon'], program: 66, roles: ['lead'], hints: { jazz: 0.4 } },
  { tag: 'alto sax', phrases: ['alto sax', 'alto saxophone', 'alto saksafon'], program: 65, roles: ['lead'], hints: { jazz: 0.4 } },
  { tag: 'soprano sax', phrases: ['soprano sax', 'soprano saxophone'], program: 64, roles: ['lead'], hints: { jazz: 0.4 } },
  { tag: 'baritone sax', phrases: ['baritone sax', 'bari sax'], program: 67, roles: ['lead', 'bass'], hints: { jazz: 0.3 } },
  { tag: 'saxophone', phrases: ['saxophone', 'sax', 'saksafon', 'saksofon'], program: 66, roles: ['lead'], hints: { jazz: 0.4, funk: 0.1 } },
  { tag: 'clarinet', phrases: ['clarinet', 'klarnet'], program: 71, roles: ['lead'], hints: { classical: 0.2, jazz: 0.1 } },
  { tag: 'flute', phrases: ['flute', 'flut'], program: 73, roles: ['lead'], hints: { classical: 0.2 } },
  { tag: 'piccolo', phrases: ['piccolo', 'pikolo'], program: 72, roles: ['lead'] },
  { tag: 'oboe', phrases: ['oboe', 'obua'], program: 68, roles: ['lead'], hints: { classical: 0.3 } },
  { tag: 'bassoon', phrases: ['bassoon', 'fagot'], program: 70, roles: ['lead', 'bass'], hints: { classical: 0.3 } },
  { tag: 'bells', phrases: ['bells', 'chimes', 'tubular bells', 'zil'], program: 14, roles: ['texture', 'lead'] },
  { tag: 'glockenspiel', phrases: ['glockenspiel', 'glokenspil'], program: 9, roles: ['texture', 'lead'] },
  { tag: 'celesta', phrases: ['celesta', 'celeste', 'selesta'], program: 8, roles: ['lead', 'texture'] },
  { tag: 'music box', phrases: ['music box', 'muzik kutusu'], program: 10, roles: ['lead', 'texture'] },
  { tag: 'vibraphone', phrases: ['vibraphone', 'vibes', 'vibrafon'], program: 11, roles: ['lead', 'harmony'], hints: { jazz: 0.3 } },
  { tag: 'marimba', phrases: ['marimba'], program: 12, roles: ['texture', 'lead'] },
  { tag: 'xylophone', phrases: ['xylophone', 'ksilofon'], program: 13, roles: ['lead', 'texture'] },
  { tag: 'harmonica', phrases: ['harmonica', 'mizika', 'armonika'], program: 22, roles: ['lead'], hints: { blues: 0.4, folk: 0.3 } },
  { tag: 'accordion', phrases: ['accordion', 'akordeon'], program: 21, roles: ['lead', 'harmony'], hints: { folk: 0.3, latin: 0.2 } },
  { tag: 'banjo', phrases: ['banjo'], program: 105, roles: ['lead', 'harmony'], hints: { folk: 0.5 } },
  { tag: 'fiddle', phrases: ['fiddle'], program: 110, roles: ['lead'], hints: { folk: 0.5 } },
  { tag: 'sitar', phrases: ['sitar'], program: 104, roles: ['lead'] },
  { tag: 'saz', phrases: ['baglama', 'saz'], program: 106, roles: ['lead', 'harmony'], hints: { folk: 0.4 } },
  { tag: 'oud', phrases: ['oud', 'ud'], program: 24, roles: ['lead', 'harmony'] },
  { tag: 'kanun', phrases: ['kanun', 'koto'], program: 107, roles: ['lead', 'texture'] },
  { tag: 'ney', phrases: ['ney', 'shakuhachi'], program: 77, roles: ['lead'] },
  { tag: 'zurna', phrases: ['zurna', 'shehnai'], program: 111, roles: ['lead'] },
  { tag: 'kalimba', phrases: ['kalimba'], program: 108, roles: ['texture', 'lead'] },
  { tag: 'steel drums', phrases: ['steel drums', 'steel pan', 'steelpan'], program: 114, roles: ['lead', 'texture'], hints: { reggae: 0.3, latin: 0.2 } },
  { tag: 'pan flute', phrases: ['pan flute', 'pan flut'], program: 75, roles: ['lead'] },
  { tag: 'ocarina', phrases: ['ocarina', 'okarina'], program: 79, roles: ['lead'] },
  { tag: 'whistle', phrases: ['whistle', 'whistling', 'islik'], program: 78, roles: ['lead'] },
  { tag: 'recorder', phrases: ['recorder', 'kaval', 'blok flut'], program: 74, roles: ['lead'] },
  { tag: 'bagpipes', phrases: ['bagpipe', 'bagpipes', 'tulum', 'gayda'], program: 109, roles: ['lead'], hints: { folk: 0.3 } },
  { tag: 'timpani', phrases: ['timpani', 'timpani drums'], program: 48, roles: ['drums'], hints: { cinematic: 0.3, classical: 0.2 } },
  { tag: 'brushes', phrases: ['brushes', 'brush drums', 'fircali'], program: 40, roles: ['drums'], hints: { jazz: 0.3 } },
  { tag: '808 drums', phrases: ['808 drums', 'drum machine', 'davul makinesi', 'ritim makinesi'], program: 25, roles: ['drums'], hints: { hiphop: 0.3, electronic: 0.3 } },
  { tag: 'percussion', phrases: ['congas', 'conga', 'bongos', 'bongo', 'percussion', 'perkusyon', 'darbuka'], program: 0, roles: ['drums'], hints: { latin: 0.4 } },
  { tag: 'drums', phrases: ['drums', 'drum kit', 'drum', 'davul', 'bateri'], program: 0, roles: ['drums'] },
];

export const VOICE_WORDS: Record<'male' | 'female', readonly string[]> = {
  male: ['male', 'man', 'baritone', 'boy', 'erkek', 'bariton'],
  female: ['female', 'woman', 'girl', 'soprano voice', 'kadin', 'kiz', 'bayan'],
};

export const NEGATION_WORDS: readonly string[] = ['no', 'without', 'sans', 'minus', 'except'];
/** Turkish privative suffixes: "davulsuz" = without drums. */
export const TURKISH_WITHOUT_SUFFIXES: readonly string[] = ['siz', 'suz'];

export const MODE_WORDS: readonly (readonly [phrase: string, mode: Mode])[] = [
  ['major', 'major'], ['majör', 'major'], ['majoer', 'major'], ['minor', 'minor'], ['minör', 'minor'], ['minoer', 'minor'],
  ['dorian', 'dorian'], ['dor', 'dorian'], ['mixolydian', 'mixolydian'], ['miksolidyen', 'mixolydian'],
  ['phrygian', 'phrygian'], ['frigyen', 'phrygian'], ['lydian', 'lydian'], ['lidyen', 'lydian'],
];

/** Turkish (solfège) note names. */
export const SOLFEGE: Readonly<Record<string, number>> = { do: 0, re: 2, mi: 4, fa: 5, sol: 7, la: 9, si: 11 };
