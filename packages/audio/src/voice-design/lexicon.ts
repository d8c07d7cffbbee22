import type { VoiceAccent, VoiceAge, VoiceGender } from '../voices/types.ts';
import type { DeliveryStyle, TimbreTrait } from './types.ts';

/**
 * What each understood word or phrase does to a voice. Numbers are nudges that add up: pitch on the -1..1 request
 * scale, range on 0..1, rate as a factor. "Very" (çok) scales the next term's nudges by 1.5.
 */
export interface TermEffect {
  gender?: Exclude<VoiceGender, 'neutral'>;
  age?: VoiceAge;
  pitch?: number;
  range?: number;
  rate?: number;
  timbre?: TimbreTrait;
  style?: DeliveryStyle;
  language?: string;
  accent?: VoiceAccent;
}

export interface LexiconEntry {
  /**
   * Written forms, compared after folding case and Turkish letters (ç→c, ğ→g, ı/İ→i, ö→o, ş→s, ü→u). A single word of
   * four or more letters also matches as a stem (yaşlı matches yaşlıca, narrat matches narrator and narrating); shorter
   * ones, and phrases, must match whole words.
   */
  terms: readonly string[];
  effect: TermEffect;
}

export const INTENSIFIERS = ['very', 'really', 'extremely', 'super', 'quite', 'too', 'so', 'cok', 'oldukca', 'epey', 'asiri', 'fazla'] as const;
/** English negations come before the word they negate; Turkish ones ("hızlı değil") after it. */
export const NEGATIONS_BEFORE = ['not', 'never', 'without', 'non'] as const;
export const NEGATIONS_AFTER = ['degil', 'olmayan'] as const;

export const LEXICON: readonly LexiconEntry[] = [
  // Phrases first: they claim their words before single terms are looked at.
  { terms: ['middle aged', 'middle-aged', 'orta yasli', 'orta yaslarda'], effect: { age: 'adult', pitch: -0.05 } },
  { terms: ['low voiced', 'low-voiced', 'deep voiced', 'deep-voiced', 'kalin sesli', 'bas sesli'], effect: { pitch: -0.35, timbre: 'deep' } },
  { terms: ['high voiced', 'high-voiced', 'high pitched', 'high-pitched', 'ince sesli', 'tiz sesli'], effect: { pitch: 0.35 } },
  { terms: ['news anchor', 'haber spikeri'], effect: { style: 'serious', range: -0.05, rate: 1.03 } },
  // "Yüksek sesli" is loud, not high-pitched.
  { terms: ['yuksek sesli', 'loud', 'gur sesli'], effect: { range: 0.05 } },

  // Gender.
  { terms: ['man', 'men', 'male', 'guy', 'gentleman', 'boy', 'father', 'dad', 'he', 'his', 'adam', 'erkek', 'bay', 'oglan', 'baba', 'amca', 'beyefendi', 'delikanli'], effect: { gender: 'male' } },
  { terms: ['woman', 'women', 'female', 'lady', 'girl', 'mother', 'mom', 'she', 'her', 'kadin', 'bayan', 'kiz', 'anne', 'teyze', 'hanim', 'hanimefendi'], effect: { gender: 'female' } },
  { terms: ['grandfather', 'grandpa', 'dede', 'buyukbaba'], effect: { gender: 'male', age: 'senior' } },
  { terms: ['grandmother', 'grandma', 'granny', 'buyukanne', 'babaanne', 'anneanne'], effect: { gender: 'female', age: 'senior' } },

  // Age.
  { terms: ['child', 'children', 'kid', 'kids', 'little', 'toddler', 'cocuk', 'kucuk', 'minik'], effect: { age: 'child', pitch: 0.3, rate: 1.05 } },
  { terms: ['young', 'younger', 'youthful', 'teen', 'teenage', 'teenager', 'genc', 'delikanli'], effect: { age: 'young', pitch: 0.05, rate: 1.03 } },
  { terms: ['adult', 'mature', 'yetiskin', 'olgun'], effect: { age: 'adult' } },
  { terms: ['old', 'older', 'elderly', 'senior', 'aged', 'aging', 'yasli', 'ihtiyar', 'yasca buyuk'], effect: { age: 'senior', pitch: -0.1, rate: 0.94 } },

  // Pitch and timbre.
  { terms: ['deep', 'deeper', 'bass', 'baritone', 'derin', 'kalin', 'pes', 'bariton'], effect: { pitch: -0.3, timbre: 'deep' } },
  { terms: ['low', 'lower', 'alcak'], effect: { pitch: -0.25 } },
  { terms: ['high', 'higher', 'squeaky', 'yuksek', 'tiz', 'ince'], effect: { pitch: 0.3 } },
  { terms: ['warm', 'warmer', 'rich', 'mellow', 'sicak', 'sicacik', 'dolgun'], effect: { pitch: -0.08, timbre: 'warm' } },
  { terms: ['bright', 'brighter', 'crisp', 'clear', 'parlak', 'berrak', 'net'], effect: { pitch: 0.08, timbre: 'bright' } },
  { terms: ['breathy', 'airy', 'soft', 'nefesli', 'yumusak', 'hafif'], effect: { timbre: 'breathy', range: -0.05 } },
  { terms: ['raspy', 'gravelly', 'husky', 'rough', 'hoarse', 'gritty', 'boguk', 'hirilti', 'kisik', 'puruzlu'], effect: { timbre: 'raspy', pitch: -0.05 } },
  { terms: ['whisper', 'whispering', 'whispered', 'whispers', 'fisilti', 'fisiltili', 'fisildayan', 'fisildar'], effect: { timbre: 'whisper', range: -0.15, rate: 0.92 } },
  { terms: ['smooth', 'silky', 'velvety', 'puruzsuz', 'kadife', 'ipeksi'], effect: { timbre: 'smooth' } },
  { terms: ['nasal', 'genizden', 'burundan'], effect: { timbre: 'nasal' } },

  // Tempo and delivery.
  { terms: ['slow', 'slower', 'slowly', 'unhurried', 'leisurely', 'yavas', 'agir'], effect: { rate: 0.88 } },
  { terms: ['fast', 'faster', 'quick', 'quickly', 'rapid', 'brisk', 'hizli', 'cabuk', 'seri'], effect: { rate: 1.16 } },
  { terms: ['calm', 'calming', 'relaxed', 'soothing', 'peaceful', 'serene', 'sakin', 'huzurlu', 'dingin', 'rahat'], effect: { style: 'calm', range: -0.15, rate: 0.95 } },
  { terms: ['energetic', 'excited', 'lively', 'upbeat', 'enthusiastic', 'dynamic', 'enerjik', 'heyecanli', 'canli', 'dinamik', 'coskulu'], effect: { style: 'energetic', range: 0.22, rate: 1.08, pitch: 0.05 } },
  { terms: ['expressive', 'animated', 'ifadeli', 'duygulu'], effect: { range: 0.18 } },
  { terms: ['monotone', 'flat', 'robotic', 'tekduze', 'duz'], effect: { range: -0.3 } },
  { terms: ['narrator', 'narration', 'narrating', 'storyteller', 'storytelling', 'audiobook', 'documentary', 'anlatici', 'anlatim', 'hikaye', 'masal', 'belgesel', 'sesli kitap'], effect: { style: 'narrator', rate: 0.95 } },
  { terms: ['dramatic', 'epic', 'cinematic', 'trailer', 'dramatik', 'epik', 'sinematik', 'fragman'], effect: { style: 'dramatic', range: 0.1, rate: 0.92 } },
  { terms: ['friendly', 'cheerful', 'happy', 'warmhearted', 'samimi', 'neseli', 'guleryuzlu', 'mutlu', 'dostane'], effect: { style: 'friendly', range: 0.1 } },
  { terms: ['serious', 'authoritative', 'formal', 'professional', 'ciddi', 'otoriter', 'resmi', 'profesyonel'], effect: { style: 'serious', range: -0.08 } },
  { terms: ['playful', 'curious', 'funny', 'oyuncu', 'merakli', 'eglenceli', 'sakaci'], effect: { style: 'playful', range: 0.15, rate: 1.04 } },
  { terms: ['gentle', 'tender', 'kind', 'nazik', 'sefkatli', 'sevecen'], effect: { style: 'gentle', range: -0.05, rate: 0.96 } },

  // Language and accent.
  { terms: ['british', 'english accent', 'uk', 'london', 'ingiliz', 'ingiltere', 'britanya'], effect: { language: 'en-GB', accent: 'british' } },
  { terms: ['american', 'usa', 'amerikan', 'amerikali', 'amerika'], effect: { language: 'en-US', accent: 'american' } },
  { terms: ['australian', 'aussie', 'avustralya', 'avustralyali'], effect: { language: 'en-AU', accent: 'australian' } },
  { terms: ['scottish', 'scots', 'iskoc', 'iskocyali'], effect: { language: 'en-GB-scotland', accent: 'british' } },
  { terms: ['turkish', 'turkce', 'turk', 'istanbul'], effect: { language: 'tr' } },
  { terms: ['spanish', 'ispanyol', 'ispanyolca'], effect: { language: 'es' } },
  { terms: ['french', 'fransiz', 'fransizca'], effect: { language: 'fr-FR' } },
  { terms: ['german', 'alman', 'almanca'], effect: { language: 'de' } },
  { terms: ['italian', 'italyan', 'italyanca'], effect: { language: 'it' } },
  { terms: ['english', 'ingilizce'], effect: { language: 'en-US' } },
];

/** Turkish words that tell a Turkish description apart from an English one (folded). */
export const TURKISH_MARKERS = ['bir', 've', 'ile', 'sesli', 'gibi', 'cok', 'icin', 'bu', 'da', 'de', 'konusan', 'sesi', 'kadin', 'adam', 'erkek'] as const;
