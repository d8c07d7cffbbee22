import { GENRE_PROFILES, type DrumStyle, type HarmonyStyle } from '../genres.ts';
import { createRandom, type Random } from '../random.ts';
import type {
  Arrangement, ArrangementTrack, ControlEvent, LyricsTimeline, MusicPlan, NoteEvent, PartRole, PlannedInstrument,
  PlannedSection, TimedText,
} from '../types.ts';
import { bassPart } from './bass.ts';
import { applyFeel, ArrangeContext, swingTick, TICKS_PER_BEAT, type FeelOptions } from './context.ts';
import { drumPart } from './drums.ts';
import { chordPart, finalChord, type VoicingRange } from './harmony.ts';
import { melodyPart, type SyllableNote } from './melody.ts';

/** Playable (sounding) ranges of lead instruments; anything else gets a generic range. */
const LEAD_RANGES: Readonly<Record<number, readonly [number, number]>> = {
  22: [60, 84], 40: [55, 93], 41: [48, 84], 42: [36, 76], 56: [54, 82], 57: [40, 72], 59: [54, 80], 60: [41, 77],
  61: [48, 80], 64: [56, 87], 65: [49, 81], 66: [44, 76], 67: [36, 69], 68: [58, 91], 70: [34, 72], 71: [50, 91],
  72: [74, 102], 73: [60, 96], 74: [60, 91], 75: [60, 96], 77: [55, 84], 105: [48, 84], 110: [55, 93], 111: [60, 88],
};

const MIX: Record<PartRole, { volume: number; pan: number }> = {
  lead: { volume: 100, pan: 64 }, harmony: { volume: 86, pan: 46 }, bass: { volume: 102, pan: 64 },
  pad: { volume: 72, pan: 84 }, texture: { volume: 70, pan: 90 }, drums: { volume: 100, pan: 64 },
};

export interface ArrangeResult {
  arrangement: Arrangement;
  lyricsTimeline?: LyricsTimeline;
}

/** Turns a plan into tracks of notes. Deterministic: the plan's seed drives every choice. */
export function arrange(plan: MusicPlan): Arrangement {
  return arrangeWithLyrics(plan).arrangement;
}

export function arrangeWithLyrics(plan: MusicPlan): ArrangeResult {
  const context = new ArrangeContext(plan);
  const random = createRandom(plan.seed).fork('arrangement');
  const profile = GENRE_PROFILES[plan.genre];
  const lastTick = context.endTick + Math.round((plan.endingSeconds * plan.bpm * TICKS_PER_BEAT) / 60);
  const tracks: ArrangementTrack[] = [];
  let syllables: SyllableNote[] = [];

  for (const instrument of plan.instruments) {
    const partRandom = random.fork(instrument.role);
    const raw = partNotes(context, instrument, partRandom);
    if (instrument.role === 'lead') syllables = raw.syllables;
    const feel = feelFor(plan, instrument.role);
    const notes = applyFeel(raw.notes, feel, partRandom.fork('feel'), lastTick).sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
    tracks.push(trackFor(instrument, notes, context, profile.mix));
  }
  const markers: TimedText[] = plan.sections.map((section) => ({ tick: context.sectionStartTick(section), text: section.label }));
  const arrangement: Arrangement = {
    ticksPerBeat: TICKS_PER_BEAT,
    bpm: plan.bpm,
    beatsPerBar: plan.beatsPerBar,
    durationSeconds: plan.durationSeconds,
    tracks,
    markers,
    lyrics: syllables.map((syllable) => ({ tick: syllable.tick, text: syllable.text })),
    title: plan.title,
    key: plan.key,
  };
  const result: ArrangeResult = { arrangement };
  const lead = plan.instruments.find((instrument) => instrument.role === 'lead');
  if (syllables.length > 0 && lead) result.lyricsTimeline = lyricsTimeline(plan, syllables, lead);
  return result;
}

function partNotes(context: ArrangeContext, instrument: PlannedInstrument, random: Random): { notes: NoteEvent[]; syllables: SyllableNote[] } {
  const { plan } = context;
  const profile = GENRE_PROFILES[plan.genre];
  switch (instrument.role) {
    case 'drums': {
      const style: DrumStyle = profile.styles.drums ?? (plan.genre === 'classical' ? 'epic' : 'pop');
      const trap = plan.genre === 'hiphop' && plan.recognised.genres.some((word) => word.startsWith('trap'));
      return { notes: drumPart(context, trap ? 'trap' : style, random), syllables: [] };
    }
    case 'bass':
      return { notes: bassPart(context, profile.styles.bass, random), syllables: [] };
    case 'harmony': {
      const range = harmonyRange(profile.styles.harmony);
      const notes = chordPart(context, profile.styles.harmony, range, random, () => true, {
        rootless: plan.genre === 'jazz' || plan.genre === 'lofi',
        baseVelocity: 84,
      });
      return { notes: notes.concat(finalChord(context, range, 88)), syllables: [] };
    }
    case 'pad': {
      const range = { low: 55, high: 79 };
      const always = profile.form === 'through' || plan.genre === 'lofi';
      const plays = (section: PlannedSection): boolean => always || section.energy >= 0.6 || section.kind === 'breakdown';
      const notes = chordPart(context, 'block', range, random, plays, { baseVelocity: 70 });
      return { notes: notes.concat(finalChord(context, range, 72)), syllables: [] };
    }
    case 'texture': {
      const style: HarmonyStyle = profile.styles.texture ?? 'arpeggio';
      const plays = (section: PlannedSection): boolean => plan.genre === 'ambient' || plan.genre === 'classical' || section.energy >= 0.55;
      return { notes: chordPart(context, style, { low: 62, high: 86 }, random, plays, { baseVelocity: 72 }), syllables: [] };
    }
    case 'lead': {
      const [low, high] = LEAD_RANGES[instrument.program] ?? [52, 88];
      const voiceShift = plan.voice === 'male' ? -5 : plan.voice === 'female' ? 3 : 0;
      const centre = Math.min(high - 7, Math.max(low + 7, profile.leadCentre + voiceShift));
      return melodyPart(context, random, { centre, low, high, density: profile.melodyDensity });
    }
  }
}

function harmonyRange(style: HarmonyStyle): VoicingRange {
  switch (style) {
    case 'powerChords': return { low: 40, high: 64 };
    case 'ostinato': return { low: 48, high: 72 };
    case 'comp': case 'lazy': return { low: 50, high: 74 };
    case 'skank': case 'stabs': return { low: 55, high: 79 };
    default: return { low: 52, high: 76 };
  }
}

/** Timing looseness per role and genre: machines are tight, a brushed jazz trio breathes. */
function feelFor(plan: MusicPlan, role: PartRole): FeelOptions {
  const electronic = plan.genre === 'electronic' || (plan.genre === 'hiphop' && role === 'drums');
  const timing = electronic ? 1.5 : role === 'drums' ? 4 : role === 'bass' ? 5 : 7;
  const feel: FeelOptions = { swing: plan.swing, swingUnit: plan.swingUnit, timing, velocity: electronic ? 3 : 6 };
  // Lo-fi's lazy backbeat: everything drags a little behind the grid.
  if (plan.genre === 'lofi' && role !== 'drums') feel.offset = 10;
  return feel;
}

function trackFor(instrument: PlannedInstrument, notes: NoteEvent[], context: ArrangeContext, mix: { reverb: number; chorus: number }): ArrangementTrack {
  const controls: ControlEvent[] = [];
  // Pads and strings swell with the sections: expression follows energy, ramping through pre-choruses.
  if (instrument.role === 'pad' || instrument.role === 'harmony' || instrument.role === 'texture') {
    for (const section of context.plan.sections) {
      const start = context.sectionStartTick(section);
      const level = Math.round(70 + 57 * section.energy);
      controls.push({ tick: start, controller: 11, value: Math.min(127, level) });
      if (section.kind === 'preChorus') {
        for (let step = 1; step <= 8; step++) {
          const tick = start + Math.round((step / 8) * (context.sectionEndTick(section) - start));
          controls.push({ tick, controller: 11, value: Math.min(127, level + step * 4) });
        }
      }
    }
  }
  const reverb = instrument.role === 'bass' ? Math.round(mix.reverb * 0.3) : instrument.role === 'drums' ? Math.round(mix.reverb * 0.6) : mix.reverb;
  return {
    name: instrument.name,
    role: instrument.role,
    channel: instrument.channel,
    program: instrument.program,
    volume: MIX[instrument.role].volume,
    pan: MIX[instrument.role].pan,
    reverb,
    chorus: instrument.role === 'bass' || instrument.role === 'drums' ? 0 : mix.chorus,
    notes,
    controls,
  };
}

function lyricsTimeline(plan: MusicPlan, syllables: readonly SyllableNote[], lead: PlannedInstrument): LyricsTimeline {
  const seconds = (tick: number): number => Math.round(((tick * 60) / (plan.bpm * TICKS_PER_BEAT)) * 1000) / 1000;
  const lines: LyricsTimeline['lines'] = [];
  for (const syllable of syllables) {
    let line = lines[lines.length - 1];
    if (!line || line.startSeconds !== seconds(syllable.lineStartTick) || line.text !== syllable.lineText) {
      line = { text: syllable.lineText, section: syllable.section, startSeconds: seconds(syllable.lineStartTick), endSeconds: seconds(syllable.lineEndTick), syllables: [] };
      lines.push(line);
    }
    const start = seconds(swingTick(syllable.tick, plan.swing, plan.swingUnit));
    line.syllables.push({
      text: syllable.text, wordIndex: syllable.wordIndex, startSeconds: start,
      durationSeconds: seconds(syllable.durationTicks), pitch: syllable.pitch,
    });
  }
  // Lines start with their first syllable, so a display can highlight them on time.
  for (const line of lines) line.startSeconds = line.syllables[0]?.startSeconds ?? line.startSeconds;
  return { lines, carriedBy: { kind: 'instrument', program: lead.program, name: lead.name } };
}
