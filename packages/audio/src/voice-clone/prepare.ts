import { defaultVoiceIsolator, type VoiceIsolator } from '../isolate/voice-isolator.ts';
import type { CloneSample } from './types.ts';

export interface PrepareOptions {
  removeNoise?: boolean;
  optimizeAccent?: boolean;
  /** Worker pool to run on; defaults to the process-wide isolator. */
  isolator?: VoiceIsolator;
  signal?: AbortSignal;
}

/**
 * Readies clone samples: the isolator's pipeline when noise removal is asked for (output at 48 kHz), then silence
 * trimming and loudness normalisation when accent optimisation is. All of it runs in the isolator's workers.
 */
export async function prepareCloneSamples(samples: readonly CloneSample[], options: PrepareOptions): Promise<CloneSample[]> {
  const isolator = options.isolator ?? defaultVoiceIsolator();
  return Promise.all(
    samples.map(async (sample) => {
      let prepared: CloneSample = sample;
      if (options.removeNoise) {
        const isolated = await isolator.isolate(prepared.samples, { sampleRate: prepared.sampleRate, ...(options.signal ? { signal: options.signal } : {}) });
        prepared = { ...prepared, samples: isolated.samples, sampleRate: isolated.sampleRate };
      }
      if (options.optimizeAccent) {
        prepared = { ...prepared, samples: await isolator.optimiseSample(prepared.samples, prepared.sampleRate, options.signal) };
      }
      return prepared;
    }),
  );
}
