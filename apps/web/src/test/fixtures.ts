import { DEFAULT_PREFERENCES, type BillingOverview, type FeaturedMusicItem, type MusicTrack, type Preferences, type TtsGeneration, type Voice } from '@sound-studio/shared';

export function makeVoice(id: string, name: string, overrides: Partial<Voice> = {}): Voice {
  return {
    _id: id,
    name,
    description: `${name} description`,
    gender: 'female',
    age: 'adult',
    language: 'en',
    locale: 'en-US',
    languageName: 'English',
    accent: 'american',
    artwork: `/api/voices/${id}/artwork.svg`,
    previewUrl: `/api/voices/${id}/preview.mp3`,
    audioFile: `/api/voices/${id}/preview.mp3`,
    isGroup: false,
    moods: [],
    groupId: null,
    isDefault: false,
    category: 'library',
    ...overrides,
  };
}

/** A small catalogue covering every filter: languages, accents, genders, ages, a grouped voice and a custom one. */
export const TEST_VOICES: Voice[] = [
  makeVoice('en-us-radiant-girl', 'Radiant Girl', { isDefault: true, age: 'young' }),
  makeVoice('en-gb-wise-narrator', 'Wise Narrator', { gender: 'male', age: 'senior', locale: 'en-GB', accent: 'british' }),
  makeVoice('en-au-sunny', 'Sunny', { accent: 'australian', locale: 'en-AU' }),
  makeVoice('tr-tr-deniz', 'Deniz', { language: 'tr', locale: 'tr-TR', languageName: 'Turkish', accent: null }),
  makeVoice('de-de-lukas', 'Lukas', { gender: 'male', language: 'de', locale: 'de-DE', languageName: 'German', accent: null, age: 'child' }),
  makeVoice('en-us-story-group', 'Storyteller', {
    isGroup: true,
    gender: 'neutral',
    moods: [
      { _id: 'en-us-story-group-calm', mood: 'calm', audioFile: '/api/voices/en-us-story-group-calm/preview.mp3' },
      { _id: 'en-us-story-group-happy', mood: 'happy', audioFile: '/api/voices/en-us-story-group-happy/preview.mp3' },
    ],
  }),
  makeVoice('custom-1', 'My Clone', { category: 'custom' }),
];

export function makePreferences(voice: Partial<Preferences['voice']> = {}): Preferences {
  return { ...DEFAULT_PREFERENCES, voice: { ...DEFAULT_PREFERENCES.voice, ...voice } };
}

export function makeGeneration(id: string, overrides: Partial<TtsGeneration> = {}): TtsGeneration {
  return {
    id,
    text: `Generated text ${id}`,
    voiceId: 'en-us-radiant-girl',
    voiceName: 'Radiant Girl',
    mood: null,
    settings: { speed: 1, pitch: 0, volume: 1, language: 'en', model: 'speech-2.5-hd-preview' },
    source: 'editor',
    characters: 20,
    credits: 20,
    durationSeconds: 3.2,
    audioUrl: `/api/tts/audio/${id}.mp3?sig=abc`,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function makeTrack(id: string, overrides: Partial<MusicTrack> = {}): MusicTrack {
  return {
    _id: id,
    title: `Track ${id}`,
    prompt: 'Jazzy, male, smooth, expressive, soulful',
    lyrics: null,
    modelId: 'music-2.0',
    status: 'completed',
    progress: 1,
    duration: 60,
    cdnUrl: `/api/media/music/${id}.mp3?sig=1`,
    audioUrl: `/api/media/music/${id}.mp3?sig=1`,
    artworkUrl: `/api/media/music/${id}.svg?sig=1`,
    artworkData: null,
    error: null,
    tags: ['jazz', 'smooth', 'soulful'],
    plan: null,
    lyricsTimeline: null,
    credits: 400,
    shareUrl: `/share/music/${id}`,
    featured: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function makeFeatured(id: string, overrides: Partial<FeaturedMusicItem> = {}): FeaturedMusicItem {
  return {
    _id: id,
    title: `Featured ${id}`,
    prompt: 'Calm ambient pads',
    duration: 90,
    cdnUrl: `/api/media/featured/${id}.mp3`,
    audioUrl: `/api/media/featured/${id}.mp3`,
    category: 'mood',
    subcategory: 'calm',
    order: 0,
    featured: { artwork: { cdnUrl: `/api/media/featured/${id}.svg` }, tags: ['calm', 'ambient', 'pads', 'slow'] },
    stats: { views: 0, plays: 0, downloads: 0 },
    ...overrides,
  };
}

/** GET /api/billing of a Free account under manual billing, mid-cycle; override what a test looks at. */
export function makeBillingOverview(overrides: Partial<BillingOverview> = {}, subscription: Partial<BillingOverview['subscription']> = {}): BillingOverview {
  return {
    provider: 'manual',
    subscription: {
      plan: 'free',
      interval: 'monthly',
      status: 'active',
      currentPeriodStart: '2026-11-25T12:00:00.000Z',
      currentPeriodEnd: '2026-12-25T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      scheduledChange: null,
      refundableUntil: null,
      ...subscription,
    },
    pendingChange: null,
    credits: {
      balance: 10_000,
      usedThisCycle: 0,
      cycleStart: '2026-11-25T12:00:00.000Z',
      nextRenewalAt: '2026-12-25T12:00:00.000Z',
      nextRenewalCredits: 10_000,
      expiring: [],
    },
    invoices: [],
    ...overrides,
  };
}
