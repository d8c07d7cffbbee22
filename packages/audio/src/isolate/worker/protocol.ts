import type { VoiceAnalysis } from '../../voice-analysis/analyse.ts';
import type { EncodedAudioFiles, EncodeOptions } from '../encode.ts';
import type { GateResult, IsolationSettings } from '../pipeline.ts';

/** Jobs a voice worker runs. Long signals travel as SharedArrayBuffers so chunks are processed without copies. */
export interface VoiceWorkerTasks {
  warm: { request: null; result: null };
  /** Resamples `input` to 48 kHz into `target` (sized by the caller). */
  resample: { request: { input: Float32Array; fromRate: number; target: SharedArrayBuffer }; result: null };
  profile: { request: { input: SharedArrayBuffer; settings: IsolationSettings }; result: Float64Array };
  denoise: {
    request: {
      input: SharedArrayBuffer;
      output: SharedArrayBuffer;
      voiceProbability: SharedArrayBuffer;
      start: number;
      end: number;
      profile: Float64Array;
      settings: IsolationSettings;
    };
    result: null;
  };
  gate: { request: { output: SharedArrayBuffer; voiceProbability: SharedArrayBuffer; settings: IsolationSettings }; result: GateResult };
  encode: { request: { samples: Float32Array; sampleRate: number; options: EncodeOptions }; result: EncodedAudioFiles };
  analyse: { request: { samples: Float32Array; sampleRate: number }; result: VoiceAnalysis };
  /** Trim and normalise a clone sample. */
  optimise: { request: { samples: Float32Array; sampleRate: number }; result: Float32Array };
}
