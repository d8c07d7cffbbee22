import type { Random } from '../random.ts';
import { chordPitchClasses, MODE_INTERVALS, pitchClass, type Chord } from '../theory.ts';
import type { MusicPlan, NoteEvent, PlannedChord, PlannedSection } from '../types.ts';

export const TICKS_PER_BEAT = 480;

/** A chord placed on the song's timeline. */
export interface TimedChord {
  chord: PlannedChord;
  section: PlannedSection;
  sectionIndex: number;
  startTick: number;
  endTick: number;
  /** Absolute pitch classes, root first. */
  classes: number[];
  rootClass: number;
}

/** Shared facts every part generator needs: the plan, the grid and the chords in time. */
export class ArrangeContext {
  readonly barTicks: number;
  readonly endTick: number;
  readonly chords: TimedChord[];
  readonly scaleClasses: number[];

  constructor(readonly plan: MusicPlan) {
    this.barTicks = plan.beatsPerBar * TICKS_PER_BEAT;
    this.endTick = plan.totalBars * this.barTicks;
    this.scaleClasses = MODE_INTERVALS[plan.key.mode].map((interval) => pitchClass(plan.key.tonic + interval));
    this.chords = plan.sections.flatMap((section, sectionIndex) =>
      section.chords.map((chord) => {
        const startTick = section.startBar * this.barTicks + Math.round(chord.startBeat * TICKS_PER_BEAT);
        const classes = chordPitchClasses(toChord(chord), plan.key.tonic);
        return {
          chord, section, sectionIndex, startTick,
          endTick: startTick + Math.round(chord.beats * TICKS_PER_BEAT),
          classes, rootClass: classes[0] ?? plan.key.tonic,
        };
      }),
    );
  }

  sectionStartTick(section: PlannedSection): number {
    return section.startBar * this.barTicks;
  }

  sectionEndTick(section: PlannedSection): number {
    return (section.startBar + section.bars) * this.barTicks;
  }

  chordAt(tick: number): TimedChord {
    let found = this.chords[0];
    for (const chord of this.chords) {
      if (chord.startTick > tick) break;
      found = chord;
    }
    if (!found) throw new Error('The plan has no chords');
    return found;
  }

  chordsIn(section: PlannedSection): TimedChord[] {
    return this.chords.filter((chord) => chord.section === section);
  }

  /** The tonic chord the song ends on. */
  finalClasses(): number[] {
    const tonic = this.plan.key.tonic;
    const third = this.scaleClasses[2] ?? pitchClass(tonic + 4);
    const fifth = pitchClass(tonic + 7);
    return [tonic, third, fifth];
  }

  /**
   * Scale tones adjusted to the chord: a scale note a semitone away from a chord tone gives way to it, so a
   * V7 in minor brings its leading tone into the melody.
   */
  chordScale(chord: TimedChord): number[] {
    const tones = new Set(chord.classes);
    const adjusted = this.scaleClasses.map((value) => {
      if (tones.has(value)) return value;
      if (tones.has(pitchClass(value + 1)) && !this.scaleClasses.includes(pitchClass(value + 1))) return pitchClass(value + 1);
      if (tones.has(pitchClass(value - 1)) && !this.scaleClasses.includes(pitchClass(value - 1))) return pitchClass(value - 1);
      return value;
    });
    return [...new Set(adjusted)].sort((a, b) => a - b);
  }
}

function toChord(chord: PlannedChord): Chord {
  return { numeral: chord.numeral, root: chord.root, quality: chord.quality };
}

/** Moves off-beat positions later to swing them: 0.5 keeps time straight, 0.67 is triplet swing. */
export function swingTick(tick: number, ratio: number, unit: 8 | 16): number {
  if (Math.abs(ratio - 0.5) < 1e-6) return tick;
  const unitTicks = (TICKS_PER_BEAT * 4) / unit;
  const pair = unitTicks * 2;
  const base = Math.floor(tick / pair) * pair;
  const phase = tick - base;
  const split = ratio * pair;
  const moved = phase < unitTicks ? (phase / unitTicks) * split : split + ((phase - unitTicks) / unitTicks) * (pair - split);
  return Math.round(base + moved);
}

export interface FeelOptions {
  swing: number;
  swingUnit: 8 | 16;
  /** Standard deviation of timing, in ticks. */
  timing: number;
  /** Standard deviation of velocity. */
  velocity: number;
  /** A constant push (negative) or drag (positive) in ticks, e.g. a lazy lo-fi snare. */
  offset?: number;
}

/** Applies swing, then small random timing and velocity deviations, keeping notes inside the song. */
export function applyFeel(notes: readonly NoteEvent[], options: FeelOptions, random: Random, lastTick: number): NoteEvent[] {
  return notes
    .map((note) => {
      const start = swingTick(note.tick, options.swing, options.swingUnit);
      const end = swingTick(note.tick + note.durationTicks, options.swing, options.swingUnit);
      // Downbeats stay tighter than off-beats, as players anchor on them.
      const onBeat = note.tick % TICKS_PER_BEAT === 0;
      const jitter = random.gaussian(options.timing * (onBeat ? 0.6 : 1)) + (options.offset ?? 0);
      const tick = Math.max(0, Math.round(start + jitter));
      return {
        tick,
        durationTicks: Math.max(12, Math.min(lastTick - tick, Math.round(end - start))),
        pitch: note.pitch,
        velocity: clampVelocity(note.velocity + random.gaussian(options.velocity)),
      };
    })
    .filter((note) => note.tick < lastTick && note.durationTicks > 0);
}

export function clampVelocity(value: number): number {
  return Math.max(1, Math.min(127, Math.round(value)));
}

/** Scales a velocity by section energy (0–1) around a floor so quiet sections stay audible. */
export function energyVelocity(base: number, energy: number): number {
  return clampVelocity(base * (0.72 + 0.38 * energy));
}
