import { DEFAULT_VOICE_NAME } from '@sound-studio/shared';
import type { Mood } from '../speech/types.ts';
import { getSpeechLanguage } from './languages.ts';
import type { CatalogueVoice, VoiceAccent, VoiceAge, VoiceGender } from './types.ts';

interface VoiceTweaks {
  /** Pitch offset on the request's -1..1 scale. */
  pitch?: number;
  /** Speaking-rate multiplier. */
  rate?: number;
  /** Makes the voice a group; the first mood is preselected. */
  moods?: readonly Mood[];
  isDefault?: boolean;
  /** For languages whose first person is gendered (Hindi), a preview in the voice's own form. */
  previewText?: string;
  minimaxVoiceId?: string;
}

type VoiceRow = readonly [
  locale: string,
  name: string,
  gender: VoiceGender,
  age: VoiceAge,
  variant: string,
  style: string,
  use: string,
  tweaks?: VoiceTweaks,
];

const ALL_MOODS_NEUTRAL_FIRST: readonly Mood[] = ['neutral', 'happy', 'excited', 'calm', 'sad', 'angry'];

/**
 * The voice library. Each row is a persona: an eSpeak NG language voice, a timbre variant and small pitch and rate
 * tweaks. Rows never change id once published: add new rows rather than renaming old ones.
 */
const VOICE_ROWS: readonly VoiceRow[] = [
  ['en-US', DEFAULT_VOICE_NAME, 'female', 'young', 'f3', 'Bright, upbeat', 'ads, social clips and friendly explainers',
    { pitch: 0.1, rate: 1.04, moods: ['happy', 'neutral', 'excited', 'calm', 'sad', 'angry'], isDefault: true, minimaxVoiceId: 'English_radiant_girl' }],
  ['en-US', 'Deep Voice Man', 'male', 'adult', 'm1', 'Deep, resonant', 'trailers and documentaries', { pitch: -0.3, rate: 0.94, minimaxVoiceId: 'Deep_Voice_Man' }],
  ['en-US', 'Wise Woman', 'female', 'senior', 'grandma', 'Gentle, reassuring', 'bedtime stories and guided reading', { pitch: -0.05, rate: 0.9, minimaxVoiceId: 'Wise_Woman' }],
  ['en-US', 'Friendly Guy', 'male', 'young', 'm3', 'Easy-going, warm', 'tutorials and podcasts', { pitch: 0.05, rate: 1.05, minimaxVoiceId: 'Friendly_Person' }],
  ['en-US', 'Calm Narrator', 'neutral', 'adult', 'Nguyen', 'Even, unhurried', 'audiobooks and meditation', { pitch: -0.05, rate: 0.92, moods: ['calm', 'neutral', 'happy', 'sad'] }],
  ['en-US', 'Little Sunny', 'neutral', 'child', 'zac', 'Playful, curious', "games and children's content", { pitch: -0.1, rate: 1.05 }],
  ['en-US', 'Grandpa Joe', 'male', 'senior', 'grandpa', 'Gravelly, kind-hearted', 'storytelling and family content', { pitch: -0.1, rate: 0.86 }],
  ['en-US', 'Madison', 'female', 'adult', 'f4', 'Polished, confident', 'corporate videos and e-learning', { minimaxVoiceId: 'English_Graceful_Lady' }],
  ['en-US', 'Tyler', 'male', 'young', 'm7', 'Energetic, punchy', 'sports, gaming and promos', { pitch: 0.05, rate: 1.1, minimaxVoiceId: 'English_Persuasive_Man' }],
  ['en-US-nyc', 'Brooklyn Ben', 'male', 'adult', 'm6', 'Streetwise, lively', 'character voices and podcasts'],
  ['en-GB', 'Oliver', 'male', 'adult', 'm2', 'Refined, articulate', 'narration and documentaries', { pitch: -0.05, rate: 0.97, minimaxVoiceId: 'English_Insightful_Speaker' }],
  ['en-GB', 'Charlotte', 'female', 'young', 'f5', 'Crisp, cheerful', 'explainers and announcements', { pitch: 0.05 }],
  ['en-GB', 'Edmund', 'male', 'senior', 'm4', 'Measured, distinguished', 'audiobooks and period drama', { pitch: -0.2, rate: 0.88 }],
  ['en-GB', 'Amelia', 'female', 'adult', 'f2', 'Warm, polished', 'podcasts and e-learning', { moods: ALL_MOODS_NEUTRAL_FIRST }],
  ['en-GB-scotland', 'Isla', 'female', 'adult', 'f1', 'Soft, lilting', 'storytelling and travel content'],
  ['en-AU', 'Mia', 'female', 'young', 'f5', 'Sunny, relaxed', 'lifestyle and travel clips', { pitch: 0.15, rate: 1.05 }],
  ['en-AU', 'Jack', 'male', 'adult', 'm6', 'Laid-back, friendly', 'podcasts and casual explainers', { pitch: -0.05 }],
  ['en-029', 'Keisha', 'female', 'adult', 'f4', 'Bright, musical', 'radio spots and storytelling', { pitch: 0.1 }],

  ['tr', 'Elif', 'female', 'young', 'f3', 'Warm, natural', 'narration, ads and everyday content', { moods: ALL_MOODS_NEUTRAL_FIRST }],
  ['tr', 'Emre', 'male', 'adult', 'm3', 'Clear, confident', 'news, tutorials and presentations'],
  ['tr', 'Zeynep', 'female', 'adult', 'f4', 'Smooth, professional', 'corporate videos and announcements'],
  ['tr', 'Hasan', 'male', 'senior', 'grandpa', 'Kind, wise', 'stories and documentaries', { rate: 0.9 }],
  ['tr', 'Deniz', 'neutral', 'young', 'Nguyen', 'Calm, balanced', 'podcasts and audiobooks'],
  ['tr', 'Can', 'neutral', 'child', 'zac', 'Cheerful, curious', "children's stories and games", { pitch: -0.1 }],

  ['es', 'Lucía', 'female', 'young', 'f5', 'Bright, expressive', 'ads, social media and stories', { moods: ALL_MOODS_NEUTRAL_FIRST }],
  ['es', 'Javier', 'male', 'adult', 'm2', 'Warm, authoritative', 'documentaries and commercials', { pitch: -0.1 }],
  ['es', 'Carmen', 'female', 'senior', 'grandma', 'Tender, wise', 'stories and family content', { rate: 0.92 }],
  ['es-419', 'Valentina', 'female', 'young', 'f2', 'Friendly, lively', 'social media and tutorials'],
  ['es-419', 'Mateo', 'male', 'young', 'm7', 'Upbeat, clear', 'ads and explainers'],

  ['fr-FR', 'Camille', 'female', 'young', 'f3', 'Elegant, warm', 'narration, ads and podcasts', { moods: ALL_MOODS_NEUTRAL_FIRST }],
  ['fr-FR', 'Julien', 'male', 'adult', 'm3', 'Smooth, assured', 'narration and podcasts'],
  ['fr-FR', 'Hélène', 'female', 'senior', 'f1', 'Gentle, cultured', 'audiobooks and poetry', { pitch: -0.1, rate: 0.92 }],
  ['fr-BE', 'Lucas', 'male', 'adult', 'm6', 'Friendly, relaxed', 'podcasts and explainers'],
  ['fr-CH', 'Léa', 'female', 'adult', 'f4', 'Precise, calm', 'e-learning and announcements'],

  ['de', 'Lukas', 'male', 'adult', 'm2', 'Clear, dependable', 'explainers, ads and news', { moods: ALL_MOODS_NEUTRAL_FIRST }],
  ['de', 'Lena', 'female', 'young', 'f5', 'Fresh, friendly', 'social clips and tutorials'],
  ['de', 'Greta', 'female', 'senior', 'grandma', 'Warm, unhurried', 'fairy tales and audiobooks', { rate: 0.9 }],
  ['de', 'Felix', 'male', 'young', 'm7', 'Energetic, bold', 'gaming and promos', { rate: 1.08 }],

  ['it', 'Giulia', 'female', 'young', 'f3', 'Lively, musical', 'ads and social media'],
  ['it', 'Marco', 'male', 'adult', 'm4', 'Rich, warm', 'documentaries and narration', { pitch: -0.1 }],
  ['it', 'Francesca', 'female', 'adult', 'f4', 'Elegant, confident', 'lifestyle and corporate videos'],

  ['pt-PT', 'Inês', 'female', 'adult', 'f2', 'Soft, articulate', 'narration and e-learning'],
  ['pt-BR', 'Ana', 'female', 'young', 'f5', 'Warm, bubbly', 'social media, ads and stories', { moods: ALL_MOODS_NEUTRAL_FIRST }],
  ['pt-BR', 'Rafael', 'male', 'young', 'm3', 'Relaxed, confident', 'podcasts and tutorials'],

  ['ru', 'Anastasia', 'female', 'young', 'f2', 'Clear, graceful', 'narration and e-learning'],
  ['ru', 'Dmitri', 'male', 'adult', 'm1', 'Low, steady', 'documentaries and news', { pitch: -0.15 }],
  ['ar', 'Layla', 'female', 'young', 'f5', 'Warm, melodic', 'stories and announcements'],
  ['ar', 'Omar', 'male', 'adult', 'm2', 'Calm, authoritative', 'news and documentaries'],
  ['zh-CN', 'Mei', 'female', 'young', 'f3', 'Sweet, clear', 'e-learning and social media'],
  ['zh-CN', 'Wei', 'male', 'adult', 'm3', 'Steady, confident', 'presentations and news'],
  ['ja', 'Yui', 'female', 'young', 'f5', 'Soft, friendly', 'stories and announcements', { pitch: 0.1 }],
  ['ja', 'Haruto', 'male', 'young', 'm7', 'Clear, earnest', 'tutorials and games'],
  ['hi', 'Priya', 'female', 'young', 'f2', 'Warm, expressive', 'stories and ads'],
  ['hi', 'Arjun', 'male', 'adult', 'm6', 'Confident, friendly', 'explainers and news',
    { previewText: 'नमस्ते! मैं आपकी कहानियाँ, पाठ और घोषणाएँ साफ़ और दोस्ताना आवाज़ में खुशी से पढ़ूँगा।' }],
  ['ko', 'Ji-woo', 'female', 'young', 'f3', 'Bright, gentle', 'e-learning and social media'],
  ['ko', 'Min-jun', 'male', 'young', 'm3', 'Clear, upbeat', 'tutorials and promos'],

  ['nl', 'Sanne', 'female', 'adult', 'f2', 'Friendly, direct', 'explainers and announcements'],
  ['pl', 'Kacper', 'male', 'young', 'm7', 'Lively, clear', 'ads and tutorials'],
  ['uk', 'Oksana', 'female', 'adult', 'f4', 'Warm, sincere', 'stories and narration'],
  ['cs', 'Tomáš', 'male', 'adult', 'm2', 'Calm, precise', 'narration and e-learning'],
  ['sk', 'Zuzana', 'female', 'young', 'f5', 'Cheerful, clear', 'social media and explainers'],
  ['sl', 'Luka', 'male', 'young', 'm3', 'Easy-going, bright', 'podcasts and tutorials'],
  ['hr', 'Ivana', 'female', 'adult', 'f2', 'Smooth, pleasant', 'announcements and narration'],
  ['sr', 'Nikola', 'male', 'adult', 'm6', 'Deep, steady', 'documentaries and news', { pitch: -0.1 }],
  ['bs', 'Amra', 'female', 'adult', 'f4', 'Gentle, warm', 'stories and e-learning'],
  ['bg', 'Georgi', 'male', 'adult', 'm1', 'Grounded, clear', 'news and presentations'],
  ['mk', 'Elena', 'female', 'young', 'f3', 'Bright, friendly', 'social media and tutorials'],
  ['ro', 'Andrei', 'male', 'adult', 'm2', 'Warm, articulate', 'narration and podcasts'],
  ['hu', 'Réka', 'female', 'young', 'f5', 'Lively, crisp', 'ads and explainers'],
  ['el', 'Nikos', 'male', 'adult', 'm4', 'Rich, confident', 'documentaries and narration'],
  ['sv', 'Astrid', 'female', 'adult', 'f2', 'Calm, clear', 'e-learning and announcements'],
  ['da', 'Mads', 'male', 'adult', 'm6', 'Relaxed, friendly', 'podcasts and explainers'],
  ['nb', 'Ingrid', 'female', 'adult', 'f4', 'Warm, composed', 'narration and news'],
  ['fi', 'Eero', 'male', 'young', 'm3', 'Steady, modest', 'tutorials and audiobooks'],
  ['et', 'Kadri', 'female', 'young', 'f5', 'Fresh, clear', 'announcements and e-learning'],
  ['lv', 'Jānis', 'male', 'adult', 'm2', 'Calm, deep', 'narration and documentaries', { pitch: -0.1 }],
  ['lt', 'Austėja', 'female', 'young', 'f3', 'Bright, gentle', 'stories and social media'],
  ['is', 'Gunnar', 'male', 'senior', 'grandpa', 'Weathered, warm', 'sagas and storytelling', { rate: 0.9 }],
  ['ga', 'Aoife', 'female', 'young', 'f2', 'Soft, lilting', 'stories and culture content'],
  ['cy', 'Rhys', 'male', 'adult', 'm7', 'Warm, musical', 'narration and podcasts'],
  ['gd', 'Màiri', 'female', 'adult', 'f1', 'Gentle, earthy', 'storytelling and heritage content'],
  ['eu', 'Ane', 'female', 'young', 'f5', 'Clear, friendly', 'e-learning and announcements'],
  ['ca', 'Jordi', 'male', 'adult', 'm3', 'Warm, open', 'podcasts and narration'],
  ['sq', 'Arben', 'male', 'adult', 'm1', 'Firm, clear', 'news and presentations'],
  ['mt', 'Marija', 'female', 'adult', 'f4', 'Sunny, warm', 'tourism and announcements'],
  ['lb', 'Luc', 'male', 'adult', 'm6', 'Calm, polite', 'announcements and e-learning'],
  ['af', 'Annelie', 'female', 'adult', 'f2', 'Friendly, grounded', 'stories and explainers'],
  ['sw', 'Baraka', 'male', 'young', 'm7', 'Upbeat, warm', 'radio spots and stories'],
  ['he', 'Noa', 'female', 'young', 'f3', 'Clear, friendly', 'e-learning and social media'],
  ['fa', 'Dariush', 'male', 'adult', 'm2', 'Poetic, calm', 'poetry and narration'],
  ['ur', 'Ayesha', 'female', 'young', 'f5', 'Soft, graceful', 'stories and poetry'],
  ['bn', 'Rahul', 'male', 'young', 'm3', 'Friendly, lively', 'tutorials and ads'],
  ['pa', 'Simran', 'female', 'young', 'f2', 'Cheerful, bright', 'social media and stories'],
  ['gu', 'Hetal', 'female', 'adult', 'f4', 'Warm, steady', 'narration and e-learning'],
  ['mr', 'Aditya', 'male', 'adult', 'm6', 'Clear, confident', 'news and explainers'],
  ['ne', 'Sarita', 'female', 'adult', 'f2', 'Gentle, clear', 'stories and announcements'],
  ['ta', 'Karthik', 'male', 'adult', 'm2', 'Bold, clear', 'ads and news'],
  ['te', 'Lakshmi', 'female', 'adult', 'f4', 'Warm, melodic', 'stories and devotional content'],
  ['kn', 'Suresh', 'male', 'adult', 'm1', 'Steady, friendly', 'tutorials and narration'],
  ['ml', 'Anjali', 'female', 'young', 'f5', 'Bright, sweet', 'stories and social media'],
  ['si', 'Nuwan', 'male', 'young', 'm7', 'Easy-going, clear', 'explainers and podcasts'],
  ['yue', 'Ka-yan', 'female', 'young', 'f3', 'Lively, clear', 'social media and ads'],
  ['vi', 'Linh', 'female', 'young', 'f5', 'Gentle, bright', 'e-learning and stories'],
  ['th', 'Somchai', 'male', 'adult', 'm3', 'Polite, warm', 'announcements and tutorials'],
  ['id', 'Putri', 'female', 'young', 'f2', 'Friendly, cheerful', 'social media and tutorials'],
  ['ms', 'Hafiz', 'male', 'adult', 'm6', 'Calm, clear', 'news and e-learning'],
  ['az', 'Leyla', 'female', 'adult', 'f4', 'Warm, graceful', 'narration and announcements'],
  ['kk', 'Nurlan', 'male', 'adult', 'm2', 'Deep, steady', 'documentaries and news', { pitch: -0.1 }],
  ['uz', 'Dilnoza', 'female', 'young', 'f5', 'Bright, sincere', 'stories and social media'],
  ['ky', 'Aibek', 'male', 'young', 'm7', 'Lively, open', 'ads and tutorials'],
  ['tk', 'Merdan', 'male', 'adult', 'm3', 'Calm, clear', 'narration and news'],
  ['tt', 'Alsu', 'female', 'young', 'f3', 'Soft, friendly', 'stories and e-learning'],
  ['ka', 'Nino', 'female', 'adult', 'f2', 'Warm, expressive', 'narration and culture content'],
  ['hy', 'Aram', 'male', 'adult', 'm1', 'Grounded, warm', 'documentaries and stories'],
  ['be', 'Alesia', 'female', 'young', 'f5', 'Clear, gentle', 'e-learning and stories'],
  ['am', 'Selam', 'female', 'adult', 'f4', 'Warm, calm', 'announcements and stories'],
  ['my', 'Aung', 'male', 'adult', 'm2', 'Gentle, steady', 'narration and tutorials'],
  ['eo', 'Espero', 'neutral', 'adult', 'Nguyen', 'Balanced, clear', 'language lessons and narration'],
  ['la', 'Marcus', 'male', 'senior', 'grandpa', 'Solemn, measured', 'classical texts and history', { rate: 0.88 }],
  ['mi', 'Aroha', 'female', 'adult', 'f2', 'Warm, grounded', 'stories and culture content'],
  ['haw', 'Kai', 'male', 'young', 'm7', 'Relaxed, sunny', 'travel and culture content'],
  ['ht', 'Jean', 'male', 'adult', 'm6', 'Warm, lively', 'radio spots and stories'],
];

const ACCENT_BY_LOCALE: Readonly<Record<string, VoiceAccent>> = {
  'en-US': 'american',
  'en-US-nyc': 'american',
  'en-GB': 'british',
  'en-GB-scotland': 'british',
  'en-AU': 'australian',
};

const AGE_WORDS: Readonly<Record<VoiceAge, string>> = { child: 'child', young: 'young', adult: '', senior: 'senior' };
const GENDER_WORDS: Readonly<Record<VoiceGender, string>> = { male: 'male', female: 'female', neutral: 'gender-neutral' };

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function describe(style: string, age: VoiceAge, gender: VoiceGender, languageName: string, use: string): string {
  const who = age === 'child' ? 'child' : [AGE_WORDS[age], GENDER_WORDS[gender]].filter(Boolean).join(' ');
  return `${style} ${who} voice in ${languageName}, for ${use}.`;
}

function buildVoice([locale, name, gender, age, variant, style, use, tweaks = {}]: VoiceRow): CatalogueVoice {
  const language = getSpeechLanguage(locale);
  const id = `${locale.toLowerCase()}-${slugify(name)}`;
  const previewText = tweaks.previewText ?? language.previewText;
  const accent = ACCENT_BY_LOCALE[locale];
  return {
    id,
    name,
    description: describe(style, age, gender, language.name, use),
    gender,
    age,
    language: language.base,
    locale: language.code,
    languageName: language.name,
    ...(accent ? { accent } : {}),
    engine: {
      id,
      language: language.code,
      espeakVoice: language.espeakVoice,
      variant,
      pitchOffset: tweaks.pitch ?? 0,
      rateFactor: tweaks.rate ?? 1,
      ...(tweaks.minimaxVoiceId ? { providerVoiceIds: { minimax: tweaks.minimaxVoiceId } } : {}),
    },
    previewText,
    isGroup: Boolean(tweaks.moods?.length),
    moods: (tweaks.moods ?? []).map((mood) => ({
      id: `${id}-${mood}`,
      mood,
      previewText: language.moodPreviews?.[mood] ?? previewText,
    })),
    isDefault: tweaks.isDefault ?? false,
  };
}

export const VOICE_CATALOGUE: readonly CatalogueVoice[] = VOICE_ROWS.map(buildVoice);

const byId = new Map(VOICE_CATALOGUE.map((voice) => [voice.id, voice]));
const byName = new Map(VOICE_CATALOGUE.map((voice) => [voice.name.toLowerCase(), voice]));
const byMoodId = new Map(
  VOICE_CATALOGUE.flatMap((voice) => voice.moods.map((option) => [option.id, { voice, mood: option.mood }] as const)),
);

function findDefaultVoice(): CatalogueVoice {
  const voice = VOICE_CATALOGUE.find((candidate) => candidate.isDefault);
  if (!voice) throw new Error('The voice catalogue has no default voice');
  return voice;
}

export const DEFAULT_VOICE: CatalogueVoice = findDefaultVoice();
export const DEFAULT_VOICE_ID = DEFAULT_VOICE.id;

export function listVoices(): readonly CatalogueVoice[] {
  return VOICE_CATALOGUE;
}

export function getVoice(id: string): CatalogueVoice | undefined {
  return byId.get(id);
}

/**
 * Resolves what a client may send as a voice: an id, a mood id (`en-us-radiant-girl-happy`) or, as the spec's
 * generate call does for grouped voices, the voice's name.
 */
export function resolveVoice(idOrName: string): { voice: CatalogueVoice; mood?: Mood } | undefined {
  const voice = byId.get(idOrName) ?? byName.get(idOrName.trim().toLowerCase());
  if (voice) return { voice };
  return byMoodId.get(idOrName);
}

/** The mood a request gets when it names none: a group's first mood, otherwise neutral. */
export function defaultMoodOf(voice: CatalogueVoice): Mood {
  return voice.moods[0]?.mood ?? 'neutral';
}

export function catalogueLanguages(): string[] {
  return [...new Set(VOICE_CATALOGUE.map((voice) => voice.language))].sort();
}
