// essentia.js (AGPL, dev dependency for tests) ships no package typings; this is the part the tests use.
declare module 'essentia.js' {
  export interface EssentiaVector {
    delete(): void;
  }
  export interface EssentiaCore {
    version: string;
    arrayToVector(input: Float32Array): EssentiaVector;
    RhythmExtractor2013(signal: EssentiaVector, maxTempo?: number, method?: string, minTempo?: number): { bpm: number; confidence: number };
    KeyExtractor(
      audio: EssentiaVector, averageDetuningCorrection?: boolean, frameSize?: number, hopSize?: number, hpcpSize?: number,
      maxFrequency?: number, maximumSpectralPeaks?: number, minFrequency?: number, pcpThreshold?: number, profileType?: string,
      sampleRate?: number,
    ): { key: string; scale: string; strength: number };
    OnsetRate(signal: EssentiaVector): { onsetRate: number };
    SpectralCentroidTime(array: EssentiaVector, sampleRate?: number): { centroid: number };
  }
  const essentia: {
    EssentiaWASM: unknown;
    Essentia: new (wasm: unknown) => EssentiaCore;
  };
  export default essentia;
}
