import { FILE_FAILURE_MESSAGES } from '@sound-studio/shared';
import type { VoiceIsolator } from '../isolate/voice-isolator.ts';
import type { SpeechEngine, SpeechModel } from '../speech/types.ts';
import { combineAnalyses } from '../voice-analysis/combine.ts';
import { LOCAL_MATCH_NOTE, matchVoice } from '../voice-analysis/match.ts';
import { VoiceCloneError } from './errors.ts';
import { prepareCloneSamples } from './prepare.ts';
import type { ClonedVoice, VoiceCloneProvider, VoiceCloneRequest } from './types.ts';
import { validateCloneDurations } from './validation.ts';

export interface LocalVoiceCloneOptions {
  /** A local speech engine (PCM output), used to calibrate the match and render previews. */
  engine: SpeechEngine;
  /** Worker pool for noise removal, sample optimisation and analysis. */
  isolator: VoiceIsolator;
  model?: SpeechModel;
}

/**
 * The local "clone": prepares the samples, analyses them (median pitch and range, speaking rate, brightness) and
 * builds a calibrated eSpeak voice with `matchVoice`. The result's note says plainly that this is a match of
 * measurable traits, not a copy of the speaker's voice.
 */
export class LocalVoiceCloneProvider implements VoiceCloneProvider {
  readonly provider = 'local' as const;

  constructor(private readonly options: LocalVoiceCloneOptions) {}

  async clone(request: VoiceCloneRequest): Promise<ClonedVoice> {
    validateCloneDurations(request.samples.map((sample) => ({ ...(sample.name ? { name: sample.name } : {}), durationSeconds: sample.samples.length / sample.sampleRate })));
    const { isolator, engine, model } = this.options;
    const signal = request.signal;
    const prepared = await prepareCloneSamples(request.samples, {
      isolator,
      removeNoise: request.removeNoise ?? false,
      optimizeAccent: request.optimizeAccent ?? false,
      ...(signal ? { signal } : {}),
    });
    const analysis = combineAnalyses(await Promise.all(prepared.map((sample) => isolator.analyse(sample.samples, sample.sampleRate, signal))));
    if (analysis.medianPitchHz <= 0) throw new VoiceCloneError('NO_SPEECH', FILE_FAILURE_MESSAGES.cloneNoSpeech);
    const match = await matchVoice(analysis, {
      language: request.language,
      engine,
      analyse: (samples, sampleRate) => isolator.analyse(samples, sampleRate, signal),
      ...(model ? { model } : {}),
      ...(signal ? { signal } : {}),
    });
    const cloned: ClonedVoice = { provider: 'local', voiceId: request.voiceId, voice: match.voice, mood: match.mood, analysis, match, note: LOCAL_MATCH_NOTE };
    if (!request.previewText) return cloned;
    const preview = await engine.speak(
      { text: request.previewText, voice: match.voice, mood: match.mood, speed: 1, pitch: 0, volume: 1, ...(model ? { model } : {}) },
      signal ? { signal } : {},
    );
    return preview.format === 'pcm' ? { ...cloned, preview: { kind: 'pcm', samples: preview.samples, sampleRate: preview.sampleRate } } : cloned;
  }
}
