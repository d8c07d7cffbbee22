import type { Mood, SpeechEngine, SpeechModel, VoiceSpec } from '../speech/types.ts';
import { findSpeechLanguage } from '../voices/languages.ts';
import type { VoiceGender } from '../voices/types.ts';
import type { VoiceAnalysis } from './analyse.ts';
import { analyseVoice } from './analyse.ts';
import { calibrationTextFor } from './calibration-texts.ts';

/**
 * Builds a local-engine voice that matches a sample's measurable traits: the closest eSpeak NG variant by pitch
 * register and brightness, then pitch and rate calibrated by synthesising, measuring with the same analyser, and
 * correcting (a secant step in log space) until both are within tolerance. eSpeak renders a sentence in ~20 ms, so a
 * few rounds cost about a second. This is a match of pitch, intonation range, tempo and brightness: it does not copy
 * the speaker's timbre or identity, and the result says so.
 */
export interface VoiceMatchOptions {
  /** BCP 47 language the voice will speak, e.g. `en-US`, `tr`. */
  language: string;
  /** A local speech engine to calibrate against. */
  engine: SpeechEngine;
  /** Analyses a render; defaults to `analyseVoice` in this thread (pass a worker-backed one on a server). */
  analyse?: (samples: Float32Array, sampleRate: number) => Promise<VoiceAnalysis> | VoiceAnalysis;
  model?: SpeechModel;
  /** Calibration stops once both errors are below this fraction. */
  tolerance?: number;
  maxIterations?: number;
  calibrationText?: string;
  signal?: AbortSignal;
}

export interface VoiceTraits {
  medianPitchHz: number;
  speakingRateSyllablesPerSecond: number;
  pitchRangeSemitones: number;
  brightnessHz: number;
}

export interface VoiceMatch {
  voice: VoiceSpec;
  /** Speak with this mood: its intonation range is the closest to the sample's. */
  mood: Mood;
  gender: Exclude<VoiceGender, 'neutral'>;
  target: VoiceTraits;
  /** What the engine measured for the matched voice on the calibration text. */
  achieved: VoiceTraits;
  /** Signed relative errors of the achieved values, in percent. */
  pitchErrorPercent: number;
  rateErrorPercent: number;
  withinTenPercent: boolean;
  iterations: number;
  /** Plain statement of what a local match is, for the UI. */
  note: string;
}

export const LOCAL_MATCH_NOTE =
  'Local match: an eSpeak NG voice tuned to the sample’s median pitch, intonation range, speaking rate and brightness. ' +
  'It does not reproduce the speaker’s timbre or identity; configure MiniMax for a real voice clone.';

const MALE_VARIANTS = ['m1', 'm2', 'm3', 'm4', 'm6', 'm7'] as const;
const FEMALE_VARIANTS = ['f1', 'f2', 'f3', 'f4', 'f5'] as const;
/** Below this median pitch a sample is matched with male variants, above it with female ones; near it, both compete. */
const REGISTER_SPLIT_HZ = 165;
const REGISTER_OVERLAP_HZ = 25;
/** Speech plan: eSpeak base pitch = 50 + 35·offset + mood shift, clamped to 0..99. */
const PITCH_UNITS_PER_OFFSET = 35;
/** Measured here: eSpeak's F0 grows about 1.34× per unit of pitch offset (natural log slope 0.29). */
const INITIAL_LOG_PITCH_SLOPE = 0.29;
/** Measured syllable rate grows a little slower than eSpeak's words per minute. */
const INITIAL_LOG_RATE_SLOPE = 0.85;
const RANGE_BY_MOOD: ReadonlyArray<readonly [Mood, number]> = [['calm', 0.78], ['neutral', 1], ['happy', 1.24]];
const MOOD_PITCH_SHIFT: Readonly<Partial<Record<Mood, number>>> = { calm: -4, happy: 7 };
const WPM_LIMITS = { base: 175, min: 80, max: 450 } as const;
const MOOD_RATE: Readonly<Partial<Record<Mood, number>>> = { calm: 0.9, happy: 1.08 };

interface Probe {
  variant: string;
  traits: VoiceTraits;
}

/** Variant probes depend only on language, variant and model, so they are shared by every match in the process. */
const probeCache = new Map<string, Promise<VoiceTraits>>();

export async function matchVoice(sample: VoiceAnalysis, options: VoiceMatchOptions): Promise<VoiceMatch> {
  const language = findSpeechLanguage(options.language) ?? findSpeechLanguage('en-US');
  if (!language) throw new Error('No speech language available');
  if (sample.medianPitchHz <= 0) throw new Error('The sample has no voiced speech to match');
  const target = traitsOf(sample);
  const base: VoiceSpec = { language: language.code, espeakVoice: language.espeakVoice };
  const text = options.calibrationText ?? calibrationTextFor(language.code);
  const measure = (voice: VoiceSpec, mood: Mood): Promise<VoiceTraits> => measureRender(options, voice, mood, text);

  const probes = await Promise.all(candidateVariants(target.medianPitchHz).map(async (variant): Promise<Probe> => ({
    variant,
    traits: await cachedProbe(`${base.espeakVoice}|${variant}|${options.model ?? ''}|${text}`, () => measure({ ...base, variant }, 'neutral')),
  })));
  const chosen = closestVariant(probes, target);
  const mood = closestMood(chosen.traits.pitchRangeSemitones, target.pitchRangeSemitones);
  const calibrated = await calibrate({ ...base, variant: chosen.variant }, mood, target, chosen.traits, measure, options);
  const pitchError = relativeError(calibrated.achieved.medianPitchHz, target.medianPitchHz);
  const rateError = relativeError(calibrated.achieved.speakingRateSyllablesPerSecond, target.speakingRateSyllablesPerSecond);
  return {
    voice: calibrated.voice,
    mood,
    gender: chosen.variant.startsWith('f') ? 'female' : 'male',
    target,
    achieved: calibrated.achieved,
    pitchErrorPercent: pitchError * 100,
    rateErrorPercent: rateError * 100,
    withinTenPercent: Math.abs(pitchError) <= 0.1 && Math.abs(rateError) <= 0.1,
    iterations: calibrated.iterations,
    note: LOCAL_MATCH_NOTE,
  };
}

function traitsOf(analysis: VoiceAnalysis): VoiceTraits {
  return {
    medianPitchHz: analysis.medianPitchHz,
    speakingRateSyllablesPerSecond: analysis.speakingRateSyllablesPerSecond,
    pitchRangeSemitones: analysis.pitchRangeSemitones,
    brightnessHz: analysis.brightnessHz,
  };
}

function cachedProbe(key: string, run: () => Promise<VoiceTraits>): Promise<VoiceTraits> {
  let probe = probeCache.get(key);
  if (!probe) {
    probe = run();
    probeCache.set(key, probe);
    probe.catch(() => probeCache.delete(key));
  }
  return probe;
}

async function measureRender(options: VoiceMatchOptions, voice: VoiceSpec, mood: Mood, text: string): Promise<VoiceTraits> {
  const result = await options.engine.speak(
    { text, voice, speed: 1, pitch: 0, volume: 1, mood, ...(options.model ? { model: options.model } : {}) },
    options.signal ? { signal: options.signal } : {},
  );
  if (result.format !== 'pcm') throw new Error('Voice matching needs the local engine (PCM output)');
  const analyse = options.analyse ?? analyseVoice;
  return traitsOf(await analyse(result.samples, result.sampleRate));
}

function candidateVariants(medianPitchHz: number): string[] {
  if (medianPitchHz < REGISTER_SPLIT_HZ - REGISTER_OVERLAP_HZ) return [...MALE_VARIANTS];
  if (medianPitchHz > REGISTER_SPLIT_HZ + REGISTER_OVERLAP_HZ) return [...FEMALE_VARIANTS];
  return [...MALE_VARIANTS, ...FEMALE_VARIANTS];
}

/** Brightness decides among variants; the pitch shift a variant would need breaks ties and rules out strained ones. */
function closestVariant(probes: readonly Probe[], target: VoiceTraits): Probe {
  const cost = (probe: Probe): number => {
    const brightness = Math.abs(Math.log(target.brightnessHz / Math.max(1, probe.traits.brightnessHz)));
    const offsetNeeded = Math.abs(Math.log(target.medianPitchHz / probe.traits.medianPitchHz)) / INITIAL_LOG_PITCH_SLOPE;
    return 2 * brightness + 0.3 * offsetNeeded + (offsetNeeded > 1.2 ? 10 : 0);
  };
  return probes.reduce((best, probe) => (cost(probe) < cost(best) ? probe : best));
}

function closestMood(neutralRange: number, targetRange: number): Mood {
  const [mood] = RANGE_BY_MOOD.reduce((best, candidate) =>
    Math.abs(neutralRange * candidate[1] - targetRange) < Math.abs(neutralRange * best[1] - targetRange) ? candidate : best,
  );
  return mood;
}

interface Calibration {
  voice: VoiceSpec;
  achieved: VoiceTraits;
  iterations: number;
}

/**
 * Secant iteration on log pitch against the pitch offset and log rate against the log rate factor; the slopes start
 * from values measured on eSpeak and are re-estimated from the last two renders. The best render is kept.
 */
async function calibrate(
  start: VoiceSpec,
  mood: Mood,
  target: VoiceTraits,
  neutral: VoiceTraits,
  measure: (voice: VoiceSpec, mood: Mood) => Promise<VoiceTraits>,
  options: VoiceMatchOptions,
): Promise<Calibration> {
  const tolerance = options.tolerance ?? 0.03;
  const maxIterations = options.maxIterations ?? 5;
  let pitchSlope = INITIAL_LOG_PITCH_SLOPE;
  let rateSlope = INITIAL_LOG_RATE_SLOPE;
  // First guess from the neutral probe; the mood's own shift is compensated for.
  let offset = clampOffset(Math.log(target.medianPitchHz / neutral.medianPitchHz) / pitchSlope - (MOOD_PITCH_SHIFT[mood] ?? 0) / PITCH_UNITS_PER_OFFSET, mood);
  let logRate = clampLogRate(Math.log(target.speakingRateSyllablesPerSecond / neutral.speakingRateSyllablesPerSecond) / rateSlope - Math.log(MOOD_RATE[mood] ?? 1), mood);
  let best: (Calibration & { score: number }) | undefined;
  let previous: { offset: number; logRate: number; traits: VoiceTraits } | undefined;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const voice: VoiceSpec = { ...start, pitchOffset: round(offset, 3), rateFactor: round(Math.exp(logRate), 3) };
    const traits = await measure(voice, mood);
    const pitchMiss = Math.log(target.medianPitchHz / traits.medianPitchHz);
    const rateMiss = Math.log(target.speakingRateSyllablesPerSecond / Math.max(0.1, traits.speakingRateSyllablesPerSecond));
    const score = Math.max(Math.abs(pitchMiss), Math.abs(rateMiss));
    if (!best || score < best.score) best = { voice, achieved: traits, iterations: iteration, score };
    if (score < tolerance) break;
    if (previous) {
      pitchSlope = secantSlope(Math.log(traits.medianPitchHz / previous.traits.medianPitchHz), offset - previous.offset, pitchSlope, [0.12, 0.6]);
      rateSlope = secantSlope(
        Math.log(traits.speakingRateSyllablesPerSecond / Math.max(0.1, previous.traits.speakingRateSyllablesPerSecond)),
        logRate - previous.logRate,
        rateSlope,
        [0.4, 1.5],
      );
    }
    previous = { offset, logRate, traits };
    offset = clampOffset(offset + pitchMiss / pitchSlope, mood);
    logRate = clampLogRate(logRate + rateMiss / rateSlope, mood);
  }
  if (!best) throw new Error('Calibration made no render');
  return { voice: best.voice, achieved: best.achieved, iterations: best.iterations };
}

function secantSlope(change: number, step: number, fallback: number, [min, max]: readonly [number, number]): number {
  if (Math.abs(step) < 1e-3) return fallback;
  const slope = change / step;
  return Number.isFinite(slope) && slope >= min && slope <= max ? slope : fallback;
}

/** Keeps eSpeak's base pitch (50 + 35·offset + mood shift) inside 0..99. */
function clampOffset(offset: number, mood: Mood): number {
  const shift = MOOD_PITCH_SHIFT[mood] ?? 0;
  return Math.min((99 - 50 - shift) / PITCH_UNITS_PER_OFFSET, Math.max((0 - 50 - shift) / PITCH_UNITS_PER_OFFSET, offset));
}

/** Keeps words per minute (175 × mood rate × rate factor) inside eSpeak's 80..450. */
function clampLogRate(logRate: number, mood: Mood): number {
  const moodRate = MOOD_RATE[mood] ?? 1;
  return Math.min(Math.log(WPM_LIMITS.max / (WPM_LIMITS.base * moodRate)), Math.max(Math.log(WPM_LIMITS.min / (WPM_LIMITS.base * moodRate)), logRate));
}

function relativeError(achieved: number, target: number): number {
  return target > 0 ? (achieved - target) / target : 0;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
