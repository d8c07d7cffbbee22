import { concatFloat32 } from '../../codec/pcm.ts';
import { DEFAULT_SPEECH_LIMITS, planSpeech, type PlannedSegment, type SpeechLimits, type SpeechPlan } from '../plan.ts';
import { SpeechError, type SentenceBoundary, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '../types.ts';
import type { EspeakInventory } from './espeak-synthesizer.ts';
import { alignSpokenWords } from '../word-alignment.ts';
import type { WordTiming } from '@sound-studio/shared';
import type { RenderJob, RenderedSentence, SentenceWord, WorkerTasks } from './protocol.ts';
import { workerScript } from '../../worker-script.ts';
import { defaultPoolSize, ENGINE_ERROR_CODES, WorkerPool } from '../../workers/worker-pool.ts';

export interface LocalSpeechEngineOptions {
  /** Worker threads, each with its own warm eSpeak instance. Default: min(2, CPU count). */
  workers?: number;
  limits?: Partial<SpeechLimits>;
}

export { defaultPoolSize as defaultWorkerCount };

/**
 * The local engine: eSpeak NG (WASM) in a pool of worker threads. Sentences of one request render in parallel across
 * the pool but are yielded in order; each request keeps at most `workers + 1` sentences in flight so one long text
 * cannot monopolise the pool.
 */
export class LocalSpeechEngine implements SpeechEngine {
  readonly provider = 'local' as const;
  private readonly pool: WorkerPool<WorkerTasks>;
  private readonly limits: SpeechLimits;

  constructor(options: LocalSpeechEngineOptions = {}) {
    this.pool = new WorkerPool<WorkerTasks>({
      size: options.workers ?? defaultPoolSize(),
      entry: workerScript(import.meta.url, './worker-entry.mjs', 'espeak-worker'),
      name: 'sound-studio-espeak',
      // A sentence takes ~20 ms: an aborted one finishes and the stream drops it, keeping the warm thread.
      onCancel: 'let-finish',
      messages: { closed: 'The speech engine is closed', aborted: 'Speech synthesis was aborted', worker: 'Speech worker' },
      toError: (error) => new SpeechError(ENGINE_ERROR_CODES[error.code], error.message),
    });
    this.limits = { ...DEFAULT_SPEECH_LIMITS, ...options.limits };
  }

  async speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    const plan = planSpeech(request, this.limits);
    const pieces: Float32Array[] = [];
    const sentences: SentenceBoundary[] = [];
    const words: WordTiming[] = [];
    let sampleRate = plan.config.outputSampleRate;
    for await (const chunk of this.streamPlan(plan, options?.signal)) {
      if (chunk.format !== 'pcm') continue;
      pieces.push(chunk.samples);
      sampleRate = chunk.sampleRate;
      words.push(...(chunk.words ?? []));
      if (chunk.kind === 'sentence') {
        sentences.push({ text: chunk.text, startSample: chunk.startSample, endSample: chunk.startSample + chunk.speechSamples });
      }
    }
    const samples = concatFloat32(pieces);
    return {
      format: 'pcm',
      samples,
      sampleRate,
      durationSeconds: samples.length / sampleRate,
      sentences,
      words,
      provider: this.provider,
      model: plan.model,
    };
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    // Validate eagerly so a bad request fails at the call, not at the first iteration.
    const plan = planSpeech(request, this.limits, options?.leadPieceMaxLength);
    return this.streamPlan(plan, options?.signal, options?.leadPieceMaxLength !== undefined);
  }

  /** Starts every thread and waits until each has a warm eSpeak instance. */
  warmUp(): Promise<void> {
    return this.pool.warmUp('warm', null);
  }

  /** The eSpeak voices and variants the WASM build ships (used to check the catalogue). */
  inventory(): Promise<EspeakInventory> {
    return this.pool.run('inventory', null);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * With `leadAlone` (a caller waiting for its first audio), the first segment renders on its own, so it does not
   * share the CPU with the segments after it (about 20 ms sooner on two cores); the lookahead starts once it is back.
   */
  private async *streamPlan(plan: SpeechPlan, signal: AbortSignal | undefined, leadAlone = false): AsyncGenerator<SpeechChunk> {
    const controller = new AbortController();
    const forwardAbort = (): void => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    if (signal?.aborted) controller.abort();
    const renders: Array<Promise<RenderedSentence> | undefined> = [];
    const lookahead = this.pool.size + 1;
    const start = (index: number): void => {
      const segment = plan.segments[index];
      if (!segment || renders[index]) return;
      const render = this.renderSegment(plan, segment, controller.signal);
      render.catch(() => undefined); // awaited below; this only silences rejections of segments never reached
      renders[index] = render;
    };
    try {
      let startSample = 0;
      for (let index = 0; index < plan.segments.length; index++) {
        const reach = index === 0 && leadAlone ? 1 : lookahead;
        for (let ahead = index; ahead < index + reach; ahead++) start(ahead);
        const segment = plan.segments[index];
        const audio = await renders[index];
        if (!segment || !audio) continue;
        yield {
          format: 'pcm',
          samples: audio.samples,
          index,
          kind: segment.kind,
          text: segment.kind === 'sentence' ? segment.text : '',
          sampleRate: audio.sampleRate,
          startSample,
          speechSamples: audio.speechSamples,
          durationSeconds: audio.samples.length / audio.sampleRate,
          words: segment.kind === 'sentence' ? timeWords(segment, audio.words, startSample / audio.sampleRate) : [],
        };
        startSample += audio.samples.length;
      }
    } finally {
      signal?.removeEventListener('abort', forwardAbort);
      controller.abort();
    }
  }

  private renderSegment(plan: SpeechPlan, segment: PlannedSegment, signal: AbortSignal): Promise<RenderedSentence> {
    const sampleRate = plan.config.outputSampleRate;
    if (segment.kind === 'pause') {
      const samples = new Float32Array(Math.round(segment.seconds * sampleRate));
      const silence = { samples, sampleRate, speechSamples: 0, trimmedLeadSeconds: 0, audibleStartSeconds: 0, audibleEndSeconds: 0 };
      return Promise.resolve({ ...silence, words: [] });
    }
    return this.pool.run('render', renderJob(plan, segment.spokenText, segment.gapAfterSeconds), { signal });
  }
}

function renderJob(plan: SpeechPlan, text: string, gapAfterSeconds: number): RenderJob {
  return {
    text,
    espeak: {
      voice: plan.espeakVoice,
      ...(plan.voice.variant ? { variant: plan.voice.variant } : {}),
      rate: plan.prosody.rate,
      pitch: plan.prosody.pitch,
      pitchRange: plan.prosody.pitchRange,
    },
    shape: {
      sampleRate: plan.config.outputSampleRate,
      gain: plan.prosody.gain,
      lowPassHz: plan.config.lowPassHz,
      edgeFadeMs: plan.config.edgeFadeMs,
      trailingSilenceSeconds: gapAfterSeconds,
    },
  };
}

type SentenceSegment = Extract<PlannedSegment, { kind: 'sentence' }>;

/**
 * Points the sentence's spoken words at the request's text and times them from the utterance start. Spoken words that
 * read the same written word ("$5" read as "five dollars") become one timing spanning them all.
 */
function timeWords(segment: SentenceSegment, words: readonly SentenceWord[], offsetSeconds: number): WordTiming[] {
  const ranges = alignSpokenWords(
    segment.spokenText,
    words.map((word) => ({ start: word.spokenStart, end: word.spokenEnd })),
    segment.text,
  );
  const timings: WordTiming[] = [];
  words.forEach((word, index) => {
    const range = ranges[index];
    const previous = timings.at(-1);
    const start = offsetSeconds + word.start;
    const end = offsetSeconds + word.end;
    const textStart = range ? segment.textOffset + range.start : undefined;
    if (previous && (textStart === undefined || textStart < previous.textEnd)) {
      previous.end = Math.max(previous.end, end);
      return;
    }
    if (!range || textStart === undefined) return;
    const text = segment.text.slice(range.start, range.end);
    timings.push({ text, textStart, textEnd: segment.textOffset + range.end, start, end });
  });
  return timings.map((timing) => ({ ...timing, start: roundMs(timing.start), end: roundMs(timing.end) }));
}

function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
