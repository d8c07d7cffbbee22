import type { DrumStyle } from '../genres.ts';
import type { Random } from '../random.ts';
import type { NoteEvent, PlannedSection } from '../types.ts';
import { energyVelocity, TICKS_PER_BEAT, type ArrangeContext } from './context.ts';

/** General MIDI percussion keys (channel 10). */
export const DRUM_NOTES = {
  kick: 36, side: 37, snare: 38, clap: 39, floorTom: 41, closedHat: 42, pedalHat: 44, lowTom: 45, openHat: 46,
  midTom: 47, crash: 49, highTom: 50, ride: 51, tambourine: 54, cowbell: 56, crash2: 57, bongoHigh: 60, bongoLow: 61,
  congaMute: 62, congaOpen: 63, congaLow: 64, timbale: 65, shaker: 70, claves: 75,
} as const;
type DrumVoice = keyof typeof DRUM_NOTES;

/** One bar on a sixteenth-note grid (12 steps in 3/4): X accent, x hit, o soft, g ghost, . rest. */
type Pattern = Partial<Record<DrumVoice, string>>;

interface DrumKit {
  light: Pattern;
  groove: Pattern;
  full: Pattern;
  fill: 'snare' | 'toms' | 'none';
}

const STEP_VELOCITY: Record<string, number> = { X: 122, x: 100, o: 72, g: 42 };

const KITS: Record<DrumStyle, DrumKit> = {
  pop: {
    light: { kick: 'x.......x.......', side: '....o.......o...', closedHat: 'x.o.x.o.x.o.x.o.' },
    groove: { kick: 'x.....x.x.......', snare: '....x.......x...', closedHat: 'x.o.x.o.x.o.x.o.' },
    full: { kick: 'x.....x.x.....x.', snare: '....X.......X...', closedHat: 'X.x.X.x.X.x.X...', openHat: '..............o.', tambourine: '....o.......o...' },
    fill: 'snare',
  },
  rock: {
    light: { kick: 'x.......x.......', side: '....o.......o...', closedHat: 'x.x.x.x.x.x.x.x.' },
    groove: { kick: 'x.......x.x.....', snare: '....X.......X...', closedHat: 'x.x.x.x.x.x.x.x.' },
    full: { kick: 'x.....x.x.x.....', snare: '....X.......X...', ride: 'x.x.x.x.x.x.x.x.' },
    fill: 'toms',
  },
  metal: {
    light: { kick: 'x.......x.......', snare: '........X.......', closedHat: 'x...x...x...x...' },
    groove: { kick: 'x.x.x.x.x.x.x.x.', snare: '....X.......X...', closedHat: 'x.x.x.x.x.x.x.x.' },
    full: { kick: 'xxxxxxxxxxxxxxxx', snare: '....X.......X...', crash2: 'x...x...x...x...' },
    fill: 'toms',
  },
  jazz: {
    light: { ride: 'x...x.x.x...x.x.', pedalHat: '....o.......o...', kick: 'g...g...g...g...' },
    groove: { ride: 'x...x.o.x...x.o.', pedalHat: '....x.......x...', kick: 'g...g...g...g...' },
    full: { ride: 'X...x.o.X...x.o.', pedalHat: '....x.......x...', kick: 'g...g...g...g...' },
    fill: 'snare',
  },
  funk: {
    light: { kick: 'x.........x.....', snare: '....x.......x...', closedHat: 'x.x.x.x.x.x.x.x.' },
    groove: { kick: 'x..x......x..x..', snare: '....X..g.g..X..g', closedHat: 'xoxoxoxoxoxoxoxo' },
    full: { kick: 'x..x..x...x..x..', snare: '....X..g.g..X..g', closedHat: 'xoxoxoxoxoxoxo..', openHat: '..............o.' },
    fill: 'snare',
  },
  boomBap: {
    light: { kick: 'x.........x.....', side: '....o.......o...', closedHat: 'o.o.o.o.o.o.o.o.' },
    groove: { kick: 'x......x..x.....', snare: '....X.......X...', closedHat: 'x.o.x.o.x.o.x.o.' },
    full: { kick: 'x......x.xx.....', snare: '....X.......X..g', closedHat: 'x.xox.o.x.xox.o.', openHat: '..............o.' },
    fill: 'snare',
  },
  trap: {
    light: { kick: 'x.........x.....', closedHat: 'x.x.x.x.x.x.x.x.' },
    groove: { kick: 'x......x..x.....', clap: '........X.......', closedHat: 'x.x.x.x.x.x.xxxx' },
    full: { kick: 'x......x..x..x..', clap: '........X.......', closedHat: 'xoxoxoxoxoxoxxxx', openHat: '......o.........' },
    fill: 'snare',
  },
  lofi: {
    light: { kick: 'x.........x.....', side: '....o.......o...', closedHat: 'o.o.o.o.o.o.o.o.' },
    groove: { kick: 'x......x..x.....', snare: '....x.......x...', closedHat: 'x.o.x.o.x.o.x.o.' },
    full: { kick: 'x......x.xx.....', snare: '....x.......x..g', closedHat: 'x.o.x.o.x.o.x.o.', shaker: '..o...o...o...o.' },
    fill: 'none',
  },
  house: {
    light: { kick: 'x...x...x...x...', closedHat: '..o...o...o...o.' },
    groove: { kick: 'x...x...x...x...', clap: '....x.......x...', openHat: '..x...x...x...x.' },
    full: { kick: 'X...X...X...X...', clap: '....x.......x...', openHat: '..x...x...x...x.', closedHat: 'o.o.o.o.o.o.o.o.', shaker: 'gogogogogogogogo' },
    fill: 'snare',
  },
  reggae: {
    light: { closedHat: 'x.o.x.o.x.o.x.o.', side: '........x.......' },
    groove: { kick: '........x.......', side: '........x.......', closedHat: 'x.o.x.o.x.o.x.o.' },
    full: { kick: '........X.......', snare: '........x.......', closedHat: 'x.oxx.oxx.oxx.ox', openHat: '..............o.' },
    fill: 'snare',
  },
  latin: {
    light: { claves: 'x..x..x...x.x...', shaker: 'xoxoxoxoxoxoxoxo' },
    groove: { claves: 'x..x..x...x.x...', shaker: 'xoxoxoxoxoxoxoxo', congaMute: 'o.......o.......', congaOpen: '....x.x.....x.xx', kick: 'x.....x.x.....x.' },
    full: { claves: 'x..x..x...x.x...', cowbell: 'x.o.x.o.x.o.x.o.', congaMute: 'o.......o.......', congaOpen: '....x.x.....x.xx', congaLow: '..............x.', kick: 'x.....x.x.....x.', shaker: 'xoxoxoxoxoxoxoxo' },
    fill: 'toms',
  },
  shuffle: {
    light: { kick: 'x.......x.......', side: '....o.......o...', closedHat: 'x.x.x.x.x.x.x.x.' },
    groove: { kick: 'x.......x.......', snare: '....x.......x...', closedHat: 'x.x.x.x.x.x.x.x.' },
    full: { kick: 'x.....x.x.....x.', snare: '....X.......X...', ride: 'x.x.x.x.x.x.x.x.' },
    fill: 'snare',
  },
  folk: {
    light: { kick: 'x.......x.......', tambourine: '....o.......o...' },
    groove: { kick: 'x.......x.......', clap: '....x.......x...', shaker: 'x.o.x.o.x.o.x.o.' },
    full: { kick: 'x.....x.x.......', snare: '....x.......x...', tambourine: 'x.o.x.o.x.o.x.o.' },
    fill: 'snare',
  },
  epic: {
    light: { floorTom: 'x.......x.......' },
    groove: { kick: 'x.....x.x.......', floorTom: 'x...x...x...x...', lowTom: '..........o.o...' },
    full: { kick: 'x..x..x.x..x..x.', snare: '....x.......x...', floorTom: 'x.xxx.x.x.xxx.x.', lowTom: '.x...x...x...x..' },
    fill: 'toms',
  },
  ambient: {
    light: { shaker: 'o.g.o.g.o.g.o.g.' },
    groove: { shaker: 'o.g.o.g.o.g.o.g.', kick: 'o.......o.......' },
    full: { shaker: 'o.g.o.g.o.g.o.g.', kick: 'o.......o.......', side: '....g.......g...' },
    fill: 'none',
  },
};

/** Three-four time: one pattern set for every style, in the style's kit. */
const WALTZ: DrumKit = {
  light: { kick: 'x...........', closedHat: 'o...o...o...' },
  groove: { kick: 'x...........', side: '....o...o...', closedHat: 'x.o.x.o.x.o.' },
  full: { kick: 'x.......x...', snare: '....x...x...', ride: 'x.x.x.x.x.x.' },
  fill: 'snare',
};

export function drumPart(context: ArrangeContext, style: DrumStyle, random: Random): NoteEvent[] {
  const { plan, barTicks } = context;
  const kit = plan.beatsPerBar === 3 ? WALTZ : KITS[style];
  const steps = plan.beatsPerBar * 4;
  const stepTicks = TICKS_PER_BEAT / 4;
  const notes: NoteEvent[] = [];
  const hit = (tick: number, voice: DrumVoice, velocity: number): void => {
    notes.push({ tick, durationTicks: stepTicks, pitch: DRUM_NOTES[voice], velocity });
  };

  plan.sections.forEach((section, sectionIndex) => {
    const next = plan.sections[sectionIndex + 1];
    for (let bar = 0; bar < section.bars; bar++) {
      const barStart = (section.startBar + bar) * barTicks;
      const pattern = patternFor(kit, section, bar);
      const isFillBar = bar === section.bars - 1 && next !== undefined && kit.fill !== 'none' && section.bars >= 2;
      const fillFromStep = isFillBar ? (next.energy > section.energy + 0.15 ? steps / 2 : steps - 4) : steps;
      for (const [voice, line] of Object.entries(pattern) as [DrumVoice, string][]) {
        for (let step = 0; step < Math.min(steps, line.length); step++) {
          const velocity = STEP_VELOCITY[line[step] ?? '.'];
          // Cymbals keep time through a fill; drums make way for it.
          if (velocity === undefined || (step >= fillFromStep && !isCymbal(voice))) continue;
          hit(barStart + step * stepTicks, voice, energyVelocity(velocity, section.energy));
        }
      }
      if (style === 'jazz' && section.energy > 0.4) jazzComping(barStart, steps, stepTicks, section, random, hit);
      if (isFillBar) fill(kit.fill, barStart, fillFromStep, steps, stepTicks, section.energy, random, hit);
      if (bar === 0 && (section.energy >= 0.55 || section.kind === 'chorus') && sectionIndex > 0) {
        hit(barStart, 'crash', energyVelocity(110, section.energy));
        if (pattern.kick === undefined) hit(barStart, 'kick', energyVelocity(100, section.energy));
      }
    }
  });
  // The last chord: a crash and a kick under it.
  hit(context.endTick, 'crash', 112);
  hit(context.endTick, 'kick', 110);
  return notes;
}

function isCymbal(voice: DrumVoice): boolean {
  return voice === 'closedHat' || voice === 'openHat' || voice === 'ride' || voice === 'pedalHat' || voice === 'shaker';
}

/** Intros and breakdowns thin out: no kick in the first half of a quiet intro, none at all in a breakdown. */
function patternFor(kit: DrumKit, section: PlannedSection, bar: number): Pattern {
  const level = section.energy < 0.42 ? kit.light : section.energy < 0.72 ? kit.groove : kit.full;
  if (section.kind === 'breakdown' || (section.kind === 'intro' && bar < section.bars / 2 && section.energy < 0.4)) {
    const { kick: _kick, snare: _snare, ...rest } = level;
    return rest;
  }
  return level;
}

function jazzComping(
  barStart: number, steps: number, stepTicks: number, section: PlannedSection, random: Random,
  hit: (tick: number, voice: DrumVoice, velocity: number) => void,
): void {
  // Snare "conversation": a few ghosted off-beat hits, one stronger, never the same twice.
  for (let step = 2; step < steps; step += 4) {
    if (random.chance(0.25 + section.energy * 0.2)) hit(barStart + step * stepTicks, 'snare', random.int(38, 62));
  }
  if (random.chance(section.energy * 0.4)) hit(barStart + (steps - 2) * stepTicks, 'snare', 78);
}

function fill(
  kind: 'snare' | 'toms' | 'none', barStart: number, fromStep: number, steps: number, stepTicks: number, energy: number,
  random: Random, hit: (tick: number, voice: DrumVoice, velocity: number) => void,
): void {
  const toms: DrumVoice[] = ['highTom', 'midTom', 'lowTom', 'floorTom'];
  const length = steps - fromStep;
  for (let step = fromStep; step < steps; step++) {
    const progress = (step - fromStep) / Math.max(1, length - 1);
    // Sparser at the start of a long fill, a crescendo to the downbeat.
    if (length > 4 && step % 2 === 1 && progress < 0.5 && random.chance(0.6)) continue;
    const velocity = energyVelocity(70 + progress * 45, energy);
    const voice: DrumVoice = kind === 'toms' ? (toms[Math.min(toms.length - 1, Math.floor(progress * toms.length))] ?? 'floorTom') : 'snare';
    hit(barStart + step * stepTicks, voice, velocity);
    if (step % 4 === 0) hit(barStart + step * stepTicks, 'kick', velocity);
  }
}
