/**
 * MiniMax's documented voice-clone flow: POST /v1/files/upload (multipart, purpose=voice_clone, file) and then
 * POST /v1/voice_clone (JSON). Errors come back as HTTP 200 with a non-zero base_resp.status_code.
 */
export interface MiniMaxBaseResp {
  status_code: number;
  status_msg: string;
}

export interface MiniMaxFileUploadReply {
  file?: { file_id: number; bytes?: number; created_at?: number; filename?: string; purpose?: string };
  base_resp?: MiniMaxBaseResp;
}

export interface MiniMaxVoiceCloneRequestBody {
  file_id: number;
  voice_id: string;
  need_noise_reduction?: boolean;
  need_volume_normalization?: boolean;
  /** Preview text (at most 1,000 characters); requires `model`. Billed like T2A, and does not keep the voice. */
  text?: string;
  model?: string;
  language_boost?: string;
}

export interface MiniMaxVoiceCloneReply {
  /** Documented both ways: a flag, or an object whose type 0 means "not sensitive". */
  input_sensitive?: boolean | { type?: number };
  input_sensitive_type?: number;
  /** Link to the preview audio, when text was given. */
  demo_audio?: string;
  base_resp?: MiniMaxBaseResp;
}

/** Upload rules for voice_clone files: mp3, m4a or wav; 10 s to 5 min; at most 20 MB. */
export const MINIMAX_CLONE_FILE_RULES = { minSeconds: 10, maxSeconds: 300, maxBytes: 20 * 1024 * 1024 } as const;
export const MINIMAX_CLONE_PREVIEW_MAX_CHARACTERS = 1000;
export const MINIMAX_CLONE_MODELS = ['speech-2.8-hd', 'speech-2.8-turbo', 'speech-2.6-hd', 'speech-2.6-turbo', 'speech-02-hd', 'speech-02-turbo', 'speech-01-hd', 'speech-01-turbo'] as const;

/** voice_id: 8–256 characters, letters, digits, '-' and '_', starting with a letter and not ending with '-' or '_'. */
export const MINIMAX_VOICE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{6,254}[A-Za-z0-9]$/;

/** base_resp status codes the clone flow documents. */
export const MINIMAX_CLONE_STATUS = {
  success: 0,
  rateLimited: 1002,
  authenticationFailed: 1004,
  insufficientBalance: 1008,
  inputSensitive: 1026,
  outputSensitive: 1027,
  tokenRateLimited: 1039,
  asrSimilarityFailed: 1043,
  promptSimilarityFailed: 1044,
  invalidParameters: 2013,
  invalidSamplesOrVoiceId: 20132,
  durationOutOfRange: 2037,
  cloneDisabled: 2038,
  duplicateVoiceId: 2039,
  rateGrowthLimited: 2045,
  invalidApiKey: 2049,
  voiceNotUsable: 2054,
  usageLimitExceeded: 2056,
} as const;
