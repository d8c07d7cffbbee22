import { buildForm, type FormSection } from './form.ts';
import { GENRE_PROFILES, programName, type GenreProfile, type Progression } from './genres.ts';
import { MOOD_EFFECTS } from './lexicon.ts';
import { parseLyrics } from './lyrics.ts';
import { readPrompt, type PromptReading } from './prompt.ts';
import { createRandom, type Random } from './random.ts';
import { chordName, keyPrefersFlats, modeQuality, parseNumeral, tonicName, type Mode } from './theory.ts';
import type {
  MusicGenre, LyricSection, MusicKey, MusicPlan, MusicMood, ParsedLyrics, PartRole, PlannedChord, PlannedInstrument,
  PlannedSection, SectionKind,
} from './types.ts';
import { MUSIC_GENRES } from './types.ts';
import { promptLanguage, titleFor } from './titles.ts';

export interface PlanOptions {
  durationSeconds: number;
  seed: number;
  /** Lyrics with optional [Verse]/[Chorus] tags; they shape the form and the lead line. */
  lyrics?: string;
}

/** Seconds the final chord rings after the last bar (the tail the mastering fades). */
const ENDING_SECONDS = 2.4;
const MIN_ENDING_SECONDS = 1.5;
const CHANNEL_BY_ROLE: Record<PartRole, number> = { lead: 0, harmony: 1, bass: 2, pad: 3, texture: 4, drums: 9 };
const DEFAULT_MOOD: Record<MusicGenre, MusicMood> = {
  jazz: 'romantic', lofi: 'calm', pop: 'happy', rock: 'energetic', electronic: 'energetic', hiphop: 'dark',
  classical: 'romantic', cinematic: 'epic', ambient: 'dreamy', folk: 'happy', funk: 'playful', latin: 'romantic',
  blues: 'soulful', reggae: 'happy', metal: 'aggressive',
};

/** Turns a prompt into a full musical plan; the same prompt, duration and seed always give the same plan. */
export function planFromPrompt(prompt: string, options: PlanOptions): MusicPlan {
  if (!(options.durationSeconds >= 5)) throw new Error('durationSeconds must be at least 5');
  const random = createRandom(options.seed);
  const reading = readPrompt(prompt);
  const genre = chooseGenre(reading, random.fork('genre'));
  const profile = GENRE_PROFILES[genre];
  const moods = rankedMoods(reading);
  const mood = moods[0] ?? DEFAULT_MOOD[genre];
  const intensity = moodAverage(moods, 'intensity') ?? MOOD_EFFECTS[mood].intensity;
  const beatsPerBar = reading.beatsPerBar ?? 4;
  const timing = fitTempo(reading, profile, moods, beatsPerBar, options.durationSeconds, random.fork('tempo'));
  const key = chooseKey(reading, profile, moods, random.fork('key'));
  const swing = chooseSwing(reading, profile);
  const lyrics = options.lyrics?.trim() ? parseLyrics(options.lyrics) : undefined;
  const form = lyrics && lyrics.lineCount > 0 ? lyricForm(lyrics, timing.totalBars, beatsPerBar) : undefined;
  const sectionsForm = form?.sections ?? buildForm(profile.form, timing.totalBars);
  const sections = planSections(sectionsForm, profile, key, intensity, beatsPerBar, random.fork('harmony'), form?.lyricSections);
  const instruments = chooseInstruments(reading, profile, random.fork('instruments'));
  const plan: MusicPlan = {
    prompt,
    seed: options.seed >>> 0,
    durationSeconds: options.durationSeconds,
    genre,
    genreLabel: profile.label,
    mood,
    moods,
    title: titleFor(genre, mood, random.fork('title'), promptLanguage(prompt)),
    tags: tagsFor(profile, mood, reading, timing.bpm),
    bpm: timing.bpm,
    beatsPerBar,
    swing: swing.ratio,
    swingUnit: swing.unit,
    key,
    instruments,
    sections,
    totalBars: timing.totalBars,
    barSeconds: timing.barSeconds,
    endingSeconds: options.durationSeconds - timing.totalBars * timing.barSeconds,
    intensity,
    recognised: {
      genres: reading.genreWords,
      moods: reading.moodWords,
      instruments: reading.instruments.map((instrument) => instrument.tag),
      excludedRoles: [...reading.excludedRoles],
      ...(reading.tempo ? { tempo: reading.tempo.label } : {}),
      ...(reading.bpm !== undefined ? { bpm: reading.bpm } : {}),
      ...(reading.key ? { key: reading.key.text } : {}),
    },
  };
  if (reading.voice) plan.voice = reading.voice;
  if (lyrics) plan.lyrics = lyrics;
  return plan;
}

function chooseGenre(reading: PromptReading, random: Random): MusicGenre {
  const scores = new Map(reading.genreScores);
  // Moods lean gently towards the genres that usually carry them.
  for (const [mood, score] of reading.moodScores) {
    MOOD_EFFECTS[mood].genres.forEach((genre, index) => scores.set(genre, (scores.get(genre) ?? 0) + score * (0.15 - index * 0.04)));
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || MUSIC_GENRES.indexOf(a[0]) - MUSIC_GENRES.indexOf(b[0]));
  return ranked[0]?.[0] ?? random.pick(['pop', 'lofi', 'cinematic', 'electronic', 'folk'] as const);
}

function rankedMoods(reading: PromptReading): MusicMood[] {
  return [...reading.moodScores.entries()].sort((a, b) => b[1] - a[1]).map(([mood]) => mood);
}

function moodAverage(moods: readonly MusicMood[], field: 'tempo' | 'intensity' | 'modeLean'): number | undefined {
  if (moods.length === 0) return undefined;
  // The strongest mood counts double.
  const weights = moods.map((_, index) => (index === 0 ? 2 : 1));
  const total = moods.reduce((sum, mood, index) => sum + MOOD_EFFECTS[mood][field] * (weights[index] ?? 1), 0);
  return total / weights.reduce((sum, weight) => sum + weight, 0);
}

interface Timing {
  bpm: number;
  totalBars: number;
  barSeconds: number;
}

/**
 * Picks a tempo inside the genre's range (tempo words, then moods, then chance), then fits whole bars to the
 * duration. A tempo the prompt states is kept exactly and the ending absorbs the remainder; otherwise the tempo is
 * nudged so bars plus the ending fill the duration exactly.
 */
export function fitTempo(
  reading: Pick<PromptReading, 'bpm' | 'tempo'>,
  profile: GenreProfile,
  moods: readonly MusicMood[],
  beatsPerBar: number,
  durationSeconds: number,
  random: Random,
): Timing {
  const musicSeconds = durationSeconds - ENDING_SECONDS;
  if (reading.bpm !== undefined) {
    const barSeconds = (beatsPerBar * 60) / reading.bpm;
    // At least MIN_ENDING_SECONDS for the last chord; the part of a bar that does not fit rings on with it.
    const totalBars = Math.max(1, Math.floor((durationSeconds - MIN_ENDING_SECONDS) / barSeconds));
    return { bpm: reading.bpm, totalBars, barSeconds };
  }
  const [low, high] = profile.tempo;
  const position = reading.tempo?.position ?? moodAverage(moods, 'tempo') ?? 0.5;
  const jittered = position + random.range(-0.12, 0.12);
  const wanted = low + (high - low) * Math.min(1.35, Math.max(-0.3, jittered));
  const totalBars = Math.max(1, Math.round(musicSeconds / ((beatsPerBar * 60) / wanted)));
  const bpm = Math.round(((totalBars * beatsPerBar * 60) / musicSeconds) * 1000) / 1000;
  return { bpm, totalBars, barSeconds: (beatsPerBar * 60) / bpm };
}

function chooseKey(reading: PromptReading, profile: GenreProfile, moods: readonly MusicMood[], random: Random): MusicKey {
  const lean = moodAverage(moods, 'modeLean') ?? 0;
  const weighted = profile.modes.map(([mode, weight]) => {
    const major = modeQuality(mode) === 'major';
    return [mode, Math.max(0.02, weight * (1 + (major ? 0.9 : -0.9) * lean))] as const;
  });
  const mode: Mode = reading.key?.mode ?? random.weighted(weighted);
  const tonic = reading.key?.tonic ?? random.pick(profile.tonics);
  return { tonic, mode, name: `${tonicName(tonic, mode)} ${mode}` };
}

function chooseSwing(reading: PromptReading, profile: GenreProfile): { ratio: number; unit: 8 | 16 } {
  if (reading.swing === 'straight') return { ratio: 0.5, unit: profile.swing.unit };
  if (reading.swing === 'swing' && profile.swing.ratio < 0.6) return { ratio: 0.64, unit: profile.swing.unit };
  return profile.swing;
}

const BASE_ENERGY: Record<SectionKind, number> = {
  intro: 0.3, verse: 0.5, preChorus: 0.65, chorus: 0.82, bridge: 0.55, solo: 0.72, breakdown: 0.3, outro: 0.38,
};

function planSections(
  form: readonly FormSection[],
  profile: GenreProfile,
  key: MusicKey,
  intensity: number,
  beatsPerBar: number,
  random: Random,
  lyricSections?: readonly (LyricSection | undefined)[],
): PlannedSection[] {
  const mode = key.mode;
  const flats = keyPrefersFlats(key.tonic, mode);
  const set = profile.progressions[modeQuality(mode)];
  const progressions: Record<'verse' | 'chorus' | 'bridge', Progression> = {
    verse: random.pick(set.verse),
    chorus: random.pick(set.chorus),
    bridge: random.pick(set.bridge),
  };
  const counts = new Map<SectionKind, number>();
  const lastChorus = form.map((section) => section.kind).lastIndexOf('chorus');
  let startBar = 0;
  return form.map((section, index) => {
    const occurrence = (counts.get(section.kind) ?? 0) + 1;
    counts.set(section.kind, occurrence);
    const next = form[index + 1];
    const progression = progressionFor(section.kind, progressions);
    const isLast = index === form.length - 1;
    const chords = sectionChords(progression, section.bars, beatsPerBar, {
      endOnDominant: isLast || (next?.kind === 'chorus' && section.kind !== 'chorus'),
      mode,
    }).map((chord) => ({ ...chord, name: chordName(chord, key.tonic, flats) }));
    const climb = section.kind === 'chorus' && index === lastChorus ? 0.12 : (occurrence - 1) * 0.04;
    const energy = clamp((BASE_ENERGY[section.kind] + climb) * (0.75 + 0.45 * intensity), 0.12, 1);
    const planned: PlannedSection = {
      kind: section.kind,
      label: labelFor(section.kind, occurrence, profile),
      startBar,
      bars: section.bars,
      energy: Math.round(energy * 100) / 100,
      chords,
    };
    const lyricSection = lyricSections?.[index];
    if (lyricSection) planned.lyricLines = lyricSection.lines;
    startBar += section.bars;
    return planned;
  });
}

function progressionFor(kind: SectionKind, progressions: Record<'verse' | 'chorus' | 'bridge', Progression>): Progression {
  switch (kind) {
    case 'chorus': case 'outro': case 'breakdown': return progressions.chorus;
    case 'bridge': return progressions.bridge;
    case 'preChorus': return progressions.bridge;
    default: return progressions.verse;
  }
}

/** The numeral a section ends on to lead into a chorus or the final chord. */
function dominantFor(mode: Mode, progression: Progression): string {
  if (progression.some((bar) => bar.includes('5') && !bar.includes('7'))) return 'V5';
  if (progression.some((bar) => /7/.test(bar))) return 'V7';
  if (mode === 'mixolydian') return 'bVII';
  return 'V';
}

function sectionChords(
  progression: Progression,
  bars: number,
  beatsPerBar: number,
  options: { endOnDominant: boolean; mode: Mode },
): PlannedChord[] {
  const chords: PlannedChord[] = [];
  for (let bar = 0; bar < bars; bar++) {
    let barText = progression[bar % progression.length] ?? 'I';
    if (options.endOnDominant && bar === bars - 1 && bars >= 2 && !/^V(?!I)/.test(barText.split(' ').pop() ?? '')) {
      barText = dominantFor(options.mode, progression);
    }
    const numerals = barText.split(/\s+/).filter(Boolean);
    const beatsEach = beatsPerBar / numerals.length;
    numerals.forEach((numeral, index) => {
      const chord = parseNumeral(numeral);
      chords.push({ numeral, name: '', root: chord.root, quality: chord.quality, startBeat: bar * beatsPerBar + index * beatsEach, beats: beatsEach });
    });
  }
  return chords;
}

function labelFor(kind: SectionKind, occurrence: number, profile: GenreProfile): string {
  const names: Record<SectionKind, string> = {
    intro: 'Intro', verse: 'Verse', preChorus: 'Pre-Chorus', chorus: profile.form === 'electronic' ? 'Drop' : 'Chorus',
    bridge: 'Bridge', solo: 'Solo', breakdown: 'Breakdown', outro: 'Outro',
  };
  const repeatable = kind !== 'intro' && kind !== 'outro';
  return repeatable && occurrence > 1 ? `${names[kind]} ${occurrence}` : names[kind];
}

function chooseInstruments(reading: PromptReading, profile: GenreProfile, random: Random): PlannedInstrument[] {
  const chosen = new Map<PartRole, PlannedInstrument>();
  const assign = (role: PartRole, program: number, fromPrompt: boolean): void => {
    chosen.set(role, { role, program, name: programName(program, role === 'drums'), channel: CHANNEL_BY_ROLE[role], fromPrompt });
  };
  // Named instruments take the first role they suit that no other named instrument has taken.
  for (const instrument of reading.instruments) {
    const role = instrument.roles.find((candidate) => !chosen.get(candidate)?.fromPrompt);
    if (!role) continue;
    // "drums" or "percussion" asks for drums, not for a kit: keep the genre's own kit when it has one.
    const genericDrums = role === 'drums' && (instrument.tag === 'drums' || instrument.tag === 'percussion');
    assign(role, genericDrums ? (profile.instruments.drums?.[0] ?? instrument.program) : instrument.program, true);
  }
  const pools: Record<PartRole, readonly number[] | null> = {
    drums: profile.instruments.drums, bass: profile.instruments.bass, harmony: profile.instruments.harmony,
    lead: profile.instruments.lead, pad: profile.instruments.pad, texture: profile.instruments.texture,
  };
  for (const role of ['drums', 'bass', 'harmony', 'lead', 'pad', 'texture'] as const) {
    if (chosen.has(role) || reading.excludedRoles.has(role)) continue;
    const pool = pools[role]?.filter((program) => !reading.excludedPrograms.has(program));
    if (pool && pool.length > 0) assign(role, random.pick(pool), false);
  }
  for (const role of reading.excludedRoles) chosen.delete(role);
  return [...chosen.values()].sort((a, b) => a.channel - b.channel);
}

function tagsFor(profile: GenreProfile, mood: MusicMood, reading: PromptReading, bpm: number): string[] {
  const tags = [profile.label.toLowerCase(), mood, ...reading.instruments.map((instrument) => instrument.tag)];
  tags.push(reading.tempo?.label ?? (bpm < 85 ? 'slow' : bpm > 125 ? 'fast' : 'mid-tempo'));
  return [...new Set(tags)];
}

interface LyricForm {
  sections: FormSection[];
  /** The lyric section for each form section (undefined for instrumental ones). */
  lyricSections: (LyricSection | undefined)[];
}

/**
 * The form follows the lyrics: each tagged section gets two bars a line (one when time is short), with an
 * instrumental intro and outro. Sections that do not fit the duration are dropped from the end; spare bars repeat
 * the last chorus, then make room for an instrumental solo before the last section, then lengthen intro and outro.
 */
export function lyricForm(lyrics: ParsedLyrics, totalBars: number, beatsPerBar: number): LyricForm {
  const sung = lyrics.sections.filter((section) => section.lines.length > 0 || section.kind === 'solo');
  const intro = Math.min(4, Math.max(1, Math.floor(totalBars * 0.08)));
  const outro = Math.min(4, Math.max(1, Math.floor(totalBars * 0.06)));
  const available = Math.max(1, totalBars - intro - outro);
  const longLine = (section: LyricSection): boolean => section.lines.some((line) => line.syllables.length > beatsPerBar * 2.5);
  let barsPerLine = 2;
  const needed = (perLine: number): number =>
    sung.reduce((sum, section) => sum + (section.lines.length > 0 ? (perLine === 1 && longLine(section) ? 2 : perLine) * section.lines.length : 4), 0);
  if (needed(2) > available) barsPerLine = 1;
  const sections: FormSection[] = [{ kind: 'intro', bars: intro }];
  const lyricSections: (LyricSection | undefined)[] = [undefined];
  let used = 0;
  for (const section of sung) {
    const perLine = barsPerLine === 1 && longLine(section) ? 2 : barsPerLine;
    // A tag with no lines ([Instrumental], [Solo]) is a four-bar instrumental.
    const bars = section.lines.length > 0 ? section.lines.length * perLine : 4;
    if (used + bars > available) break;
    sections.push({ kind: section.kind === 'intro' || section.kind === 'outro' ? 'verse' : section.kind, bars });
    lyricSections.push(section);
    used += bars;
  }
  let spare = available - used;
  // Songs end on their chorus: repeat the last one (words and all) while there is room, at most twice.
  const chorusIndex = lyricSections.map((section) => section?.kind).lastIndexOf('chorus');
  const chorus = lyricSections[chorusIndex];
  const chorusBars = sections[chorusIndex]?.bars ?? 0;
  for (let repeats = 0; chorus && chorusBars > 0 && spare >= chorusBars && repeats < 2; repeats++) {
    sections.push({ kind: 'chorus', bars: chorusBars });
    lyricSections.push(chorus);
    spare -= chorusBars;
  }
  if (spare >= 8 && sections.length > 2) {
    // An instrumental break before the last sung section.
    const solo = Math.min(16, spare - (spare % 4));
    sections.splice(sections.length - 1, 0, { kind: 'solo', bars: solo });
    lyricSections.splice(lyricSections.length - 1, 0, undefined);
    spare -= solo;
  }
  const first = sections[0] as FormSection;
  first.bars += Math.floor(spare / 2);
  sections.push({ kind: 'outro', bars: outro + Math.ceil(spare / 2) });
  lyricSections.push(undefined);
  return { sections, lyricSections };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
