/** Pitch classes, modes, chords and voicings: the small amount of music theory the composer needs. */

export const MODES = ['major', 'minor', 'dorian', 'mixolydian', 'phrygian', 'lydian'] as const;
export type Mode = (typeof MODES)[number];

/** Semitones of each mode's seven degrees above the tonic. */
export const MODE_INTERVALS: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
};

/** Whether a mode sounds major or minor (the distinction key detectors report). */
export function modeQuality(mode: Mode): 'major' | 'minor' {
  return mode === 'major' || mode === 'mixolydian' || mode === 'lydian' ? 'major' : 'minor';
}

const SHARP_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const FLAT_NAMES = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
/** Conventional tonic spellings: major keys and minor keys favour different enharmonics. */
const MAJOR_TONIC_NAMES = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
const MINOR_TONIC_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B'] as const;

export function pitchClass(value: number): number {
  return ((Math.round(value) % 12) + 12) % 12;
}

export function tonicName(tonic: number, mode: Mode): string {
  const names = modeQuality(mode) === 'major' ? MAJOR_TONIC_NAMES : MINOR_TONIC_NAMES;
  return names[pitchClass(tonic)] ?? 'C';
}

/** Note name spelled to suit a key (flats in flat keys). */
export function noteName(pitch: number, preferFlats: boolean): string {
  return (preferFlats ? FLAT_NAMES : SHARP_NAMES)[pitchClass(pitch)] ?? 'C';
}

/** Parses a note name such as "C", "F#", "Bb", "E♭" into a pitch class; undefined if it is not one. */
export function parsePitchClass(name: string): number | undefined {
  const match = /^([A-Ga-g])([#♯b♭]?)$/.exec(name.trim());
  if (!match) return undefined;
  const letter = (match[1] ?? 'C').toUpperCase();
  const natural = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }[letter] ?? 0;
  const accidental = match[2] === '#' || match[2] === '♯' ? 1 : match[2] === 'b' || match[2] === '♭' ? -1 : 0;
  return pitchClass(natural + accidental);
}

export const CHORD_QUALITIES = {
  maj: [0, 4, 7],
  min: [0, 3, 7],
  dim: [0, 3, 6],
  aug: [0, 4, 8],
  sus2: [0, 2, 7],
  sus4: [0, 5, 7],
  power: [0, 7],
  six: [0, 4, 7, 9],
  min6: [0, 3, 7, 9],
  maj7: [0, 4, 7, 11],
  min7: [0, 3, 7, 10],
  dom7: [0, 4, 7, 10],
  hdim7: [0, 3, 6, 10],
  dim7: [0, 3, 6, 9],
  add9: [0, 4, 7, 14],
  madd9: [0, 3, 7, 14],
  maj9: [0, 4, 7, 11, 14],
  min9: [0, 3, 7, 10, 14],
  dom9: [0, 4, 7, 10, 14],
} as const satisfies Record<string, readonly number[]>;
export type ChordQuality = keyof typeof CHORD_QUALITIES;

const QUALITY_SUFFIX: Record<ChordQuality, string> = {
  maj: '', min: 'm', dim: 'dim', aug: '+', sus2: 'sus2', sus4: 'sus4', power: '5', six: '6', min6: 'm6',
  maj7: 'maj7', min7: 'm7', dom7: '7', hdim7: 'm7b5', dim7: 'dim7', add9: 'add9', madd9: 'madd9',
  maj9: 'maj9', min9: 'm9', dom9: '9',
};

/** A chord relative to the key: `root` is semitones above the tonic. */
export interface Chord {
  /** The Roman numeral it was written as, e.g. "ii7" or "bVII". */
  numeral: string;
  root: number;
  quality: ChordQuality;
}

const NUMERAL_DEGREES: Record<string, number> = { i: 0, ii: 2, iii: 4, iv: 5, v: 7, vi: 9, vii: 11 };

/**
 * Parses a Roman numeral relative to the major scale of the tonic: upper case is major, lower case minor, with
 * optional b/# and a suffix (7, maj7, 9, maj9, 6, o, o7, ø7, +, sus2, sus4, add9, 5). "bVII" in A minor is G.
 */
export function parseNumeral(numeral: string): Chord {
  const match = /^([b#]?)(VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)(.*)$/.exec(numeral.trim());
  if (!match) throw new Error(`Not a Roman numeral chord: ${numeral}`);
  const [, accidental = '', degree = 'I', suffix = ''] = match;
  const upper = degree === degree.toUpperCase();
  const root = pitchClass((NUMERAL_DEGREES[degree.toLowerCase()] ?? 0) + (accidental === 'b' ? -1 : accidental === '#' ? 1 : 0));
  return { numeral, root, quality: qualityFor(upper, suffix, numeral) };
}

function qualityFor(upper: boolean, suffix: string, numeral: string): ChordQuality {
  switch (suffix) {
    case '': return upper ? 'maj' : 'min';
    case '7': return upper ? 'dom7' : 'min7';
    case '9': return upper ? 'dom9' : 'min9';
    case '6': return upper ? 'six' : 'min6';
    case 'maj7': return 'maj7';
    case 'maj9': return 'maj9';
    case 'o': return 'dim';
    case 'o7': return 'dim7';
    case 'ø7': return 'hdim7';
    case '+': return 'aug';
    case 'sus2': return 'sus2';
    case 'sus4': return 'sus4';
    case 'add9': return upper ? 'add9' : 'madd9';
    case '5': return 'power';
    default: throw new Error(`Unknown chord suffix in ${numeral}`);
  }
}

/** Pitch classes of a chord in a key, root first. */
export function chordPitchClasses(chord: Chord, tonic: number): number[] {
  return CHORD_QUALITIES[chord.quality].map((interval) => pitchClass(tonic + chord.root + interval));
}

/** A chord's printable name in a key, e.g. "Dm7". */
export function chordName(chord: Chord, tonic: number, preferFlats: boolean): string {
  return noteName(tonic + chord.root, preferFlats) + QUALITY_SUFFIX[chord.quality];
}

/** Whether flats read better than sharps in this key. */
export function keyPrefersFlats(tonic: number, mode: Mode): boolean {
  // Relative-major tonic decides: F, Bb, Eb, Ab, Db, Gb use flats.
  const relativeMajor = pitchClass(tonic + majorOffset(mode));
  return [5, 10, 3, 8, 1, 6].includes(relativeMajor);
}

/** Semitones from a mode's tonic up to its relative major's tonic. */
function majorOffset(mode: Mode): number {
  return { major: 0, minor: 3, dorian: 10, mixolydian: 5, phrygian: 8, lydian: 7 }[mode];
}

/** MIDI pitches of the scale between low and high inclusive. */
export function scalePitches(tonic: number, mode: Mode, low: number, high: number): number[] {
  const classes = new Set(MODE_INTERVALS[mode].map((interval) => pitchClass(tonic + interval)));
  const pitches: number[] = [];
  for (let pitch = low; pitch <= high; pitch++) if (classes.has(pitchClass(pitch))) pitches.push(pitch);
  return pitches;
}

/** The lowest pitch at or above `low` with the given pitch class. */
export function pitchAtOrAbove(pitchClassValue: number, low: number): number {
  return low + pitchClass(pitchClassValue - low);
}

/** The pitch with a given class nearest to a target pitch. */
export function nearestPitch(pitchClassValue: number, target: number): number {
  const above = pitchAtOrAbove(pitchClassValue, target);
  return above - target > 6 ? above - 12 : above;
}

/**
 * Chooses a voicing of `classes` inside [low, high] that moves least from the previous voicing (smooth voice
 * leading), or sits nearest the middle of the range when there is none.
 */
export function voiceLead(classes: readonly number[], previous: readonly number[] | undefined, low: number, high: number): number[] {
  const candidates: number[][] = [];
  for (let rotation = 0; rotation < classes.length; rotation++) {
    const order = [...classes.slice(rotation), ...classes.slice(0, rotation)];
    for (let base = low; base < low + 12; base++) {
      if (pitchClass(base) !== order[0]) continue;
      for (let octave = 0; base + octave * 12 <= high; octave++) {
        const voicing = stackAscending(order, base + octave * 12);
        if ((voicing[voicing.length - 1] ?? high) <= high) candidates.push(voicing);
      }
    }
  }
  if (candidates.length === 0) return stackAscending(classes, pitchAtOrAbove(classes[0] ?? 0, low));
  const centre = (low + high) / 2;
  const cost = (voicing: number[]): number =>
    previous && previous.length > 0 ? movement(voicing, previous) : Math.abs(average(voicing) - centre);
  return candidates.reduce((best, candidate) => (cost(candidate) < cost(best) ? candidate : best));
}

function stackAscending(classes: readonly number[], start: number): number[] {
  const voicing: number[] = [];
  let floor = start;
  for (const value of classes) {
    const pitch = voicing.length === 0 ? start : pitchAtOrAbove(value, floor + 1);
    voicing.push(pitch);
    floor = pitch;
  }
  return voicing;
}

/** Total distance between two voicings, matching voices from the bottom and penalising a jumping top voice. */
function movement(next: readonly number[], previous: readonly number[]): number {
  let total = 0;
  const count = Math.max(next.length, previous.length);
  for (let index = 0; index < count; index++) {
    const a = next[Math.min(index, next.length - 1)] ?? 0;
    const b = previous[Math.min(index, previous.length - 1)] ?? 0;
    total += Math.abs(a - b);
  }
  const topJump = Math.abs((next[next.length - 1] ?? 0) - (previous[previous.length - 1] ?? 0));
  return total + topJump * 0.5;
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}
