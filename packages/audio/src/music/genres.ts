import type { Mode } from './theory.ts';
import type { MusicGenre } from './types.ts';

export type DrumStyle =
  | 'pop' | 'rock' | 'metal' | 'jazz' | 'funk' | 'boomBap' | 'trap' | 'lofi' | 'house'
  | 'reggae' | 'latin' | 'shuffle' | 'folk' | 'epic' | 'ambient';
export type BassStyle = 'eighths' | 'rootFifth' | 'walking' | 'syncopated' | 'sub' | 'offbeat' | 'reggae' | 'tumbao' | 'pedal' | 'gallop' | 'boogie';
export type HarmonyStyle = 'block' | 'strum' | 'comp' | 'stabs' | 'skank' | 'arpeggio' | 'powerChords' | 'lazy' | 'montuno' | 'ostinato' | 'pulse';
export type FormFamily = 'song' | 'electronic' | 'blues' | 'through';

/** A progression is a list of bars; a bar holds one chord or several sharing it equally ("ii7 V7"). */
export type Progression = readonly string[];

export interface ProgressionSet {
  verse: readonly Progression[];
  chorus: readonly Progression[];
  bridge: readonly Progression[];
}

export interface GenreProfile {
  id: MusicGenre;
  label: string;
  /** Typical tempo range in BPM; tempo words pick a point inside it. */
  tempo: readonly [number, number];
  swing: { ratio: number; unit: 8 | 16 };
  modes: readonly (readonly [Mode, number])[];
  /** Preferred tonics (pitch classes) for the instruments of the style. */
  tonics: readonly number[];
  progressions: { major: ProgressionSet; minor: ProgressionSet };
  /** GM programs to choose from for each role; drums is a drum-kit program, null for none. */
  instruments: {
    drums: readonly number[] | null;
    bass: readonly number[];
    harmony: readonly number[];
    lead: readonly number[];
    pad: readonly number[] | null;
    texture: readonly number[] | null;
  };
  styles: { drums: DrumStyle | null; bass: BassStyle; harmony: HarmonyStyle; texture: HarmonyStyle | null };
  form: FormFamily;
  /** Send levels (0–127) for the synth's reverb and chorus. */
  mix: { reverb: number; chorus: number };
  /** Lead register centre (MIDI pitch). */
  leadCentre: number;
  /** Melody density: notes per beat on average in a chorus. */
  melodyDensity: number;
}

const POP_MAJOR: ProgressionSet = {
  verse: [['I', 'V', 'vi', 'IV'], ['I', 'IV', 'vi', 'V'], ['I', 'vi', 'IV', 'V'], ['I', 'iii', 'IV', 'V']],
  chorus: [['IV', 'V', 'I', 'vi'], ['I', 'V', 'vi', 'IV'], ['vi', 'IV', 'I', 'V'], ['IV', 'I', 'V', 'I']],
  bridge: [['vi', 'IV', 'I', 'V'], ['IV', 'V', 'iii', 'vi'], ['ii', 'IV', 'V', 'V']],
};
const POP_MINOR: ProgressionSet = {
  verse: [['i', 'bVI', 'bIII', 'bVII'], ['i', 'bVII', 'bVI', 'bVII'], ['i', 'iv', 'bVI', 'V']],
  chorus: [['bVI', 'bVII', 'i', 'i'], ['i', 'bVI', 'bIII', 'bVII'], ['iv', 'bVI', 'V', 'i']],
  bridge: [['bVI', 'bVII', 'bIII', 'bVI'], ['iv', 'V', 'i', 'bVII']],
};

export const GENRE_PROFILES: Record<MusicGenre, GenreProfile> = {
  jazz: {
    id: 'jazz', label: 'Jazz', tempo: [84, 140], swing: { ratio: 0.64, unit: 8 },
    modes: [['major', 0.6], ['minor', 0.4]], tonics: [5, 10, 3, 0, 7, 2],
    progressions: {
      major: {
        verse: [['ii7 V7', 'Imaj7', 'ii7 V7', 'Imaj7'], ['Imaj7', 'vi7', 'ii7', 'V7'], ['Imaj7 vi7', 'ii7 V7', 'iii7 VI7', 'ii7 V7']],
        chorus: [['IVmaj7', 'iii7 VI7', 'ii7 V7', 'Imaj7'], ['Imaj7', 'IVmaj7', 'iii7 VI7', 'ii7 V7']],
        bridge: [['iii7', 'VI7', 'ii7', 'V7'], ['IVmaj7', 'iv7', 'iii7', 'VI7']],
      },
      minor: {
        verse: [['i7', 'iv7', 'iiø7 V7', 'i7'], ['i7', 'i7', 'iiø7', 'V7']],
        chorus: [['iv7', 'bVII7', 'bIIImaj7', 'bVImaj7 V7'], ['bVImaj7', 'iiø7 V7', 'i7', 'V7']],
        bridge: [['bIIImaj7', 'bVImaj7', 'iiø7', 'V7']],
      },
    },
    instruments: { drums: [40, 32], bass: [32], harmony: [0, 4, 26], lead: [66, 65, 56, 11, 26], pad: [49], texture: null },
    styles: { drums: 'jazz', bass: 'walking', harmony: 'comp', texture: null },
    form: 'song', mix: { reverb: 55, chorus: 10 }, leadCentre: 70, melodyDensity: 1.5,
  },
  lofi: {
    id: 'lofi', label: 'Lo-fi', tempo: [70, 90], swing: { ratio: 0.58, unit: 16 },
    modes: [['major', 0.5], ['minor', 0.3], ['dorian', 0.2]], tonics: [5, 0, 2, 7, 9, 3],
    progressions: {
      major: {
        verse: [['Imaj7', 'vi7', 'ii7', 'V7'], ['ii7', 'V7', 'Imaj7', 'Imaj7'], ['IVmaj7', 'iii7', 'ii7', 'Imaj7']],
        chorus: [['IVmaj7', 'V7', 'iii7', 'vi7'], ['Imaj7', 'iii7', 'IVmaj7', 'iv7']],
        bridge: [['vi7', 'ii7', 'IVmaj7', 'V7']],
      },
      minor: {
        verse: [['i7', 'iv7', 'bVIImaj7', 'bIIImaj7'], ['i7', 'bVImaj7', 'iv7', 'V7']],
        chorus: [['bVImaj7', 'bVII7', 'i7', 'i7'], ['iv7', 'bVII7', 'bIIImaj7', 'bVImaj7']],
        bridge: [['bIIImaj7', 'iv7', 'bVImaj7', 'V7']],
      },
    },
    instruments: { drums: [8, 0], bass: [33, 32], harmony: [4, 0], lead: [11, 26, 73, 4], pad: [89], texture: null },
    styles: { drums: 'lofi', bass: 'sub', harmony: 'lazy', texture: null },
    form: 'song', mix: { reverb: 50, chorus: 25 }, leadCentre: 72, melodyDensity: 1,
  },
  pop: {
    id: 'pop', label: 'Pop', tempo: [96, 126], swing: { ratio: 0.5, unit: 16 },
    modes: [['major', 0.7], ['minor', 0.3]], tonics: [0, 7, 2, 9, 4, 5],
    progressions: { major: POP_MAJOR, minor: POP_MINOR },
    instruments: { drums: [0], bass: [33, 34, 38], harmony: [0, 27], lead: [80, 1, 85, 73, 11], pad: [50, 89, 48], texture: [27, 98] },
    styles: { drums: 'pop', bass: 'eighths', harmony: 'pulse', texture: 'arpeggio' },
    form: 'song', mix: { reverb: 40, chorus: 15 }, leadCentre: 72, melodyDensity: 1.6,
  },
  rock: {
    id: 'rock', label: 'Rock', tempo: [108, 144], swing: { ratio: 0.5, unit: 8 },
    modes: [['major', 0.55], ['minor', 0.35], ['mixolydian', 0.1]], tonics: [4, 9, 2, 7, 0],
    progressions: {
      major: {
        verse: [['I', 'bVII', 'IV', 'I'], ['I', 'IV', 'V', 'IV'], ['I', 'V', 'IV', 'IV']],
        chorus: [['IV', 'V', 'I', 'I'], ['I', 'V', 'vi', 'IV'], ['IV', 'I', 'V', 'V']],
        bridge: [['vi', 'IV', 'V', 'V'], ['bVI', 'bVII', 'I', 'I']],
      },
      minor: {
        verse: [['i', 'bVII', 'bVI', 'bVII'], ['i', 'i', 'bVI', 'bVII']],
        chorus: [['bVI', 'bVII', 'i', 'i'], ['i', 'bVII', 'iv', 'bVI']],
        bridge: [['iv', 'bVI', 'bVII', 'V']],
      },
    },
    instruments: { drums: [16, 8], bass: [34, 33], harmony: [29, 30], lead: [30, 29, 18], pad: [18, 48], texture: null },
    styles: { drums: 'rock', bass: 'eighths', harmony: 'powerChords', texture: null },
    form: 'song', mix: { reverb: 35, chorus: 5 }, leadCentre: 69, melodyDensity: 1.4,
  },
  electronic: {
    id: 'electronic', label: 'Electronic', tempo: [118, 128], swing: { ratio: 0.5, unit: 16 },
    modes: [['minor', 0.7], ['major', 0.3]], tonics: [9, 5, 2, 7, 0, 4],
    progressions: {
      major: {
        verse: [['vi', 'IV', 'I', 'V'], ['I', 'V', 'vi', 'IV']],
        chorus: [['IV', 'V', 'vi', 'I'], ['I', 'V', 'vi', 'IV']],
        bridge: [['IV', 'IV', 'V', 'V']],
      },
      minor: {
        verse: [['i', 'bVI', 'bIII', 'bVII'], ['i', 'iv', 'bVI', 'bVII'], ['i', 'i', 'bVI', 'bVII']],
        chorus: [['i', 'bVI', 'bIII', 'bVII'], ['bVI', 'bVII', 'i', 'i']],
        bridge: [['bVI', 'bVI', 'bVII', 'bVII']],
      },
    },
    instruments: { drums: [24, 25], bass: [38, 39], harmony: [90, 5, 0], lead: [81, 80, 86], pad: [89, 94, 95], texture: [98, 90] },
    styles: { drums: 'house', bass: 'offbeat', harmony: 'stabs', texture: 'arpeggio' },
    form: 'electronic', mix: { reverb: 45, chorus: 30 }, leadCentre: 74, melodyDensity: 1.6,
  },
  hiphop: {
    id: 'hiphop', label: 'Hip-hop', tempo: [80, 96], swing: { ratio: 0.56, unit: 16 },
    modes: [['minor', 0.75], ['major', 0.25]], tonics: [1, 3, 6, 8, 10, 0],
    progressions: {
      major: {
        verse: [['Imaj7', 'vi7', 'IVmaj7', 'V7'], ['I', 'I', 'IV', 'IV']],
        chorus: [['IV', 'V', 'iii', 'vi']],
        bridge: [['ii7', 'V7', 'Imaj7', 'vi7']],
      },
      minor: {
        verse: [['i', 'i', 'bVI', 'bVII'], ['i', 'iv', 'i', 'V'], ['i7', 'bVImaj7', 'iv7', 'V7']],
        chorus: [['bVI', 'bVII', 'i', 'i'], ['i', 'bVI', 'iv', 'V']],
        bridge: [['iv', 'iv', 'bVI', 'V']],
      },
    },
    instruments: { drums: [25, 0], bass: [38, 39], harmony: [0, 4], lead: [10, 11, 45, 73, 80], pad: [49, 52], texture: null },
    styles: { drums: 'boomBap', bass: 'sub', harmony: 'block', texture: null },
    form: 'song', mix: { reverb: 30, chorus: 10 }, leadCentre: 74, melodyDensity: 1.2,
  },
  classical: {
    id: 'classical', label: 'Classical', tempo: [72, 112], swing: { ratio: 0.5, unit: 8 },
    modes: [['major', 0.55], ['minor', 0.45]], tonics: [2, 7, 0, 9, 5, 10],
    progressions: {
      major: {
        verse: [['I', 'IV', 'V', 'I'], ['I', 'vi', 'ii', 'V'], ['I', 'V', 'vi', 'iii', 'IV', 'I', 'IV', 'V']],
        chorus: [['IV', 'V', 'iii', 'vi', 'ii', 'V', 'I', 'I'], ['vi', 'ii', 'V', 'I']],
        bridge: [['vi', 'iii', 'IV', 'V'], ['ii', 'V', 'iii', 'vi']],
      },
      minor: {
        verse: [['i', 'iv', 'V', 'i'], ['i', 'bVI', 'iv', 'V']],
        chorus: [['bIII', 'bVII', 'i', 'V'], ['iv', 'V', 'i', 'bVI', 'iv', 'i', 'V', 'i']],
        bridge: [['bVI', 'bIII', 'iv', 'V']],
      },
    },
    instruments: { drums: null, bass: [42, 43], harmony: [48, 0, 46], lead: [40, 73, 68, 71], pad: [49, 60], texture: [45, 46] },
    styles: { drums: null, bass: 'rootFifth', harmony: 'arpeggio', texture: 'pulse' },
    form: 'through', mix: { reverb: 70, chorus: 0 }, leadCentre: 74, melodyDensity: 1.3,
  },
  cinematic: {
    id: 'cinematic', label: 'Cinematic', tempo: [84, 110], swing: { ratio: 0.5, unit: 8 },
    modes: [['minor', 0.75], ['major', 0.25]], tonics: [2, 9, 4, 0, 7],
    progressions: {
      major: {
        verse: [['I', 'V', 'vi', 'IV'], ['I', 'iii', 'IV', 'V']],
        chorus: [['IV', 'I', 'V', 'vi'], ['vi', 'IV', 'I', 'V']],
        bridge: [['bVI', 'bVII', 'I', 'I']],
      },
      minor: {
        verse: [['i', 'bVI', 'bIII', 'bVII'], ['i', 'i', 'bVI', 'bVI'], ['i', 'bVI', 'iv', 'V']],
        chorus: [['bVI', 'bIII', 'bVII', 'i'], ['i', 'bVII', 'bVI', 'V']],
        bridge: [['iv', 'bVI', 'bVII', 'V']],
      },
    },
    instruments: { drums: [48], bass: [43, 42], harmony: [48, 44], lead: [60, 61, 56, 40], pad: [52, 49], texture: [0, 45] },
    styles: { drums: 'epic', bass: 'eighths', harmony: 'ostinato', texture: 'arpeggio' },
    form: 'through', mix: { reverb: 75, chorus: 0 }, leadCentre: 67, melodyDensity: 0.9,
  },
  ambient: {
    id: 'ambient', label: 'Ambient', tempo: [68, 90], swing: { ratio: 0.5, unit: 8 },
    modes: [['major', 0.45], ['lydian', 0.15], ['minor', 0.4]], tonics: [2, 4, 9, 0, 7],
    progressions: {
      major: {
        verse: [['Imaj7', 'Imaj7', 'IVmaj7', 'IVmaj7'], ['Iadd9', 'vi7', 'IVmaj7', 'Iadd9']],
        chorus: [['IVmaj7', 'Iadd9', 'vi7', 'V'], ['vi7', 'IVmaj7', 'Iadd9', 'Iadd9']],
        bridge: [['ii7', 'IVmaj7', 'vi7', 'V']],
      },
      minor: {
        verse: [['i9', 'i9', 'bVImaj7', 'bVImaj7'], ['iadd9', 'bVImaj7', 'bIIImaj7', 'bVII']],
        chorus: [['bVImaj7', 'bIIImaj7', 'bVII', 'i9'], ['iv7', 'bVImaj7', 'i9', 'i9']],
        bridge: [['bIIImaj7', 'bVII', 'bVImaj7', 'iv7']],
      },
    },
    instruments: { drums: [24], bass: [35, 39], harmony: [89, 95, 92], lead: [8, 98, 11, 108, 75], pad: [94, 91, 88], texture: [98, 11, 46] },
    styles: { drums: 'ambient', bass: 'pedal', harmony: 'block', texture: 'arpeggio' },
    form: 'through', mix: { reverb: 90, chorus: 40 }, leadCentre: 76, melodyDensity: 0.6,
  },
  folk: {
    id: 'folk', label: 'Folk', tempo: [88, 122], swing: { ratio: 0.5, unit: 8 },
    modes: [['major', 0.75], ['minor', 0.25]], tonics: [7, 2, 9, 0, 4],
    progressions: {
      major: {
        verse: [['I', 'IV', 'I', 'V'], ['I', 'V', 'vi', 'IV'], ['I', 'I', 'IV', 'I']],
        chorus: [['IV', 'I', 'V', 'I'], ['vi', 'IV', 'I', 'V'], ['IV', 'V', 'I', 'I']],
        bridge: [['vi', 'V', 'IV', 'V'], ['ii', 'IV', 'V', 'V']],
      },
      minor: {
        verse: [['i', 'bVII', 'i', 'V'], ['i', 'bIII', 'bVII', 'i']],
        chorus: [['bIII', 'bVII', 'i', 'V'], ['bVI', 'bVII', 'i', 'i']],
        bridge: [['iv', 'i', 'bVII', 'V']],
      },
    },
    instruments: { drums: [8], bass: [32], harmony: [25, 24], lead: [110, 22, 105, 73, 21], pad: [49], texture: null },
    styles: { drums: 'folk', bass: 'rootFifth', harmony: 'strum', texture: null },
    form: 'song', mix: { reverb: 40, chorus: 5 }, leadCentre: 72, melodyDensity: 1.5,
  },
  funk: {
    id: 'funk', label: 'Funk & Soul', tempo: [92, 116], swing: { ratio: 0.54, unit: 16 },
    modes: [['dorian', 0.4], ['minor', 0.25], ['major', 0.35]], tonics: [4, 9, 2, 7, 5],
    progressions: {
      major: {
        verse: [['Imaj7', 'iii7', 'vi7', 'ii7 V7'], ['I7', 'I7', 'IV7', 'IV7']],
        chorus: [['IVmaj7', 'iii7', 'ii7', 'V7'], ['IVmaj7', 'V7', 'iii7 vi7', 'ii7 V7']],
        bridge: [['ii7', 'iii7', 'IVmaj7', 'V7']],
      },
      minor: {
        verse: [['i7', 'i7', 'IV7', 'IV7'], ['i7', 'IV7', 'i7', 'bVII7']],
        chorus: [['bIIImaj7', 'IV7', 'i7', 'i7'], ['iv7', 'bVII7', 'i7', 'V7']],
        bridge: [['bVImaj7', 'bVII7', 'i7', 'i7']],
      },
    },
    instruments: { drums: [0], bass: [36, 33], harmony: [7, 27, 4], lead: [61, 65, 62, 4], pad: [16], texture: [27] },
    styles: { drums: 'funk', bass: 'syncopated', harmony: 'stabs', texture: null },
    form: 'song', mix: { reverb: 30, chorus: 15 }, leadCentre: 70, melodyDensity: 1.5,
  },
  latin: {
    id: 'latin', label: 'Latin', tempo: [96, 128], swing: { ratio: 0.5, unit: 16 },
    modes: [['minor', 0.55], ['major', 0.45]], tonics: [9, 2, 7, 0, 5],
    progressions: {
      major: {
        verse: [['Imaj7', 'II7', 'ii7', 'V7'], ['Imaj7', 'vi7', 'ii7', 'V7']],
        chorus: [['IVmaj7', 'iii7', 'ii7', 'V7'], ['I', 'IV', 'V7', 'I']],
        bridge: [['ii7', 'V7', 'iii7', 'VI7']],
      },
      minor: {
        verse: [['i', 'iv', 'V7', 'i'], ['i', 'bVII', 'bVI', 'V7']],
        chorus: [['iv', 'V7', 'i', 'i'], ['i', 'iv', 'bVII', 'bIII', 'bVI', 'iiø7', 'V7', 'i']],
        bridge: [['bVI', 'bVII', 'i', 'V7']],
      },
    },
    instruments: { drums: [0], bass: [33, 32], harmony: [0, 24], lead: [56, 73, 65, 24, 11], pad: [61], texture: null },
    styles: { drums: 'latin', bass: 'tumbao', harmony: 'montuno', texture: null },
    form: 'song', mix: { reverb: 40, chorus: 10 }, leadCentre: 72, melodyDensity: 1.6,
  },
  blues: {
    id: 'blues', label: 'Blues', tempo: [72, 110], swing: { ratio: 0.66, unit: 8 },
    modes: [['major', 0.7], ['minor', 0.3]], tonics: [4, 9, 7, 2, 0],
    progressions: {
      major: {
        verse: [['I7', 'IV7', 'I7', 'I7', 'IV7', 'IV7', 'I7', 'I7', 'V7', 'IV7', 'I7', 'V7']],
        chorus: [['I7', 'I7', 'I7', 'I7', 'IV7', 'IV7', 'I7', 'I7', 'V7', 'IV7', 'I7', 'V7']],
        bridge: [['IV7', 'IV7', 'I7', 'I7', 'V7', 'IV7', 'I7', 'V7']],
      },
      minor: {
        verse: [['i7', 'iv7', 'i7', 'i7', 'iv7', 'iv7', 'i7', 'i7', 'bVI7', 'V7', 'i7', 'V7']],
        chorus: [['i7', 'i7', 'i7', 'i7', 'iv7', 'iv7', 'i7', 'i7', 'bVI7', 'V7', 'i7', 'V7']],
        bridge: [['iv7', 'iv7', 'i7', 'i7', 'bVI7', 'V7', 'i7', 'V7']],
      },
    },
    instruments: { drums: [8, 0], bass: [33, 32], harmony: [0, 16, 29], lead: [29, 22, 66, 27], pad: [16], texture: null },
    styles: { drums: 'shuffle', bass: 'boogie', harmony: 'comp', texture: null },
    form: 'blues', mix: { reverb: 40, chorus: 5 }, leadCentre: 68, melodyDensity: 1.3,
  },
  reggae: {
    id: 'reggae', label: 'Reggae', tempo: [68, 84], swing: { ratio: 0.55, unit: 16 },
    modes: [['major', 0.6], ['minor', 0.4]], tonics: [7, 9, 2, 0, 5],
    progressions: {
      major: {
        verse: [['I', 'IV', 'V', 'IV'], ['I', 'V', 'vi', 'IV'], ['I', 'I', 'IV', 'IV']],
        chorus: [['IV', 'V', 'I', 'I'], ['I', 'IV', 'I', 'V']],
        bridge: [['vi', 'IV', 'V', 'V']],
      },
      minor: {
        verse: [['i', 'bVII', 'i', 'bVII'], ['i', 'iv', 'i', 'iv']],
        chorus: [['bVI', 'bVII', 'i', 'i'], ['i', 'bVII', 'bVI', 'bVII']],
        bridge: [['iv', 'iv', 'bVII', 'bVII']],
      },
    },
    instruments: { drums: [0], bass: [33], harmony: [17, 27], lead: [22, 56, 16], pad: [16], texture: [28] },
    styles: { drums: 'reggae', bass: 'reggae', harmony: 'skank', texture: null },
    form: 'song', mix: { reverb: 45, chorus: 10 }, leadCentre: 70, melodyDensity: 1.1,
  },
  metal: {
    id: 'metal', label: 'Metal', tempo: [140, 176], swing: { ratio: 0.5, unit: 16 },
    modes: [['minor', 0.7], ['phrygian', 0.3]], tonics: [4, 2, 9, 7],
    progressions: {
      major: {
        verse: [['I5', 'bVII5', 'bVI5', 'bVII5']],
        chorus: [['bVI5', 'bVII5', 'I5', 'I5']],
        bridge: [['IV5', 'bVI5', 'V5', 'V5']],
      },
      minor: {
        verse: [['i5', 'i5', 'bVI5', 'bVII5'], ['i5', 'bII5', 'i5', 'bVII5'], ['i5', 'bVII5', 'bVI5', 'V5']],
        chorus: [['bVI5', 'bVII5', 'i5', 'i5'], ['i5', 'bVI5', 'bIII5', 'bVII5']],
        bridge: [['iv5', 'bVI5', 'V5', 'V5']],
      },
    },
    instruments: { drums: [16], bass: [34], harmony: [30], lead: [30, 81], pad: [52, 48], texture: null },
    styles: { drums: 'metal', bass: 'gallop', harmony: 'powerChords', texture: null },
    form: 'song', mix: { reverb: 30, chorus: 0 }, leadCentre: 67, melodyDensity: 1.6,
  },
};

/** Names of the GM programs we use, for plans and track names. */
export const GM_PROGRAM_NAMES: Readonly<Record<number, string>> = {
  0: 'Grand Piano', 1: 'Bright Piano', 4: 'Electric Piano', 5: 'FM Electric Piano', 6: 'Harpsichord', 7: 'Clavinet',
  8: 'Celesta', 9: 'Glockenspiel', 10: 'Music Box', 11: 'Vibraphone', 12: 'Marimba', 13: 'Xylophone', 14: 'Tubular Bells',
  16: 'Drawbar Organ', 17: 'Percussive Organ', 18: 'Rock Organ', 19: 'Church Organ', 21: 'Accordion', 22: 'Harmonica',
  24: 'Nylon Guitar', 25: 'Steel Guitar', 26: 'Jazz Guitar', 27: 'Clean Guitar', 28: 'Muted Guitar',
  29: 'Overdrive Guitar', 30: 'Distortion Guitar', 32: 'Upright Bass', 33: 'Finger Bass', 34: 'Picked Bass',
  35: 'Fretless Bass', 36: 'Slap Bass', 38: 'Synth Bass', 39: 'Synth Bass 2', 40: 'Violin', 41: 'Viola', 42: 'Cello',
  43: 'Contrabass', 44: 'Tremolo Strings', 45: 'Pizzicato Strings', 46: 'Harp', 47: 'Timpani', 48: 'Strings',
  49: 'Slow Strings', 50: 'Synth Strings', 52: 'Choir', 53: 'Voice Oohs', 56: 'Trumpet', 57: 'Trombone', 58: 'Tuba',
  59: 'Muted Trumpet', 60: 'French Horn', 61: 'Brass Section', 62: 'Synth Brass', 64: 'Soprano Sax', 65: 'Alto Sax',
  66: 'Tenor Sax', 67: 'Baritone Sax', 68: 'Oboe', 70: 'Bassoon', 71: 'Clarinet', 72: 'Piccolo', 73: 'Flute',
  74: 'Recorder', 75: 'Pan Flute', 77: 'Shakuhachi', 78: 'Whistle', 79: 'Ocarina', 80: 'Square Lead', 81: 'Saw Lead',
  84: 'Charang', 85: 'Voice Lead', 86: 'Fifths Lead', 88: 'New Age Pad', 89: 'Warm Pad', 90: 'Polysynth', 91: 'Space Voice',
  92: 'Bowed Glass', 94: 'Halo Pad', 95: 'Sweep Pad', 98: 'Crystal', 104: 'Sitar', 105: 'Banjo', 106: 'Shamisen',
  107: 'Koto', 108: 'Kalimba', 109: 'Bagpipe', 110: 'Fiddle', 111: 'Shehnai', 114: 'Steel Drums', 116: 'Taiko',
};

export const DRUM_KIT_NAMES: Readonly<Record<number, string>> = {
  0: 'Standard Kit', 8: 'Room Kit', 16: 'Power Kit', 24: 'Electronic Kit', 25: 'TR-808 Kit', 32: 'Jazz Kit',
  40: 'Brush Kit', 48: 'Orchestra Kit',
};

export function programName(program: number, drums = false): string {
  return (drums ? DRUM_KIT_NAMES[program] : GM_PROGRAM_NAMES[program]) ?? `Program ${program}`;
}
