/** The documented request and reply of MiniMax's synchronous text-to-speech endpoint, POST /v1/t2a_v2. */
/** fluent and whisper only on the newer models; the rest everywhere. There is no "neutral". */
export const MINIMAX_EMOTIONS = ['happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'calm', 'fluent', 'whisper'] as const;
export type MiniMaxEmotion = (typeof MINIMAX_EMOTIONS)[number];

/** The models the reference documents today; configuration may name a newer one (any string is sent as it is). */
export const MINIMAX_MODELS = [
  'speech-2.8-hd', 'speech-2.8-turbo', 'speech-2.6-hd', 'speech-2.6-turbo', 'speech-02-hd', 'speech-02-turbo', 'speech-01-hd', 'speech-01-turbo',
] as const;
export type MiniMaxSpeechModel = (typeof MINIMAX_MODELS)[number];

export const MINIMAX_SAMPLE_RATES = [8000, 16000, 22050, 24000, 32000, 44100] as const;
export const MINIMAX_BITRATES = [32000, 64000, 128000, 256000] as const;

export interface MiniMaxSpeechRequestBody {
  model: string;
  text: string;
  stream: boolean;
  /** Stream mode only: the last event then carries no second copy of the whole audio. */
  stream_options?: { exclude_aggregated_audio: boolean };
  voice_setting: {
    voice_id: string;
    /** 0.5–2. */
    speed: number;
    /** (0, 10], 1 = unchanged. */
    vol: number;
    /** Integer semitones, -12..12. */
    pitch: number;
    emotion?: MiniMaxEmotion;
  };
  audio_setting: {
    sample_rate: number;
    bitrate: number;
    format: 'mp3';
    channel: 1;
  };
  language_boost?: string;
}

export interface MiniMaxSpeechReplyBody {
  /** In stream mode status 1 marks a piece of audio, 2 the last event. */
  data?: { audio?: string; status?: number } | null;
  extra_info?: {
    audio_length?: number;
    audio_sample_rate?: number;
    audio_size?: number;
    bitrate?: number;
    word_count?: number;
    usage_characters?: number;
    audio_format?: string;
    audio_channel?: number;
  };
  trace_id?: string;
  base_resp?: { status_code: number; status_msg: string };
}

/** Error codes MiniMax documents in base_resp.status_code. */
export const MINIMAX_STATUS = {
  success: 0,
  rateLimited: 1002,
  authenticationFailed: 1004,
  insufficientBalance: 1008,
  sensitiveInput: 1026,
  sensitiveOutput: 1027,
  tokenRateLimited: 1039,
  invalidCharacters: 1042,
  invalidParameters: 2013,
  invalidApiKey: 2049,
  voiceNotUsable: 2054,
  usageLimitExceeded: 2056,
} as const;
