import type { BassStyle } from '../genres.ts';
import type { Random } from '../random.ts';
import { nearestPitch, pitchClass } from '../theory.ts';
import type { NoteEvent } from '../types.ts';
import { energyVelocity, TICKS_PER_BEAT, type ArrangeContext, type TimedChord } from './context.ts';

const BASS_LOW = 28;
const BASS_HIGH = 55;
const BASS_CENTRE = 40;

/** Bass lines: the chord root on strong beats, with each style's rhythm and passing notes between. */
export function bassPart(context: ArrangeContext, style: BassStyle, random: Random): NoteEvent[] {
  const notes: NoteEvent[] = [];
  let previous = BASS_CENTRE;
  context.chords.forEach((timed, index) => {
    const { section } = timed;
    // Quiet intros wait for their second half; breakdowns drop the bass.
    const sectionStart = context.sectionStartTick(section);
    if (section.kind === 'breakdown' && section.energy < 0.45) return;
    if (section.kind === 'intro' && section.energy < 0.4 && timed.startTick < sectionStart + (section.bars * context.barTicks) / 2) return;
    const root = placeRoot(timed.rootClass, previous);
    const next = context.chords[index + 1];
    const line = STYLE_LINES[section.energy < 0.4 && style !== 'pedal' ? 'halves' : style](timed, root, next, context, random);
    for (const note of line) notes.push({ ...note, velocity: energyVelocity(note.velocity, section.energy) });
    previous = line[line.length - 1]?.pitch ?? root;
  });
  const finalRoot = placeRoot(context.plan.key.tonic, previous);
  notes.push({ tick: context.endTick, durationTicks: endingTicks(context), pitch: finalRoot, velocity: 100 });
  return notes;
}

/** The final chord holds until shortly before the end, leaving its release inside the fade. */
export function endingTicks(context: ArrangeContext): number {
  const seconds = Math.max(0.4, context.plan.endingSeconds - 0.7);
  return Math.round((seconds * context.plan.bpm * TICKS_PER_BEAT) / 60);
}

function placeRoot(rootClass: number, previous: number): number {
  let pitch = nearestPitch(rootClass, previous);
  // Drift back towards the centre so the line never wanders off the instrument.
  if (pitch < BASS_LOW + 2 || (pitch < BASS_CENTRE - 7 && previous < BASS_CENTRE - 4)) pitch += 12;
  if (pitch > BASS_HIGH - 5) pitch -= 12;
  return pitch;
}

type LineMaker = (chord: TimedChord, root: number, next: TimedChord | undefined, context: ArrangeContext, random: Random) => NoteEvent[];

const beat = TICKS_PER_BEAT;
const eighth = beat / 2;
const sixteenth = beat / 4;

function note(tick: number, durationTicks: number, pitch: number, velocity: number): NoteEvent {
  return { tick, durationTicks, pitch, velocity };
}

function span(chord: TimedChord): number {
  return chord.endTick - chord.startTick;
}

function fifthOf(chord: TimedChord, root: number): number {
  const fifth = chord.classes.find((value) => pitchClass(value - chord.rootClass) === 7 || pitchClass(value - chord.rootClass) === 6);
  return fifth === undefined ? root + 7 : root + pitchClass(fifth - chord.rootClass);
}

/** Repeats a one-bar step pattern (sixteenths) across the chord. */
function stepped(
  barTicks: number, chord: TimedChord, pattern: string, pitchFor: (step: number, index: number) => number, length: number, velocity = 96,
): NoteEvent[] {
  const notes: NoteEvent[] = [];
  const total = span(chord);
  for (let tick = 0, index = 0; tick < total; tick += sixteenth) {
    // Steps count from the bar line, so a chord starting mid-bar picks up the pattern where it is.
    const step = Math.round(((chord.startTick + tick) % barTicks) / sixteenth);
    const symbol = pattern[step];
    if (symbol === '.' || symbol === undefined) continue;
    notes.push(note(chord.startTick + tick, Math.min(length, total - tick), pitchFor(step, index++), symbol === 'x' ? velocity : velocity - 22));
  }
  return notes;
}

const STYLE_LINES: Record<BassStyle | 'halves', LineMaker> = {
  halves: (chord, root) => {
    const notes = [note(chord.startTick, Math.min(span(chord), beat * 2) - 20, root, 88)];
    if (span(chord) >= beat * 4) notes.push(note(chord.startTick + beat * 2, beat * 2 - 20, root, 80));
    return notes;
  },
  pedal: (chord, root) => [note(chord.startTick, span(chord) - 10, root, 84)],
  eighths: (chord, root, _next, context, random) =>
    stepped(context.barTicks, chord, 'x.o.x.o.x.o.x.o.', (step) => (step === 14 && random.chance(0.3) ? root + 12 : root), eighth - 30),
  rootFifth: (chord, root, _next, context) => {
    const fifth = fifthOf(chord, root) - (fifthOf(chord, root) - root > 6 ? 12 : 0);
    return stepped(context.barTicks, chord, 'x.......o.......', (step) => (step === 8 ? fifth : root), beat * 2 - 30, 94);
  },
  walking: (chord, root, next, context) => walkingLine(chord, root, next, context),
  syncopated: (chord, root, _next, context, random) => {
    // Root, octave, the chord's own seventh (or the octave again) and fifth: funk lines outline the chord.
    const seventh = chord.classes.some((value) => pitchClass(value - chord.rootClass) === 10) ? root + 10 : root + 12;
    const shape = [root, root + 12, root, seventh, fifthOf(chord, root), root];
    return stepped(context.barTicks, chord, 'x..o..x.x.o..x.o', (_step, index) => shape[index % shape.length] ?? root, sixteenth + 40, 104).map(
      (entry) => (random.chance(0.1) ? { ...entry, pitch: root } : entry),
    );
  },
  sub: (chord, root, _next, context) => stepped(context.barTicks, chord, 'x......x..o.....', () => root, beat * 1.4, 100),
  offbeat: (chord, root, _next, context) =>
    stepped(context.barTicks, chord, '..x...x...x...x.', (step) => (step === 14 && chord.section.energy > 0.8 ? root + 12 : root), eighth - 20, 100).concat(
      chord.section.energy > 0.85 && context.plan.genre === 'electronic' ? [note(chord.startTick, sixteenth, root, 70)] : [],
    ),
  reggae: (chord, root, _next, context) => {
    const fifth = fifthOf(chord, root);
    return stepped(context.barTicks, chord, '....x.x.x..x.x..', (_step, index) => [root, root, fifth, root + 12, fifth][index % 5] ?? root, eighth + 40, 98);
  },
  tumbao: (chord, root, next, context) => {
    // The tumbao: the fifth on the "and" of two, then the next chord's root early, on four.
    const fifth = fifthOf(chord, root);
    const upcoming = next ? nearestPitch(next.rootClass, root) : root;
    return stepped(context.barTicks, chord, 'o.....x.....x...', (step) => (step === 6 ? fifth : step === 12 ? upcoming : root), beat + eighth, 100);
  },
  gallop: (chord, root, _next, context) => stepped(context.barTicks, chord, 'x.xxx.xxx.xxx.xx', () => root, sixteenth, 100),
  boogie: (chord, root, _next, context) => {
    const third = chord.classes.includes(pitchClass(chord.rootClass + 3)) ? 3 : 4;
    const shape = [0, third, 7, 9, 10, 9, 7, third];
    const notes: NoteEvent[] = [];
    for (let tick = 0, index = 0; tick < span(chord); tick += eighth, index++) {
      notes.push(note(chord.startTick + tick, eighth - 20, root + (shape[index % shape.length] ?? 0), index % 2 === 0 ? 98 : 80));
    }
    return context.plan.beatsPerBar === 3 ? notes.slice(0, 6) : notes;
  },
};

/** Quarter-note walking bass: root on one, chord tones or scale steps after, a chromatic approach into the next root. */
function walkingLine(chord: TimedChord, root: number, next: TimedChord | undefined, context: ArrangeContext): NoteEvent[] {
  const beats = Math.max(1, Math.round(span(chord) / beat));
  const target = next ? nearestPitch(next.rootClass, root + 2) : root;
  const scale = context.chordScale(chord);
  const notes: NoteEvent[] = [note(chord.startTick, beat - 30, root, 100)];
  let current = root;
  for (let index = 1; index < beats; index++) {
    const isLast = index === beats - 1;
    let pitch: number;
    if (isLast) pitch = target + (target > current ? -1 : 1);
    else {
      const direction = target >= current ? 1 : -1;
      pitch = stepInScale(current, direction, scale);
      if (index === 2 && beats === 4) pitch = fifthOf(chord, root) - (fifthOf(chord, root) > root + 9 ? 12 : 0);
    }
    notes.push(note(chord.startTick + index * beat, beat - 30, pitch, index % 2 === 0 ? 92 : 84));
    current = pitch;
  }
  return notes;
}

function stepInScale(from: number, direction: 1 | -1, scale: readonly number[]): number {
  for (let pitch = from + direction; Math.abs(pitch - from) <= 4; pitch += direction) if (scale.includes(pitchClass(pitch))) return pitch;
  return from + direction * 2;
}
