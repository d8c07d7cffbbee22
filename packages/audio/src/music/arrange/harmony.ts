import type { HarmonyStyle } from '../genres.ts';
import type { Random } from '../random.ts';
import { pitchAtOrAbove, pitchClass, voiceLead } from '../theory.ts';
import type { NoteEvent, PlannedSection } from '../types.ts';
import { endingTicks } from './bass.ts';
import { energyVelocity, TICKS_PER_BEAT, type ArrangeContext, type TimedChord } from './context.ts';

export interface VoicingRange {
  low: number;
  high: number;
}

const sixteenth = TICKS_PER_BEAT / 4;

/** A hit inside a chord: when (ticks from the chord's start), how long, how hard, and an optional strum order. */
interface Hit {
  offset: number;
  length: number;
  velocity: number;
  strum?: 'down' | 'up';
  /** Only the top voice (montuno octaves) or a single arpeggio note. */
  voiceIndex?: number;
}

/**
 * Chords in time: a voicing per chord that moves as little as possible from the last, played in the style's
 * rhythm. Used for the main harmony instrument and, with `block`, for pads.
 */
export function chordPart(
  context: ArrangeContext,
  style: HarmonyStyle,
  range: VoicingRange,
  random: Random,
  plays: (section: PlannedSection) => boolean,
  options: { rootless?: boolean; baseVelocity?: number } = {},
): NoteEvent[] {
  const notes: NoteEvent[] = [];
  let previous: number[] | undefined;
  for (const timed of context.chords) {
    if (!plays(timed.section)) continue;
    const voicing = voicingFor(timed, style, range, previous, options.rootless ?? false);
    previous = voicing;
    const hits = RHYTHMS[style](timed, context, random, voicing.length);
    for (const hit of hits) {
      const velocity = energyVelocity((options.baseVelocity ?? 84) * (hit.velocity / 100), timed.section.energy);
      const voices = hit.voiceIndex === undefined ? voicing : [voicing[hit.voiceIndex % voicing.length] ?? voicing[0] ?? 60];
      const ordered = hit.strum === 'up' ? [...voices].reverse() : voices;
      ordered.forEach((pitch, index) => {
        const stagger = hit.strum ? index * (hit.strum === 'down' ? 14 : 10) : 0;
        const tick = timed.startTick + hit.offset + stagger;
        if (tick >= timed.endTick) return;
        // Inner voices a touch softer than the top so the chord sounds voiced, not stacked.
        const voiceVelocity = index === ordered.length - 1 ? velocity : Math.round(velocity * 0.9);
        notes.push({ tick, durationTicks: Math.max(30, Math.min(hit.length, timed.endTick - tick + 20) - stagger), pitch, velocity: voiceVelocity });
      });
    }
  }
  return notes;
}

/** The tonic chord at the end, voiced near the last chord. */
export function finalChord(context: ArrangeContext, range: VoicingRange, velocity: number): NoteEvent[] {
  const voicing = voiceLead(context.finalClasses(), undefined, range.low, range.high);
  return voicing.map((pitch) => ({ tick: context.endTick, durationTicks: endingTicks(context), pitch, velocity }));
}

function voicingFor(timed: TimedChord, style: HarmonyStyle, range: VoicingRange, previous: number[] | undefined, rootless: boolean): number[] {
  if (style === 'powerChords') {
    const root = pitchAtOrAbove(timed.rootClass, range.low);
    return [root, root + 7, root + 12];
  }
  if (style === 'ostinato') {
    const root = pitchAtOrAbove(timed.rootClass, range.low + 5);
    const third = timed.classes[1] ?? timed.rootClass;
    return [root, pitchAtOrAbove(third, root + 1), root + 7, root + 12];
  }
  let classes = timed.classes;
  // Rootless voicings (the bass has the root) for four-note and larger jazz chords.
  if (rootless && classes.length >= 4) classes = classes.slice(1);
  // Five-note chords are thinned: drop the fifth, which adds least colour.
  if (classes.length >= 5) classes = classes.filter((value) => pitchClass(value - timed.rootClass) !== 7);
  return voiceLead(classes, previous, range.low, range.high);
}

type RhythmMaker = (timed: TimedChord, context: ArrangeContext, random: Random, voices: number) => Hit[];

/** Hits from a one-bar sixteenth pattern (X accent, x hit, o soft, d/u strums), aligned to bar lines. */
function fromPattern(timed: TimedChord, context: ArrangeContext, pattern: string, length: number): Hit[] {
  const hits: Hit[] = [];
  for (let offset = 0; offset < timed.endTick - timed.startTick; offset += sixteenth) {
    const step = Math.round(((timed.startTick + offset) % context.barTicks) / sixteenth);
    const symbol = pattern[step] ?? '.';
    if (symbol === '.') continue;
    const velocity = symbol === 'X' ? 112 : symbol === 'o' || symbol === 'u' ? 76 : 96;
    const hit: Hit = { offset, length, velocity };
    if (symbol === 'd') hit.strum = 'down';
    if (symbol === 'u') hit.strum = 'up';
    hits.push(hit);
  }
  return hits;
}

function held(timed: TimedChord, velocity = 92): Hit[] {
  return [{ offset: 0, length: timed.endTick - timed.startTick - 15, velocity }];
}

const RHYTHMS: Record<HarmonyStyle, RhythmMaker> = {
  block: (timed) => held(timed),
  pulse: (timed, context) => {
    const energy = timed.section.energy;
    if (energy < 0.45) return held(timed, 88);
    return energy < 0.72
      ? fromPattern(timed, context, 'x...o...x...o...', TICKS_PER_BEAT - 40)
      : fromPattern(timed, context, 'x.o.x.o.x.o.x.o.', TICKS_PER_BEAT / 2 - 30);
  },
  strum: (timed, context) =>
    timed.section.energy < 0.45
      ? fromPattern(timed, context, 'd.......d.......', TICKS_PER_BEAT * 2)
      : fromPattern(timed, context, 'd...d.u...u.d.u.', TICKS_PER_BEAT),
  comp: (timed, context, random) => {
    // Charleston and its cousins, a different one each chord, lighter in quiet sections.
    const patterns = timed.section.energy < 0.45
      ? ['x...............', '......x.........']
      : ['x.....o.........', '......x.....o...', '..o.....x.......', 'x.......o.....o.', '....x.....o.....'];
    return fromPattern(timed, context, random.pick(patterns), TICKS_PER_BEAT * 1.2);
  },
  stabs: (timed, context) =>
    context.plan.genre === 'funk'
      ? fromPattern(timed, context, 'x..o..x...x.o...', sixteenth + 30)
      : fromPattern(timed, context, timed.section.energy < 0.45 ? 'x...............' : '..x...x...x...x.', timed.section.energy < 0.45 ? TICKS_PER_BEAT * 2 : sixteenth * 2),
  skank: (timed, context) =>
    fromPattern(timed, context, timed.section.energy > 0.7 ? '....x..o....x..o' : '....x.......x...', sixteenth + 50),
  arpeggio: (timed, _context, _random, voices) => {
    const dense = timed.section.energy > 0.78;
    const step = dense ? sixteenth : sixteenth * 2;
    const order = arpeggioOrder(voices);
    const hits: Hit[] = [];
    for (let offset = 0, index = 0; offset < timed.endTick - timed.startTick; offset += step, index++) {
      const onBeat = (timed.startTick + offset) % TICKS_PER_BEAT === 0;
      hits.push({ offset, length: TICKS_PER_BEAT * 1.5, velocity: onBeat ? 92 : 74, voiceIndex: order[index % order.length] ?? 0 });
    }
    return hits.length > 0 ? hits : held(timed);
  },
  powerChords: (timed, context) =>
    timed.section.energy < 0.7
      ? fromPattern(timed, context, 'x.o.x.o.x.o.x.o.', TICKS_PER_BEAT / 2 - 60)
      : fromPattern(timed, context, 'X.....x.x.......', TICKS_PER_BEAT * 1.5),
  lazy: (timed, context, random) => {
    const hits: Hit[] = [{ offset: 0, length: timed.endTick - timed.startTick - 30, velocity: 86, strum: 'down' }];
    if (timed.endTick - timed.startTick >= context.barTicks && random.chance(0.35)) {
      hits.push({ offset: TICKS_PER_BEAT * 2.5, length: TICKS_PER_BEAT * 1.4, velocity: 70, strum: 'down' });
    }
    return hits;
  },
  montuno: (timed, context, _random, voices) =>
    fromPattern(timed, context, 'x.x..x.x.x..x.x.', TICKS_PER_BEAT / 2 - 40).map((hit, index) =>
      index % 2 === 1 ? { ...hit, voiceIndex: voices - 1 } : hit,
    ),
  ostinato: (timed, context) =>
    fromPattern(timed, context, timed.section.energy > 0.8 ? 'XxoxXxoxXxoxXxox' : 'X.x.x.x.X.x.x.x.', timed.section.energy > 0.8 ? sixteenth : TICKS_PER_BEAT / 2 - 40).map(
      (hit, index) => ({ ...hit, voiceIndex: [0, 2, 3, 2][index % 4] ?? 0 }),
    ),
};

/** Up and back down through the voicing: 0 1 2 3 2 1 for four voices. */
function arpeggioOrder(voices: number): number[] {
  const up = Array.from({ length: voices }, (_, index) => index);
  return up.concat(up.slice(1, -1).reverse());
}
