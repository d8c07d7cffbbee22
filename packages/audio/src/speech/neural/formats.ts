/**
 * The published file formats of the two neural voice families, read as their projects publish them:
 * - Piper: `<name>.onnx` + `<name>.onnx.json` (sample rate, eSpeak voice, inference scales, phoneme id map, speakers).
 * - Kokoro v1.0: `kokoro-v1.0.onnx`, `voices-v1.0.bin` (NumPy .npz of [510,1,256] styles) and `config.json` (`vocab`).
 */

export const NEURAL_FAMILIES = ['piper', 'kokoro'] as const;
export type NeuralFamily = (typeof NEURAL_FAMILIES)[number];

/**
 * What a worker needs to render one neural voice: plain JSON, so it travels in a VoiceSpec, a job row and a thread
 * message. Paths are absolute and point into MODELS_DIR.
 */
export interface NeuralVoiceRef {
  family: NeuralFamily;
  modelPath: string;
  configPath: string;
  /** Kokoro's style archive. */
  voicesPath?: string;
  /** Piper: a speaker name of a multi-speaker model; Kokoro: the style name (af_heart). */
  speaker?: string;
  sampleRate: number;
}

export interface PiperConfig {
  audio: { sample_rate: number; quality?: string };
  espeak: { voice: string };
  inference: { noise_scale: number; length_scale: number; noise_w: number };
  phoneme_type?: string;
  phoneme_id_map: Record<string, number[]>;
  num_speakers: number;
  speaker_id_map: Record<string, number>;
  language?: { code?: string; family?: string; region?: string; name_native?: string; name_english?: string; country_english?: string };
  dataset?: string;
}

export interface KokoroConfig {
  vocab: Record<string, number>;
}

export const KOKORO_SAMPLE_RATE = 24_000;
/** Kokoro's style table has one row per token count; longer inputs must be split. */
export const KOKORO_MAX_TOKENS = 510;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the fields we read; a file that lacks them is refused with the missing field named. */
export function parsePiperConfig(value: unknown): PiperConfig {
  const fail = (field: string): never => {
    throw new Error(`Not a Piper voice config: "${field}" is missing or invalid`);
  };
  if (!isRecord(value)) return fail('(root)');
  const audio = isRecord(value.audio) ? value.audio : fail('audio');
  if (typeof audio.sample_rate !== 'number' || audio.sample_rate <= 0) fail('audio.sample_rate');
  const espeak = isRecord(value.espeak) ? value.espeak : fail('espeak');
  if (typeof espeak.voice !== 'string' || espeak.voice === '') fail('espeak.voice');
  if (value.phoneme_type !== undefined && value.phoneme_type !== 'espeak') fail('phoneme_type (only "espeak" is supported)');
  const map = isRecord(value.phoneme_id_map) ? value.phoneme_id_map : fail('phoneme_id_map');
  for (const symbol of ['^', '$', '_']) if (!Array.isArray(map[symbol])) fail(`phoneme_id_map["${symbol}"]`);
  const inference = isRecord(value.inference) ? value.inference : {};
  const num = (field: unknown, fallback: number): number => (typeof field === 'number' && Number.isFinite(field) ? field : fallback);
  return {
    ...(value as unknown as PiperConfig),
    inference: {
      noise_scale: num(inference.noise_scale, 0.667),
      length_scale: num(inference.length_scale, 1),
      noise_w: num(inference.noise_w, 0.8),
    },
    num_speakers: num(value.num_speakers, 1),
    speaker_id_map: isRecord(value.speaker_id_map) ? (value.speaker_id_map as Record<string, number>) : {},
  };
}

export function parseKokoroConfig(value: unknown): KokoroConfig {
  if (!isRecord(value) || !isRecord(value.vocab)) throw new Error('Not a Kokoro config: "vocab" is missing');
  return { vocab: value.vocab as Record<string, number> };
}

/** Kokoro voice names start with a language letter and a gender letter (af_heart: American English, female). */
const KOKORO_LANGUAGES: Readonly<Record<string, { language: string; espeakVoice: string }>> = {
  a: { language: 'en-US', espeakVoice: 'en-us' },
  b: { language: 'en-GB', espeakVoice: 'en-gb-x-rp' },
  e: { language: 'es', espeakVoice: 'es' },
  f: { language: 'fr-FR', espeakVoice: 'fr' },
  h: { language: 'hi', espeakVoice: 'hi' },
  i: { language: 'it', espeakVoice: 'it' },
  j: { language: 'ja', espeakVoice: 'ja' },
  p: { language: 'pt-BR', espeakVoice: 'pt-br' },
  z: { language: 'zh', espeakVoice: 'cmn' },
};

export function kokoroVoiceTraits(name: string): { language: string; espeakVoice: string; gender: 'female' | 'male' | 'neutral' } | null {
  const language = KOKORO_LANGUAGES[name.charAt(0)];
  if (!language || name.charAt(2) !== '_') return null;
  const gender = name.charAt(1) === 'f' ? 'female' : name.charAt(1) === 'm' ? 'male' : 'neutral';
  return { ...language, gender };
}
