/** The documented request and reply of MiniMax's music endpoint, POST /v1/music_generation. */

export const MINIMAX_MUSIC_MODELS = ['music-1.5', 'music-2.0', 'music-2.5', 'music-2.6'] as const;
/** Only music-2.6 models (and their variants) take is_instrumental; the others need lyrics (1.5) or write their own. */
export const MINIMAX_INSTRUMENTAL_MODELS = ['music-2.6'] as const;
export const MINIMAX_MUSIC_SAMPLE_RATES = [16000, 24000, 32000, 44100] as const;
export const MINIMAX_MUSIC_BITRATES = [32000, 64000, 128000, 256000] as const;
export type MiniMaxOutputFormat = 'hex' | 'url';

export interface MiniMaxMusicRequestBody {
  model: string;
  /** Style, mood and scene description. */
  prompt: string;
  /** Lines separated by \n, with [Intro] [Verse] [Chorus] [Bridge] [Outro] tags. */
  lyrics?: string;
  /** music-2.6 models only: an instrumental, with lyrics left out. */
  is_instrumental?: boolean;
  audio_setting: { sample_rate: number; bitrate: number; format: 'mp3' };
  output_format: MiniMaxOutputFormat;
}

export interface MiniMaxMusicReplyBody {
  data?: {
    /** Hex-encoded audio, or a download URL (valid for a limited time) when output_format is url. */
    audio?: string;
    /** 1 in progress, 2 done. */
    status?: number;
  } | null;
  extra_info?: {
    /** Milliseconds. */
    music_duration?: number;
    music_sample_rate?: number;
    music_channel?: number;
    bitrate?: number;
    music_size?: number;
  };
  trace_id?: string;
  base_resp?: { status_code: number; status_msg: string };
}

/** base_resp.status_code values MiniMax documents. */
export const MINIMAX_MUSIC_STATUS = {
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
  usageLimitExceeded: 2056,
} as const;
