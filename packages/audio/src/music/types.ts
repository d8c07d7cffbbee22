import type { ChordQuality, Mode } from './theory.ts';

export const MUSIC_GENRES = [
  'jazz', 'lofi', 'pop', 'rock', 'electronic', 'hiphop', 'classical', 'cinematic',
  'ambient', 'folk', 'funk', 'latin', 'blues', 'reggae', 'metal',
] as const;
export type MusicGenre = (typeof MUSIC_GENRES)[number];

export const MUSIC_MOODS = [
  'happy', 'uplifting', 'sad', 'melancholic', 'calm', 'dreamy', 'energetic',
  'aggressive', 'dark', 'mysterious', 'romantic', 'epic', 'playful', 'soulful',
] as const;
export type MusicMood = (typeof MUSIC_MOODS)[number];

export const SECTION_KINDS = ['intro', 'verse', 'preChorus', 'chorus', 'bridge', 'solo', 'breakdown', 'outro'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

/** What a track does in the arrangement. `texture` is an arpeggio or ostinato layer. */
export type PartRole = 'drums' | 'bass' | 'harmony' | 'lead' | 'pad' | 'texture';

export interface PlannedInstrument {
  role: PartRole;
  /** General MIDI program (0–127); for drums, the GM/GS drum-kit program (0 standard, 40 brush, ...). */
  program: number;
  name: string;
  /** Zero-based MIDI channel; drums are always 9 (channel 10). */
  channel: number;
  /** True when the prompt named this instrument. */
  fromPrompt: boolean;
}

export interface PlannedChord {
  /** Roman numeral relative to the tonic, e.g. "ii7". */
  numeral: string;
  /** Printable name in the key, e.g. "Dm7". */
  name: string;
  /** Semitones above the tonic. */
  root: number;
  quality: ChordQuality;
  /** Beats from the start of the section. */
  startBeat: number;
  beats: number;
}

export interface PlannedSection {
  kind: SectionKind;
  /** Display label, e.g. "Chorus 2" or "Drop". */
  label: string;
  startBar: number;
  bars: number;
  /** 0–1: how many parts play and how hard; sections build and release along it. */
  energy: number;
  chords: PlannedChord[];
  /** Lyric lines sung (here: played by the lead) in this section, when lyrics were given. */
  lyricLines?: LyricLine[];
}

export interface MusicKey {
  /** Pitch class of the tonic, 0 = C. */
  tonic: number;
  mode: Mode;
  /** e.g. "A minor", "Bb major", "D dorian". */
  name: string;
}

export interface LyricSyllable {
  text: string;
  /** The word this syllable belongs to, so a display can join syllables back into words. */
  wordIndex: number;
}

export interface LyricLine {
  text: string;
  language: 'en' | 'tr';
  syllables: LyricSyllable[];
}

export interface LyricSection {
  kind: SectionKind;
  /** The tag as written, e.g. "Pre-Chorus" or "Nakarat". */
  tag: string;
  lines: LyricLine[];
}

export interface ParsedLyrics {
  sections: LyricSection[];
  syllableCount: number;
  lineCount: number;
}

/** Everything the composer decided from the prompt: enough to arrange, render, title and draw the track. */
export interface MusicPlan {
  prompt: string;
  seed: number;
  durationSeconds: number;
  genre: MusicGenre;
  genreLabel: string;
  mood: MusicMood;
  /** Every mood word matched, strongest first. */
  moods: MusicMood[];
  title: string;
  /** Short tags for display (genre, mood, instruments, tempo). */
  tags: string[];
  bpm: number;
  beatsPerBar: 3 | 4;
  /** Where off-beats land between two beats of `swingUnit`: 0.5 straight, 0.67 triplet swing. */
  swing: number;
  swingUnit: 8 | 16;
  key: MusicKey;
  instruments: PlannedInstrument[];
  sections: PlannedSection[];
  totalBars: number;
  barSeconds: number;
  /** Seconds after the last bar for the final chord to ring out: bars * barSeconds + endingSeconds = duration. */
  endingSeconds: number;
  /** Vocal character asked for ("male", "kadın", ...), used to pick the lead's register. */
  voice?: 'male' | 'female';
  /** Overall drive 0–1 from the mood and tempo words. */
  intensity: number;
  lyrics?: ParsedLyrics;
  /** What the lexicon recognised, for debugging and tests. */
  recognised: {
    genres: string[];
    moods: string[];
    instruments: string[];
    tempo?: string;
    bpm?: number;
    key?: string;
    excludedRoles: PartRole[];
  };
}

export interface NoteEvent {
  tick: number;
  durationTicks: number;
  pitch: number;
  velocity: number;
}

export interface ControlEvent {
  tick: number;
  controller: number;
  value: number;
}

export interface ArrangementTrack {
  name: string;
  role: PartRole;
  channel: number;
  program: number;
  volume: number;
  pan: number;
  reverb: number;
  chorus: number;
  notes: NoteEvent[];
  controls: ControlEvent[];
}

export interface TimedText {
  tick: number;
  text: string;
}

/** A multi-track MIDI arrangement of a plan, in ticks of `ticksPerBeat` at a constant tempo. */
export interface Arrangement {
  ticksPerBeat: number;
  bpm: number;
  beatsPerBar: 3 | 4;
  /** Where the music (including the final chord's ring) ends: the exact requested duration. */
  durationSeconds: number;
  tracks: ArrangementTrack[];
  /** Section names at their start, written as MIDI markers. */
  markers: TimedText[];
  /** Syllables at their note starts, written as MIDI lyric events. */
  lyrics: TimedText[];
  title: string;
  /** Written as the MIDI key signature. */
  key: MusicKey;
}

export interface LyricTimelineSyllable {
  text: string;
  wordIndex: number;
  startSeconds: number;
  durationSeconds: number;
  /** MIDI pitch the lead plays for this syllable. */
  pitch: number;
}

export interface LyricTimelineLine {
  text: string;
  section: string;
  startSeconds: number;
  endSeconds: number;
  syllables: LyricTimelineSyllable[];
}

/**
 * Lyrics timed to the lead line, for showing them in time with playback. The local engine does not sing: the vocal
 * melody is played by a lead instrument, named here so the UI can say so (in its own language).
 */
export interface LyricsTimeline {
  lines: LyricTimelineLine[];
  carriedBy: { kind: 'instrument'; program: number; name: string };
}
