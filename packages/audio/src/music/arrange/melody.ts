import type { Random } from '../random.ts';
import { nearestPitch, pitchClass } from '../theory.ts';
import type { LyricLine, NoteEvent, PlannedSection, SectionKind } from '../types.ts';
import { endingTicks } from './bass.ts';
import { clampVelocity, energyVelocity, TICKS_PER_BEAT, type ArrangeContext } from './context.ts';

export interface MelodyOptions {
  /** Register centre (MIDI pitch) and the instrument's playable range. */
  centre: number;
  low: number;
  high: number;
  /** Average notes per beat in a full-energy section. */
  density: number;
}

/** A sung syllable as the lead plays it. */
export interface SyllableNote {
  text: string;
  wordIndex: number;
  lineText: string;
  section: string;
  tick: number;
  durationTicks: number;
  pitch: number;
  lineStartTick: number;
  lineEndTick: number;
}

interface RhythmNote {
  offset: number;
  length: number;
}

/** A motif: a two-bar rhythm and the scale steps between its notes. */
interface Motif {
  rhythm: RhythmNote[];
  steps: number[];
}

const eighth = TICKS_PER_BEAT / 2;
const REGISTER_SHIFT: Record<SectionKind, number> = {
  intro: 0, verse: -2, preChorus: 1, chorus: 4, bridge: 2, solo: 3, breakdown: 0, outro: 0,
};

/**
 * The lead line. Each kind of section gets its own motifs (so every chorus sings the same tune), arranged in
 * two-bar phrases A A' B A''; notes on strong beats land on chord tones, the rest move by scale steps.
 * With lyrics, each syllable gets one note and the rhythm follows the syllables.
 */
export function melodyPart(context: ArrangeContext, random: Random, options: MelodyOptions): { notes: NoteEvent[]; syllables: SyllableNote[] } {
  const notes: NoteEvent[] = [];
  const syllables: SyllableNote[] = [];
  const motifs = new Map<string, Motif>();
  const motifFor = (key: string, density: number): Motif => {
    let motif = motifs.get(key);
    if (!motif) {
      motif = makeMotif(random.fork(`motif:${key}`), context.plan.beatsPerBar, density);
      motifs.set(key, motif);
    }
    return motif;
  };
  let previous = options.centre;
  context.plan.sections.forEach((section) => {
    const centre = options.centre + REGISTER_SHIFT[section.kind];
    if (section.lyricLines && section.lyricLines.length > 0) {
      previous = singLines(context, section, section.lyricLines, { ...options, centre }, previous, motifFor, notes, syllables);
      return;
    }
    const phrases = phrasesFor(section);
    const density = options.density * (section.kind === 'solo' ? 1.5 : 1) * (0.55 + 0.5 * section.energy);
    for (const { bar, letter } of phrases) {
      const motif = motifFor(`${motifKind(section.kind)}:${letter === "A'" || letter === "A''" ? 'A' : letter}`, density);
      const startTick = context.sectionStartTick(section) + bar * context.barTicks;
      const shift = letter === "A'" ? 2 : 0;
      const ending = letter === "A''" || bar + 2 >= section.bars;
      previous = realise(context, motif, startTick, { ...options, centre }, previous, shift, ending, section, notes);
    }
  });
  notes.push({
    tick: context.endTick,
    durationTicks: endingTicks(context),
    pitch: nearestPitch(context.plan.key.tonic, previous),
    velocity: 90,
  });
  return { notes, syllables };
}

function motifKind(kind: SectionKind): string {
  return kind === 'outro' || kind === 'intro' ? 'chorus' : kind === 'breakdown' ? 'bridge' : kind;
}

/** Which two-bar phrases of a section the lead plays, and which motif letter each uses. */
function phrasesFor(section: PlannedSection): { bar: number; letter: string }[] {
  const letters = ['A', "A'", 'B', "A''"];
  const phrases: { bar: number; letter: string }[] = [];
  let first = 0;
  let last = section.bars;
  if (section.kind === 'intro') first = Math.max(0, section.bars - 2);
  if (section.kind === 'intro' && section.bars < 4) return [];
  if (section.kind === 'outro') last = Math.min(section.bars, Math.max(2, Math.floor(section.bars / 2)));
  if (section.kind === 'breakdown' && section.energy < 0.3) return [];
  for (let bar = first, index = 0; bar + 1 < last || (bar < last && last - first === 1); bar += 2, index++) {
    phrases.push({ bar, letter: section.kind === 'intro' ? 'A' : (letters[index % letters.length] ?? 'A') });
  }
  return phrases;
}

function makeMotif(random: Random, beatsPerBar: number, density: number): Motif {
  const slots = beatsPerBar * 4;
  const breath = random.pick([2, 3, 4]);
  const usable = slots - breath;
  const onsets: number[] = [];
  const startSlot = random.chance(0.7) ? 0 : random.pick([1, 2]);
  for (let slot = startSlot; slot < usable; slot++) {
    const weight = slot % 4 === 0 ? 1 : slot % 2 === 0 ? 0.75 : 0.45;
    if (slot === startSlot || random.chance(Math.min(0.95, density * 0.5 * weight + 0.05))) onsets.push(slot);
  }
  while (onsets.length < 3) {
    const candidate = random.int(startSlot, usable - 1);
    if (!onsets.includes(candidate)) onsets.push(candidate);
    onsets.sort((a, b) => a - b);
  }
  const rhythm = onsets.map((slot, index) => {
    const next = onsets[index + 1] ?? usable + random.int(0, 1);
    return { offset: slot * eighth, length: (next - slot) * eighth };
  });
  // Occasional sixteenth pairs where there is room, for rhythmic life.
  const withRuns = rhythm.flatMap((note) =>
    note.length === eighth && density > 1.2 && random.chance(0.2)
      ? [{ offset: note.offset, length: eighth / 2 }, { offset: note.offset + eighth / 2, length: eighth / 2 }]
      : [note],
  );
  return { rhythm: withRuns, steps: contour(random, withRuns.length) };
}

/** Scale steps between notes following an arch, a rise, a fall or a wave. */
function contour(random: Random, count: number): number[] {
  const shape = random.pick(['arch', 'rise', 'fall', 'wave'] as const);
  const steps: number[] = [0];
  for (let index = 1; index < count; index++) {
    const progress = index / Math.max(1, count - 1);
    const lean =
      shape === 'arch' ? (progress < 0.55 ? 1 : -1) : shape === 'rise' ? 1 : shape === 'fall' ? -1 : index % 3 === 0 ? -1 : 1;
    const size = random.weighted([[0, 0.12], [1, 0.5], [2, 0.25], [3, 0.09], [4, 0.04]] as const);
    const direction = random.chance(0.75) ? lean : -lean;
    steps.push(size * direction);
  }
  return steps;
}

/** Plays a motif from `startTick`, returning the last pitch so the next phrase continues smoothly. */
function realise(
  context: ArrangeContext, motif: Motif, startTick: number, options: MelodyOptions, previous: number,
  shift: number, ending: boolean, section: PlannedSection, notes: NoteEvent[],
): number {
  let pitch = previous;
  motif.rhythm.forEach((rhythm, index) => {
    const tick = startTick + rhythm.offset;
    if (tick >= context.sectionEndTick(section)) return;
    const isLast = index === motif.rhythm.length - 1;
    const strong = tick % (TICKS_PER_BEAT * 2) === 0 || rhythm.length >= TICKS_PER_BEAT * 1.5 || isLast;
    pitch = nextPitch(context, tick, pitch, index === 0 ? null : (motif.steps[index] ?? 0) + (index === 1 ? shift : 0), strong, options, isLast && ending);
    notes.push({ tick, durationTicks: Math.max(40, rhythm.length - 25), pitch, velocity: melodyVelocity(section, tick, pitch, options.centre) });
  });
  return pitch;
}

/**
 * The next melody pitch: a phrase starts on a chord tone near the register centre; later notes move by scale
 * steps; strong beats and long notes land on the nearest chord tone; a cadence lands on the root or third.
 */
function nextPitch(
  context: ArrangeContext, tick: number, from: number, step: number | null, strong: boolean, options: MelodyOptions, cadence: boolean,
): number {
  const chord = context.chordAt(tick);
  let pitch: number;
  if (step === null) pitch = nearestChordTone(chord.classes, (from + options.centre) / 2);
  else pitch = moveInScale(from, step, context.chordScale(chord));
  if (strong) pitch = nearestChordTone(cadence ? chord.classes.slice(0, 2) : chord.classes, pitch);
  while (pitch > options.high) pitch -= 12;
  while (pitch < options.low) pitch += 12;
  // Pull back towards the centre when the line drifts more than an octave away.
  if (Math.abs(pitch - options.centre) > 10) pitch += pitch > options.centre ? -12 : 12;
  return pitch;
}

function nearestChordTone(classes: readonly number[], target: number): number {
  let best = Math.round(target);
  let bestDistance = Infinity;
  for (const value of classes) {
    const candidate = nearestPitch(value, Math.round(target));
    const distance = Math.abs(candidate - target);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function moveInScale(from: number, steps: number, scale: readonly number[]): number {
  if (steps === 0) return from;
  const direction = steps > 0 ? 1 : -1;
  let pitch = from;
  for (let moved = 0; moved < Math.abs(steps); ) {
    pitch += direction;
    if (scale.includes(pitchClass(pitch))) moved++;
  }
  return pitch;
}

function melodyVelocity(section: PlannedSection, tick: number, pitch: number, centre: number): number {
  const accent = tick % TICKS_PER_BEAT === 0 ? 8 : 0;
  return clampVelocity(energyVelocity(90, section.energy) + accent + (pitch - centre) * 0.8);
}

/** Sets each lyric line over its bars: one note per syllable, longer on word starts and the line's last syllable. */
function singLines(
  context: ArrangeContext, section: PlannedSection, lines: readonly LyricLine[], options: MelodyOptions, previous: number,
  motifFor: (key: string, density: number) => Motif, notes: NoteEvent[], syllables: SyllableNote[],
): number {
  const barsPerLine = Math.max(1, Math.floor(section.bars / lines.length));
  let pitch = previous;
  lines.forEach((line, lineIndex) => {
    const lineStart = context.sectionStartTick(section) + lineIndex * barsPerLine * context.barTicks;
    const lineLength = barsPerLine * context.barTicks;
    const breath = barsPerLine >= 2 ? TICKS_PER_BEAT * 1.5 : TICKS_PER_BEAT / 2;
    const timings = syllableTimings(line, lineLength - breath);
    const motif = motifFor(`${motifKind(section.kind)}:line${lineIndex % 4 === 2 ? 'B' : 'A'}`, 1);
    timings.forEach((timing, index) => {
      const tick = lineStart + timing.offset;
      const strong = tick % (TICKS_PER_BEAT * 2) === 0 || timing.length >= TICKS_PER_BEAT * 1.5 || index === timings.length - 1;
      const step = index === 0 ? null : (motif.steps[index % motif.steps.length] ?? 0);
      pitch = nextPitch(context, tick, pitch, step, strong, options, index === timings.length - 1 && lineIndex === lines.length - 1);
      const velocity = melodyVelocity(section, tick, pitch, options.centre);
      const durationTicks = Math.max(40, timing.length - 20);
      notes.push({ tick, durationTicks, pitch, velocity });
      const syllable = line.syllables[index];
      if (syllable) {
        syllables.push({
          text: syllable.text, wordIndex: syllable.wordIndex, lineText: line.text, section: section.label,
          tick, durationTicks, pitch, lineStartTick: lineStart, lineEndTick: lineStart + lineLength,
        });
      }
    });
  });
  return pitch;
}

/** Spreads a line's syllables over `span` ticks on an eighth (or, when crowded, sixteenth) grid. */
export function syllableTimings(line: LyricLine, span: number): RhythmNote[] {
  const count = line.syllables.length;
  if (count === 0) return [];
  const weights = line.syllables.map((syllable, index) => {
    if (index === count - 1) return 2.5;
    const startsWord = index === 0 || line.syllables[index - 1]?.wordIndex !== syllable.wordIndex;
    return startsWord ? 1.25 : 1;
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const grid = count <= span / eighth ? eighth : count <= span / (eighth / 2) ? eighth / 2 : span / count;
  const offsets: number[] = [];
  let cumulative = 0;
  for (let index = 0; index < count; index++) {
    let offset = Math.round(((cumulative / total) * span) / grid) * grid;
    const floor = index === 0 ? 0 : (offsets[index - 1] ?? 0) + grid;
    offset = Math.max(offset, floor);
    offsets.push(Math.round(offset));
    cumulative += weights[index] ?? 1;
  }
  return offsets.map((offset, index) => ({ offset, length: (offsets[index + 1] ?? span) - offset }));
}
