import essentiaPackage, { type EssentiaCore } from 'essentia.js';

/**
 * An independent ear for the tests: essentia.js (Essentia compiled to WASM) estimates tempo, key, onset rate and
 * brightness of rendered audio. Test-only: essentia.js is a dev dependency.
 */
let essentia: EssentiaCore | undefined;

function core(): EssentiaCore {
  essentia ??= new essentiaPackage.Essentia(essentiaPackage.EssentiaWASM);
  return essentia;
}

export interface Analysis {
  bpm: number;
  key: string;
  scale: string;
  keyStrength: number;
  onsetRate: number;
  /** Spectral centroid in Hz, a measure of brightness. */
  centroid: number;
}

/** Analyses a stereo signal at 44.1 kHz (essentia's rhythm extractor assumes that rate). */
export function analyse(left: Float32Array, right: Float32Array): Analysis {
  const mono = new Float32Array(left.length);
  for (let index = 0; index < mono.length; index++) mono[index] = ((left[index] ?? 0) + (right[index] ?? 0)) / 2;
  const essentiaCore = core();
  const vector = essentiaCore.arrayToVector(mono);
  try {
    // Degara's beat tracker: much faster than the multifeature one and as accurate on rendered MIDI.
    const rhythm = essentiaCore.RhythmExtractor2013(vector, 208, 'degara', 40);
    const key = essentiaCore.KeyExtractor(vector, true, 4096, 4096, 12, 3500, 60, 25, 0.2, 'bgate', 44100);
    const onsets = essentiaCore.OnsetRate(vector);
    const centroid = essentiaCore.SpectralCentroidTime(vector, 44100);
    return { bpm: rhythm.bpm, key: key.key, scale: key.scale, keyStrength: key.strength, onsetRate: onsets.onsetRate, centroid: centroid.centroid };
  } finally {
    vector.delete();
  }
}

/** A planned tempo counts as found when the estimate is within 4 % of it, its double or its half. */
export function tempoMatches(found: number, planned: number): boolean {
  return [1, 2, 0.5].some((factor) => Math.abs(found / (planned * factor) - 1) <= 0.04);
}
