import { DEFAULT_SPEECH_LIMITS, planSpeech, type SpeechLimits, type SpeechPlan } from '../plan.ts';
import { encodesMp3OnRenderThreads, mp3GroupJob, type EncodedSegment } from '../mp3-groups.ts';
import { collectSpeech, streamMp3Segments, streamSegments, type SentenceSegment } from '../segment-stream.ts';
import { SpeechError, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '../types.ts';
import type { EspeakInventory } from './espeak-synthesizer.ts';
import type { RenderJob, WorkerTasks } from './protocol.ts';
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
  private readonly pool: WorkerPool<WorkerTasks, EncodedSegment>;
  private readonly limits: SpeechLimits;

  constructor(options: LocalSpeechEngineOptions = {}) {
    this.pool = new WorkerPool<WorkerTasks, EncodedSegment>({
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
    const stream = this.streamPlan(plan, { signal: options?.signal, leadAlone: false, asMp3: false });
    return collectSpeech(stream, { sampleRate: plan.config.outputSampleRate, provider: this.provider, model: plan.model });
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    // Validate eagerly so a bad request fails at the call, not at the first iteration.
    const plan = planSpeech(request, this.limits, options?.leadPieceMaxLength);
    const asMp3 = encodesMp3OnRenderThreads(options, plan.config.outputSampleRate);
    return this.streamPlan(plan, { signal: options?.signal, leadAlone: options?.leadPieceMaxLength !== undefined, asMp3 });
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
   * The plan as PCM chunks, or as MP3 encoded on the render threads in groups (see mp3-groups.ts), so both cores
   * share the encoding. With `leadAlone` (a caller waiting for its first audio), the first segment renders on its own,
   * so it does not share the CPU with the segments after it (about 20 ms sooner on two cores); the lookahead starts
   * once it is back.
   */
  private streamPlan(plan: SpeechPlan, options: { signal: AbortSignal | undefined; leadAlone: boolean; asMp3: boolean }): AsyncGenerator<SpeechChunk> {
    const sampleRate = plan.config.outputSampleRate;
    const stream = { plan, sampleRate, lookahead: this.pool.size + 1, leadAlone: options.leadAlone, signal: options.signal };
    const job = (segment: SentenceSegment): RenderJob => renderJob(plan, segment.spokenText, segment.gapAfterSeconds);
    if (!options.asMp3) return streamSegments({ ...stream, render: (segment, abort) => this.pool.run('render', job(segment), { signal: abort }) });
    return streamMp3Segments({
      ...stream,
      renderGroup: (group, last, onSegment, abort) =>
        this.pool.run('renderMp3', mp3GroupJob(group, sampleRate, last, job), { signal: abort, onProgress: onSegment }).then(() => undefined),
    });
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
