import { MOODS, type Mood } from '@sound-studio/audio';
import { DEFAULT_SPEECH_MODEL, SPEECH_MODELS, type SpeechModel } from '@sound-studio/shared';
import { validationError } from '../../../lib/errors.ts';

/** OpenAI's speech models, mapped to ours: tts-1 is the quick one; the HD and instructable ones get our best model. */
export const OPENAI_MODEL_ALIASES: Readonly<Record<string, SpeechModel>> = {
  'tts-1': 'speech-1.5-hd-preview',
  'tts-1-hd': 'speech-2.5-hd-preview',
  'gpt-4o-mini-tts': 'speech-2.5-hd-preview',
};

/** Every id GET /v1/models lists and /v1/audio/speech accepts. */
export const API_MODEL_IDS: readonly string[] = [...Object.keys(OPENAI_MODEL_ALIASES), ...SPEECH_MODELS];

/** OpenAI's dated snapshots (gpt-4o-mini-tts-2025-03-20, tts-1-1106) are the undated model's. */
const DATED_SNAPSHOT = /^(.+?)-(?:\d{4}-\d{2}-\d{2}|\d{4})$/;

export function speechModelOf(model: string | undefined): SpeechModel {
  if (!model) return DEFAULT_SPEECH_MODEL;
  const undated = DATED_SNAPSHOT.exec(model)?.[1];
  const found =
    OPENAI_MODEL_ALIASES[model] ?? (undated ? OPENAI_MODEL_ALIASES[undated] : undefined) ?? SPEECH_MODELS.find((id) => id === model);
  if (!found) throw validationError('model', `Unknown model '${model}'. Use one of: ${API_MODEL_IDS.join(', ')}`);
  return found;
}

/** OpenAI's voice names, each given a library voice of a similar character. */
export const OPENAI_VOICE_ALIASES: Readonly<Record<string, string>> = {
  alloy: 'en-us-madison',
  ash: 'en-us-friendly-guy',
  ballad: 'en-gb-oliver',
  coral: 'en-gb-charlotte',
  echo: 'en-au-jack',
  fable: 'en-gb-edmund',
  nova: 'en-us-radiant-girl',
  onyx: 'en-us-deep-voice-man',
  sage: 'en-us-wise-woman',
  shimmer: 'en-gb-amelia',
  verse: 'en-us-tyler',
  marin: 'en-us-calm-narrator',
  cedar: 'en-us-grandpa-joe',
};

/** An OpenAI voice name becomes its library voice; anything else is a library or custom voice id (or name). */
export function voiceIdOf(voice: string): string {
  return OPENAI_VOICE_ALIASES[voice.trim().toLowerCase()] ?? voice;
}

const MOOD_WORDS: ReadonlyArray<readonly [Mood, RegExp]> = [
  ['angry', /\b(angr|furious|mad\b|irritat|annoyed|rage|stern)/i],
  ['sad', /\b(sad|somber|sombre|melanchol|gloomy|mournful|sorrow|tearful|depress)/i],
  ['excited', /\b(excit|energetic|enthusias|thrill|hype|upbeat|lively|dramatic)/i],
  ['happy', /\b(happ|cheer|joy|delight|friendly|warm|playful|smil)/i],
  ['calm', /\b(calm|sooth|relax|gentle|soft|serene|whisper|quiet|meditat|slow)/i],
  ['neutral', /\b(neutral|flat|plain|matter-of-fact|monoton|professional)/i],
];

/**
 * Free-form delivery instructions ("Speak in a cheerful tone") as one of our moods. Instructions that name no mood we
 * can speak are refused rather than ignored.
 */
export function moodOfInstructions(instructions: string | undefined): Mood | undefined {
  if (!instructions?.trim()) return undefined;
  const exact = MOODS.find((mood) => mood === instructions.trim().toLowerCase());
  const mood = exact ?? MOOD_WORDS.find(([, pattern]) => pattern.test(instructions))?.[0];
  if (!mood) {
    throw validationError('instructions', `Instructions can set the delivery's mood only: describe one of ${MOODS.join(', ')} (e.g. "Speak in a calm tone")`);
  }
  return mood;
}
