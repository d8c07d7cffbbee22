import { TEXT_MAX_LENGTH, type SpeechModel } from '@sound-studio/shared';
import { defaultMoodOf, resolveVoice } from '../voices/catalogue.ts';
import { findSpeechLanguage } from '../voices/languages.ts';
import { LOCAL_MODEL_CONFIGS, resolveModel, type LocalModelConfig } from './models.ts';
import { moodProsody } from './moods.ts';
import { baseLanguage, normalizeText } from './normalize/normalize.ts';
import { PAUSE_MARKER_RUN, splitAtPauseMarkers } from './pause-markers.ts';
import { splitLead, splitSentences, type TextPiece } from './sentences.ts';
import { MOODS, SpeechError, type Mood, type SpeechRequest, type VoiceSpec } from './types.ts';

/** Longest total silence the pause markers of one request may add. */
export const MAX_TOTAL_PAUSE_SECONDS = 120;

export const SPEED_RANGE = { min: 0.5, max: 2 } as const;
export const PITCH_RANGE = { min: -1, max: 1 } as const;
export const VOLUME_RANGE = { min: 0, max: 1 } as const;

export interface SpeechLimits {
  /** Characters per request, pause markers included (the spec's 5,000 by default). */
  maxCharacters: number;
}

export const DEFAULT_SPEECH_LIMITS: SpeechLimits = { maxCharacters: TEXT_MAX_LENGTH };

export type PlannedSegment =
  | {
      kind: 'sentence';
      text: string;
      /** Where `text` starts in the request's text, so word timings point at what the user wrote. */
      textOffset: number;
      spokenText: string;
      gapAfterSeconds: number;
    }
  | { kind: 'pause'; seconds: number };

/** eSpeak's controls for a whole request (see `localProsody`). */
export interface LocalProsody {
  rate: number;
  pitch: number;
  pitchRange: number;
  gain: number;
}

export interface SpeechPlan {
  model: SpeechModel;
  config: LocalModelConfig;
  voice: VoiceSpec;
  mood: Mood;
  /** BCP 47 tag actually spoken and the eSpeak voice file for it. */
  language: string;
  espeakVoice: string;
  prosody: LocalProsody;
  segments: PlannedSegment[];
}

const DEFAULT_STABILITY = 0.5;

/** eSpeak speaks 175 words per minute at its default; request speed and mood scale that. */
const BASE_WORDS_PER_MINUTE = 175;
const RATE_LIMITS = { min: 80, max: 450 } as const;
/** Base pitch 50 of eSpeak's 0–99 moves by this much per unit of request pitch. */
const PITCH_SPAN = 35;

/** Validates a request and turns it into the ordered list of sentences and pauses to render. */
export function planSpeech(request: SpeechRequest, limits: SpeechLimits = DEFAULT_SPEECH_LIMITS, leadPieceMaxLength?: number): SpeechPlan {
  validateRequest(request, limits);
  const model = resolveModel(request.model);
  const config = LOCAL_MODEL_CONFIGS[model];
  const { voice, defaultMood } = resolveVoiceSpec(request.voice);
  const mood = request.mood ?? defaultMood;
  const { language, espeakVoice } = effectiveLanguage(voice, request.language);
  const tempo = request.speed * moodProsody(mood).rate;
  const segments = planSegments(request.text, language, config, tempo, { leadPieceMaxLength, normalize: request.normalizeText ?? true });
  const prosody = localProsody(request, voice, mood, config);
  return { model, config, voice, mood, language, espeakVoice, prosody, segments };
}

export function validateRequest(request: SpeechRequest, limits: SpeechLimits): void {
  if (typeof request.text !== 'string' || request.text.trim() === '') {
    throw new SpeechError('TEXT_EMPTY', 'Text is required');
  }
  if (request.text.length > limits.maxCharacters) {
    throw new SpeechError('TEXT_TOO_LONG', `Text is longer than ${limits.maxCharacters} characters`, {
      length: request.text.length,
      maxCharacters: limits.maxCharacters,
    });
  }
  checkRange('speed', request.speed, SPEED_RANGE);
  checkRange('pitch', request.pitch, PITCH_RANGE);
  checkRange('volume', request.volume, VOLUME_RANGE);
  if (request.mood !== undefined && !MOODS.includes(request.mood)) {
    throw new SpeechError('INVALID_SETTING', `Unknown mood "${String(request.mood)}"`, { allowed: MOODS });
  }
}

function checkRange(name: string, value: number, range: { min: number; max: number }): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) {
    throw new SpeechError('INVALID_SETTING', `${name} must be between ${range.min} and ${range.max}`, { [name]: value });
  }
}

/** A VoiceSpec is used as given; a string is looked up as a catalogue id, mood id or voice name. */
export function resolveVoiceSpec(voice: VoiceSpec | string): { voice: VoiceSpec; defaultMood: Mood } {
  if (typeof voice !== 'string') return { voice, defaultMood: 'neutral' };
  const found = resolveVoice(voice);
  if (!found) throw new SpeechError('UNKNOWN_VOICE', `Unknown voice "${voice}"`, { voice });
  return { voice: found.voice.engine, defaultMood: found.mood ?? defaultMoodOf(found.voice) };
}

/**
 * The voice's own language unless the request names another one. A bare base code that matches the voice (`en` for a
 * British voice) keeps the voice's accent; anything else switches eSpeak's language and keeps the voice's timbre.
 */
function effectiveLanguage(voice: VoiceSpec, requested: string | undefined): { language: string; espeakVoice: string } {
  const own = { language: voice.language, espeakVoice: voice.espeakVoice };
  if (requested === undefined || requested.trim() === '') return own;
  const sameTag = requested.toLowerCase() === voice.language.toLowerCase();
  const bareSameBase = !requested.includes('-') && baseLanguage(requested) === baseLanguage(voice.language);
  if (sameTag || bareSameBase) return own;
  const language = findSpeechLanguage(requested);
  if (!language) throw new SpeechError('UNSUPPORTED_LANGUAGE', `Language "${requested}" is not supported`, { language: requested });
  return { language: language.code, espeakVoice: language.espeakVoice };
}

export function localProsody(request: SpeechRequest, voice: VoiceSpec, mood: Mood, config: LocalModelConfig): LocalProsody {
  const shape = moodProsody(mood);
  const rate = BASE_WORDS_PER_MINUTE * request.speed * shape.rate * (voice.rateFactor ?? 1);
  const pitch = 50 + PITCH_SPAN * (request.pitch + (voice.pitchOffset ?? 0)) + shape.pitchShift;
  // Stability 0.5 keeps the designed intonation; 0 widens its range by half, 1 halves it.
  const variation = 1.5 - (request.stability ?? DEFAULT_STABILITY);
  return {
    rate: clampRound(rate, RATE_LIMITS.min, RATE_LIMITS.max),
    pitch: clampRound(pitch, 0, 99),
    pitchRange: clampRound(shape.pitchRange * config.intonationScale * variation, 0, 99),
    gain: request.volume * shape.gain,
  };
}

function clampRound(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Sentences (normalised for speech) and pauses in order, with the silence each sentence leaves after itself. With
 * `leadPieceMaxLength`, the first sentence starts with a short lead piece (see `splitLead`).
 */
export interface SegmentOptions {
  leadPieceMaxLength?: number | undefined;
  /** Expand numbers, abbreviations and symbols into words (default true). */
  normalize?: boolean;
}

export function planSegments(text: string, language: string, config: LocalModelConfig, tempo: number, options: SegmentOptions = {}): PlannedSegment[] {
  const { leadPieceMaxLength, normalize = true } = options;
  const segments: PlannedSegment[] = [];
  let totalPause = 0;
  let cursor = 0;
  for (const part of splitAtPauseMarkers(text)) {
    if (part.kind === 'pause') {
      totalPause += part.seconds;
      segments.push(part);
      cursor = skipPauseMarkers(text, cursor);
      continue;
    }
    const sentences = splitSentences(part.text, language);
    const isFirstSpeech = !segments.some((segment) => segment.kind === 'sentence');
    for (const piece of leadPieceMaxLength && isFirstSpeech ? splitLead(sentences, leadPieceMaxLength) : sentences) {
      const gapMs = gapAfterMs(piece, config);
      const found = text.indexOf(piece.text, cursor);
      const textOffset = found === -1 ? cursor : found;
      cursor = textOffset + piece.text.length;
      segments.push({
        kind: 'sentence',
        text: piece.text,
        textOffset,
        spokenText: normalize ? normalizeText(piece.text, language) : piece.text.trim(),
        gapAfterSeconds: gapMs / 1000 / tempo,
      });
    }
  }
  if (totalPause > MAX_TOTAL_PAUSE_SECONDS) {
    throw new SpeechError('INVALID_SETTING', `Pause markers add up to more than ${MAX_TOTAL_PAUSE_SECONDS} seconds`, { totalPause });
  }
  const spoken = segments.filter((segment) => segment.kind === 'sentence' && segment.spokenText !== '');
  if (spoken.length === 0) throw new SpeechError('TEXT_EMPTY', 'Text has nothing to speak');
  return dropGapsBeforePausesAndEnd(segments.filter((segment) => segment.kind === 'pause' || segment.spokenText !== ''));
}

function gapAfterMs(piece: TextPiece, config: LocalModelConfig): number {
  if (piece.endsSentence) return config.sentenceGapMs;
  return piece.endsClause === false ? 0 : config.clauseGapMs;
}

/** The offset just after the run of pause markers that starts at or after `cursor`. */
function skipPauseMarkers(text: string, cursor: number): number {
  const start = text.indexOf('<#', cursor);
  if (start === -1) return cursor;
  PAUSE_MARKER_RUN.lastIndex = start;
  const run = PAUSE_MARKER_RUN.exec(text);
  return run ? run.index + run[0].length : cursor;
}

/** An explicit pause replaces the sentence gap before it, and the last sentence needs no gap. */
function dropGapsBeforePausesAndEnd(segments: PlannedSegment[]): PlannedSegment[] {
  return segments.map((segment, index) => {
    if (segment.kind !== 'sentence') return segment;
    const next = segments[index + 1];
    return next === undefined || next.kind === 'pause' ? { ...segment, gapAfterSeconds: 0 } : segment;
  });
}
