import { z } from 'zod';
import { plainString } from '../validation/text.ts';
import { VOICE_LAB_FORM_MESSAGES as MESSAGES } from './failure-messages.ts';
import { JOB_STATUSES } from './tts.ts';
import { voiceSchema } from './voices.ts';

/** Voice clone preview languages (spec: English, Spanish, French, German, Chinese, Japanese, Korean, Arabic). */
export const CLONE_PREVIEW_LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja', 'ko', 'ar'] as const;
export type ClonePreviewLanguage = (typeof CLONE_PREVIEW_LANGUAGES)[number];

export const VOICE_NAME_MAX_LENGTH = 50;
export const VOICE_DESCRIPTION_MAX_LENGTH = 500;
export const PREVIEW_TEXT_MAX_LENGTH = 500;

const voiceName = plainString().trim().min(1, MESSAGES.voiceNameRequired).max(VOICE_NAME_MAX_LENGTH, MESSAGES.voiceNameTooLong);

/** A voice-isolator job (POST /voice-isolator/jobs, GET /voice-isolator/jobs/{id}, the history list). */
export const isolatorJobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  /** 0 to 1. */
  progress: z.number(),
  fileName: z.string(),
  durationSeconds: z.number().nullable(),
  credits: z.number().int(),
  /** Clean speech as MP3 (signed link), once completed. */
  resultUrl: z.string().nullable(),
  /** Clean speech as WAV (signed link), once completed. */
  resultWavUrl: z.string().nullable(),
  /** The upload, kept for A/B listening (signed link to a decoded MP3 of it). */
  originalUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type IsolatorJob = z.infer<typeof isolatorJobSchema>;

export const isolatorJobListSchema = z.object({ items: z.array(isolatorJobSchema) });
export type IsolatorJobList = z.infer<typeof isolatorJobListSchema>;

/** POST /voice-design/previews. */
export const voiceDesignPreviewRequestSchema = z.object({
  description: plainString()
    .trim()
    .min(1, MESSAGES.voiceDescriptionRequired)
    .max(VOICE_DESCRIPTION_MAX_LENGTH, MESSAGES.voiceDescriptionTooLong),
  previewText: plainString().trim().min(1, MESSAGES.previewTextRequired).max(PREVIEW_TEXT_MAX_LENGTH, MESSAGES.previewTextTooLong),
  language: plainString().trim().optional(),
});
export type VoiceDesignPreviewRequest = z.input<typeof voiceDesignPreviewRequestSchema>;

/** A candidate timbre's character in one word (its eSpeak variant's strongest trait, or its age register). */
export const VOICE_TIMBRE_CHARACTERS = ['deep', 'warm', 'bright', 'breathy', 'raspy', 'whisper', 'smooth', 'nasal', 'aged', 'child', 'plain'] as const;
export type VoiceTimbreCharacter = (typeof VOICE_TIMBRE_CHARACTERS)[number];

/** What the description was understood as; shown beside each candidate. */
export const voiceDesignParamsSchema = z.object({
  gender: z.string(),
  age: z.string(),
  pitch: z.number(),
  rate: z.number(),
  language: z.string(),
  accent: z.string().nullable(),
  variant: z.string(),
  /** Absent on candidates made before it was recorded. */
  timbre: z.enum(VOICE_TIMBRE_CHARACTERS).optional(),
  keywords: z.array(z.string()),
});
export type VoiceDesignParams = z.infer<typeof voiceDesignParamsSchema>;

export const voiceDesignPreviewSchema = z.object({ previewId: z.string(), audioUrl: z.string(), params: voiceDesignParamsSchema });
export type VoiceDesignPreview = z.infer<typeof voiceDesignPreviewSchema>;
export const voiceDesignPreviewsReplySchema = z.object({ previews: z.array(voiceDesignPreviewSchema) });
export type VoiceDesignPreviewsReply = z.infer<typeof voiceDesignPreviewsReplySchema>;

/** POST /voice-design/voices: keep one candidate under a name. */
export const saveDesignedVoiceRequestSchema = z.object({ previewId: plainString().min(1), name: voiceName });
export type SaveDesignedVoiceRequest = z.input<typeof saveDesignedVoiceRequestSchema>;

/** Text fields of the multipart POST /voice-clone/voices (files come as `samples`). */
export const voiceCloneFieldsSchema = z.object({
  name: voiceName,
  removeNoise: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  optimizeAccent: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  previewLanguage: z.enum(CLONE_PREVIEW_LANGUAGES).default('en'),
  previewText: plainString().trim().max(PREVIEW_TEXT_MAX_LENGTH, MESSAGES.previewTextTooLong).optional(),
  consent: z.literal('true', { error: MESSAGES.cloneConsentRequired }),
});

/** How close a local match came, stated honestly in the interface. */
export const cloneMatchSchema = z.object({
  provider: z.enum(['local', 'minimax']),
  samplePitchHz: z.number().nullable(),
  matchedPitchHz: z.number().nullable(),
  sampleRate: z.number().nullable(),
  matchedRate: z.number().nullable(),
});
export type CloneMatch = z.infer<typeof cloneMatchSchema>;

export const voiceSlotsSchema = z.object({ used: z.number().int(), total: z.number().int() });
export type VoiceSlots = z.infer<typeof voiceSlotsSchema>;

export const customVoiceReplySchema = z.object({
  voice: voiceSchema,
  slots: voiceSlotsSchema,
  match: cloneMatchSchema.nullable(),
});
export type CustomVoiceReply = z.infer<typeof customVoiceReplySchema>;

/**
 * A voice-clone job (POST /voice-clone/voices, GET /voice-clone/jobs/{id}): the samples are checked and the credits
 * held when it is created; `result` is the new voice once completed (null if it has since been deleted).
 */
export const voiceCloneJobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  /** 0 to 1. */
  progress: z.number(),
  /** The voice's name. */
  name: z.string(),
  sampleCount: z.number().int(),
  /** Held while the job runs, charged once it completes, 0 when it failed. */
  credits: z.number().int(),
  result: customVoiceReplySchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type VoiceCloneJob = z.infer<typeof voiceCloneJobSchema>;

/** GET /voices/mine. */
export const myVoicesReplySchema = z.object({ voices: z.array(voiceSchema), slots: voiceSlotsSchema });
export type MyVoicesReply = z.infer<typeof myVoicesReplySchema>;

/** PATCH /voices/{id}. */
export const renameVoiceRequestSchema = z.object({ name: voiceName });

/** DELETE /voices/{id}: the slot is free again. */
export const deleteVoiceReplySchema = z.object({ deleted: z.literal(true), slots: voiceSlotsSchema });
export type DeleteVoiceReply = z.infer<typeof deleteVoiceReplySchema>;

/** Sent on the '/user' namespace whenever one of the caller's isolator jobs changes (the UI may also poll). */
export const ISOLATOR_JOB_UPDATED_EVENT = 'isolator_job_updated';

/** Sent on the '/user' namespace whenever one of the caller's voice-clone jobs changes (the UI may also poll). */
export const VOICE_CLONE_JOB_UPDATED_EVENT = 'voice_clone_job_updated';
