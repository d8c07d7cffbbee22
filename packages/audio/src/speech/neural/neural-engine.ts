import { existsSync } from 'node:fs';
import { workerScript } from '../../worker-script.ts';
import { defaultPoolSize, ENGINE_ERROR_CODES, WorkerPool } from '../../workers/worker-pool.ts';
import { moodProsody } from '../moods.ts';
import { DEFAULT_SPEECH_LIMITS, planSpeech, type SpeechLimits, type SpeechPlan } from '../plan.ts';
import { encodesMp3OnRenderThreads, mp3GroupJob, type EncodedSegment } from '../mp3-groups.ts';
import { collectSpeech, streamMp3Segments, streamSegments, type SentenceSegment } from '../segment-stream.ts';
import { SpeechError, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '../types.ts';
import type { NeuralVoiceRef } from './formats.ts';
import type { NeuralRenderJob, NeuralWorkerTasks } from './protocol.ts';

export interface NeuralSpeechEngineOptions {
  /** Worker threads, each with eSpeak NG (for phonemes) and its open ONNX sessions. Default: min(2, CPU count). */
  workers?: number;
  limits?: Partial<SpeechLimits>;
}

/** Request pitch -1..1 moves a neural voice by up to four semitones either way; a mood's eSpeak pitch shift counts too. */
const SEMITONES_PER_PITCH_UNIT = 4;
/** eSpeak's base pitch scale (0–99) moves roughly a semitone per 3 steps around the middle. */
const ESPEAK_STEPS_PER_SEMITONE = 3;

/**
 * Installed Piper and Kokoro voices (onnxruntime-node in worker threads). Requests are planned exactly like the
 * eSpeak engine's (sentences, pauses, gaps, word timings), so every path that takes a SpeechEngine takes this one.
 * Speed becomes the model's length scale (Kokoro: its speed input); pitch is rendered by time-stretch and resampling;
 * volume and a mood's loudness are gains. A mood's intonation range cannot be honoured: the models have no control.
 */
export class NeuralSpeechEngine implements SpeechEngine {
  readonly provider = 'local' as const;
  private readonly pool: WorkerPool<NeuralWorkerTasks, EncodedSegment>;
  private readonly limits: SpeechLimits;

  constructor(options: NeuralSpeechEngineOptions = {}) {
    this.pool = new WorkerPool<NeuralWorkerTasks, EncodedSegment>({
      size: options.workers ?? defaultPoolSize(),
      entry: workerScript(import.meta.url, './worker-entry.mjs', 'neural-worker'),
      name: 'sound-studio-neural',
      // A sentence of a real voice takes tenths of a second: an aborted one finishes and is dropped.
      onCancel: 'let-finish',
      messages: { closed: 'The neural speech engine is closed', aborted: 'Speech synthesis was aborted', worker: 'Neural speech worker' },
      toError: (error) => new SpeechError(ENGINE_ERROR_CODES[error.code], error.message),
    });
    this.limits = { ...DEFAULT_SPEECH_LIMITS, ...options.limits };
  }

  async speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    const { plan, voice } = this.plan(request);
    const stream = this.streamPlan(plan, request, voice, { signal: options?.signal, leadAlone: false, asMp3: false });
    return collectSpeech(stream, { sampleRate: voice.sampleRate, provider: this.provider, model: plan.model });
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    const { plan, voice } = this.plan(request, options?.leadPieceMaxLength);
    const asMp3 = encodesMp3OnRenderThreads(options, voice.sampleRate);
    return this.streamPlan(plan, request, voice, { signal: options?.signal, leadAlone: options?.leadPieceMaxLength !== undefined, asMp3 });
  }

  warmUp(voice?: NeuralVoiceRef): Promise<void> {
    return this.pool.warmUp('warm', voice ? { voice } : {});
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private plan(request: SpeechRequest, leadPieceMaxLength?: number): { plan: SpeechPlan; voice: NeuralVoiceRef } {
    const voice = typeof request.voice === 'string' ? undefined : request.voice.neural;
    if (!voice) throw new SpeechError('UNKNOWN_VOICE', 'Not a neural voice');
    // Checked up front so a removed voice fails the request cleanly instead of inside a worker.
    if (!existsSync(voice.modelPath)) throw new SpeechError('UNKNOWN_VOICE', 'This neural voice is no longer installed', { model: voice.modelPath });
    return { plan: planSpeech(request, this.limits, leadPieceMaxLength), voice };
  }

  /** The plan as PCM chunks, or as MP3 encoded on the render threads like the eSpeak engine's (see mp3-groups.ts). */
  private streamPlan(plan: SpeechPlan, request: SpeechRequest, voice: NeuralVoiceRef, options: { signal: AbortSignal | undefined; leadAlone: boolean; asMp3: boolean }): AsyncGenerator<SpeechChunk> {
    const stream = { plan, sampleRate: voice.sampleRate, lookahead: this.pool.size + 1, leadAlone: options.leadAlone, signal: options.signal };
    const job = (segment: SentenceSegment): NeuralRenderJob => neuralJob(plan, request, voice, segment.spokenText, segment.gapAfterSeconds);
    if (!options.asMp3) return streamSegments({ ...stream, render: (segment, abort) => this.pool.run('render', job(segment), { signal: abort }) });
    return streamMp3Segments({
      ...stream,
      renderGroup: (group, last, onSegment, abort) =>
        this.pool.run('renderMp3', mp3GroupJob(group, voice.sampleRate, last, job), { signal: abort, onProgress: onSegment }).then(() => undefined),
    });
  }
}

export function neuralJob(plan: SpeechPlan, request: SpeechRequest, voice: NeuralVoiceRef, text: string, gapAfterSeconds: number): NeuralRenderJob {
  const mood = moodProsody(plan.mood);
  const semitones = SEMITONES_PER_PITCH_UNIT * (request.pitch + (plan.voice.pitchOffset ?? 0)) + mood.pitchShift / ESPEAK_STEPS_PER_SEMITONE;
  return {
    voice,
    espeakVoice: plan.espeakVoice,
    text,
    rate: request.speed * mood.rate * (plan.voice.rateFactor ?? 1),
    pitchFactor: 2 ** (semitones / 12),
    gain: request.volume * mood.gain,
    edgeFadeMs: plan.config.edgeFadeMs,
    trailingSilenceSeconds: gapAfterSeconds,
  };
}
