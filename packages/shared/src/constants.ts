/** Business constants and limits from the product specification, section 9, shared by server and web. */

export const PRODUCT_NAME = 'Sound Studio';

export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The interface language of a visitor who chose none, and of an account whose preferences save none (its emails). */
export const DEFAULT_LANGUAGE: Language = 'en';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

/** Browser storage keys (spec section 3: three product-prefixed auth keys plus language, theme, remembered email). */
export const STORAGE_KEYS = {
  accessToken: 'soundstudio_access_token',
  refreshToken: 'soundstudio_refresh_token',
  user: 'soundstudio_user',
  language: 'soundstudio_language',
  theme: 'soundstudio_theme',
  rememberedEmail: 'soundstudio_remembered_email',
} as const;

export const AUTH_LIMITS = {
  passwordMinLength: 12,
  nameMinLength: 2,
  nameMaxLength: 50,
  emailMaxLength: 254,
} as const;

/** Access tokens live 15 minutes; refresh tokens 30 days (rotated on every use). */
export const TOKEN_LIFETIMES = {
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 30 * 24 * 60 * 60,
  csrfTokenSeconds: 60 * 60,
} as const;

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
  blockSeconds: number;
}

export const RATE_LIMITS = {
  login: { max: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  register: { max: 3, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  api: { max: 100, windowSeconds: 60, blockSeconds: 60 },
  /** Reset-link requests, counted per email and per client address: each one sends an email. */
  passwordReset: { max: 5, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** A password reset link works once, for 30 minutes. */
export const PASSWORD_RESET_LINK_LIFETIME_SECONDS = 30 * 60;

/** Attempts left at or below which a failed login says "(n attempts remaining)". */
export const ATTEMPTS_WARNING_THRESHOLD = 2;

export const SESSION_TIMING = {
  timeoutMs: 30 * 60 * 1000,
  warningMs: 25 * 60 * 1000,
  checkIntervalMs: 60 * 1000,
  activityThrottleMs: 1000,
} as const;

export const API_TIMEOUT_MS = 5000;
export const API_TIMEOUT_FALLBACK_MS = 10000;

export const SPEECH_MODELS = ['speech-2.5-hd-preview', 'speech-1.5-hd-preview'] as const;
export type SpeechModel = (typeof SPEECH_MODELS)[number];
export const DEFAULT_SPEECH_MODEL: SpeechModel = 'speech-2.5-hd-preview';
export const DEFAULT_VOICE_NAME = 'Radiant Girl';

export const TEXT_MAX_LENGTH = 5000;

/**
 * Credit amounts stay far below PostgreSQL's integer (2^31 - 1), so a balance plus a grant, or a rate times a length,
 * cannot overflow the column.
 */
export const CREDIT_LIMITS = {
  maxBalance: 1_000_000_000,
  maxGrant: 100_000_000,
  maxMonthlyCredits: 100_000_000,
  maxCustomVoices: 10_000,
  rates: { ttsPerCharacter: 100, ttsNeuralPerCharacter: 100, musicPer30Seconds: 100_000, voiceCloneCreation: 1_000_000, voiceIsolatorPerMinute: 100_000 },
} as const;
/** Highest page number a list accepts (a larger offset only costs the database time). */
export const PAGE_MAX = 100_000;
export const COPIED_CHECK_MS = 2000;
export const RECENT_VOICES_MAX = 10;
/** Bounds of the stored preferences (ids of library, custom and grouped voices are far shorter). */
export const PREFERENCE_LIMITS = { favoriteVoicesMax: 200, voiceKeyMaxLength: 200, pageSlugMaxLength: 60 } as const;
export const DEFAULT_PLAYER_VOLUME = 0.8;

export const MUSIC_DURATIONS = [30, 60, 120, 180, 240] as const;
export const DEFAULT_MUSIC_DURATION = 60;
export const MUSIC_POLL_INTERVAL_MS = 3000;
export const MUSIC_POLL_MAX_MS = 300000;
export const FEATURED_PAGE_SIZE = 6;
export const DEFAULT_MUSIC_PROMPT = 'Jazzy, male, smooth, expressive, soulful';

export const UPLOAD_LIMITS = {
  cloneFileBytes: 20 * 1024 * 1024,
  cloneSampleMinSeconds: 10,
  cloneSampleMaxSeconds: 60,
  cloneSamplesMax: 10,
  isolatorFileBytes: 500 * 1024 * 1024,
  isolatorMaxSeconds: 300,
  documentBytes: 50 * 1024 * 1024,
  documentMaxCharacters: 200000,
} as const;

/**
 * Default credit rates (FAQ); each plan carries its own copy in `credits.rates`. A neural voice costs more CPU per
 * character than eSpeak NG, so it has its own rate.
 */
export const DEFAULT_CREDIT_RATES = {
  tts: { perCharacter: 1, neuralPerCharacter: 2 },
  music: { per30Seconds: 200 },
  voiceClone: { creation: 2000 },
  voiceIsolator: { perMinute: 100 },
} as const;

export const YEARLY_DISCOUNT_PERCENT = 20;
export const CREDIT_ROLLOVER_MONTHS = 3;
export const MONEY_BACK_DAYS = 14;
export const PRICE_CHANGE_NOTICE_DAYS = 30;
export const LIABILITY_CAP_MONTHS = 12;
export const MINIMUM_AGE = 13;

export const PLAN_TIERS = ['free', 'starter', 'creator', 'pro', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const DEFAULT_SUBSCRIPTION_LABEL = 'Free Plan';

/** Where clients send users who run out of credits. */
export const PRICING_PATH = '/pricing';
