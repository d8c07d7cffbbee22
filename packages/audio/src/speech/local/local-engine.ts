import { DEFAULT_SPEECH_LIMITS, planSpeech, type SpeechLimits, type SpeechPlan } from '../plan.ts';
import { encodesMp3OnRenderThreads, mp3GroupJob, type EncodedSegment } from '../mp3-groups.ts';
import { collectSpeech, streamMp3Segments, streamSegments, type SentenceSegment } from '../segment-stream.ts';
import { SpeechError, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '../types.ts';
import type { EspeakInventory } from './espeak-synthesizer.ts';
import { WARM_UP_PASSAGE } from './warm-up-passage.ts';
import type { RenderJob, WorkerTasks } from './protocol.ts';
import { workerScript } from '../../worker-script.ts';
import { defaultPoolSize, ENGINE_ERROR_CODES, WorkerPool } from '../../workers/worker-pool.ts';

export interface LocalSpeechEngineOptions {
  /** Worker threads, each with its own warm eSpeak instance. Default: min(2, CPU count). */
  workers?: number;
  limits?: Partial<SpeechLimits>;
  /**
   * What warmUp() does. 'ready' (the default): every thread loads eSpeak NG and renders a few short phrases, so the
   * first request does not wait for the threads. 'steady': then a passage of about 3,700 characters is streamed to MP3
   * through the threads as a request would be. V8 optimises the engine's hot code only as it runs: a fresh thread
   * speaks the first few thousand characters at half its later speed, and that would fall on the first requests after
   * a server starts. A few seconds of both cores, for a server at start-up rather than for every test.
   */
  warmUp?: 'ready' | 'steady';
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
  private readonly warmUpMode: 'ready' | 'steady';
  private warming: Promise<void> | undefined;

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
    this.warmUpMode = options.warmUp ?? 'ready';
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

  /** Starts every thread and waits until each has a warm eSpeak instance (and, 'steady', has reached its speed). */
  warmUp(): Promise<void> {
    this.warming ??= this.pool.warmUp('warm', null)
      .then(() => (this.warmUpMode === 'steady' ? this.readToItself() : undefined))
      .catch((error: unknown) => {
        this.warming = undefined; // the next call tries again
        throw error;
      });
    return this.warming;
  }

  /** Streams the warm-up passage to MP3 and drops it: every sentence starts from the same state, so nothing carries over. */
  private async readToItself(): Promise<void> {
    const request = { text: WARM_UP_PASSAGE, voice: WARM_UP_VOICE, speed: 1, pitch: 0, volume: 1 };
    for await (const chunk of this.speakStream(request, { audio: 'mp3' })) void chunk;
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

/** Any catalogue voice: the code V8 optimises is the same for every eSpeak voice. */
const WARM_UP_VOICE = 'en-us-madison';

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
