import type { VoiceAnalysis } from '../../voice-analysis/analyse.ts';
import type { EncodedAudioFiles, EncodeOptions } from '../encode.ts';
import type { GateResult, IsolationSettings } from '../pipeline.ts';

/** Jobs a voice worker runs. Long signals travel as SharedArrayBuffers so chunks are processed without copies. */
export interface VoiceWorkerTasks {
  warm: { request: null; result: null };
  /** Resamples `input` to 48 kHz into `target` (sized by the caller). */
  resample: { request: { input: Float32Array; fromRate: number; target: SharedArrayBuffer }; result: null };
  /** Energies of noise-profile frames [firstFrame, endFrame) of `input`, written into `energies` (Float64, one per frame). */
  profile: { request: { input: SharedArrayBuffer; energies: SharedArrayBuffer; firstFrame: number; endFrame: number }; result: null };
  /**
   * Power spectra of the listed quiet profile frames of `input`, each divided by `count` (all shares' frames), summed
   * into spectrum `part` of `sums` (Float64, one noise spectrum per part): this worker's share of the noise profile.
   */
  noise: { request: { input: SharedArrayBuffer; frames: Uint32Array; count: number; sums: SharedArrayBuffer; part: number }; result: null };
  /** Denoises samples [start, end) with the recording's noise profile (as the Wiener stage sees it). */
  denoise: {
    request: {
      input: SharedArrayBuffer;
      output: SharedArrayBuffer;
      voiceProbability: SharedArrayBuffer;
      start: number;
      end: number;
      noiseProfile: Float64Array;
      settings: IsolationSettings;
    };
    result: null;
  };
  /** Gates samples [start, end) of `output` in place, with gains from the whole recording's voice probability. */
  gate: {
    request: { output: SharedArrayBuffer; voiceProbability: SharedArrayBuffer; settings: IsolationSettings; start: number; end: number };
    result: GateResult;
  };
  encode: { request: { samples: Float32Array; sampleRate: number; options: EncodeOptions }; result: EncodedAudioFiles };
  analyse: { request: { samples: Float32Array; sampleRate: number }; result: VoiceAnalysis };
  /** Trim and normalise a clone sample. */
  optimise: { request: { samples: Float32Array; sampleRate: number }; result: Float32Array };
}
