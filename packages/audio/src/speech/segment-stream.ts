import type { WordTiming } from '@sound-studio/shared';
import { concatFloat32 } from '../codec/pcm.ts';
import type { RenderedSentence } from './local/protocol.ts';
import type { SentenceWord } from './sentence-word.ts';
import { planMp3Groups, type EncodedSegment, type Mp3Group } from './mp3-groups.ts';
import type { PlannedSegment, SpeechPlan } from './plan.ts';
import type { SentenceBoundary, SpeechAudio, SpeechChunk, SpeechProviderName, SpeechResult } from './types.ts';
import { alignSpokenWords } from './word-alignment.ts';

/** Renders one planned sentence in a worker; pauses never reach it. */
export type RenderSentence = (segment: SentenceSegment, signal: AbortSignal) => Promise<RenderedSentence>;

export interface SegmentStreamOptions {
  plan: SpeechPlan;
  sampleRate: number;
  /** Sentences kept in flight ahead of the one being yielded. */
  lookahead: number;
  render: RenderSentence;
  signal: AbortSignal | undefined;
  /** The first segment renders alone, so a caller waiting for its first audio does not share the CPU with the rest. */
  leadAlone: boolean;
}

/**
 * Streams a plan's sentences and pauses in order while up to `lookahead` of them render in parallel (shared by the
 * eSpeak and the neural engines, which differ only in how a sentence is rendered).
 */
export async function* streamSegments(options: SegmentStreamOptions): AsyncGenerator<SpeechChunk> {
  const { plan } = options;
  const { controller, unlink } = linkedAbort(options.signal);
  const renders: Array<Promise<RenderedSentence> | undefined> = [];
  const start = (index: number): void => {
    const segment = plan.segments[index];
    if (!segment || renders[index]) return;
    const render = segment.kind === 'pause' ? Promise.resolve(silence(segment.seconds, options.sampleRate)) : options.render(segment, controller.signal);
    render.catch(() => undefined); // awaited below; this only silences rejections of segments never reached
    renders[index] = render;
  };
  try {
    let startSample = 0;
    for (let index = 0; index < plan.segments.length; index++) {
      const reach = index === 0 && options.leadAlone ? 1 : options.lookahead;
      for (let ahead = index; ahead < index + reach; ahead++) start(ahead);
      const segment = plan.segments[index];
      const audio = await renders[index];
      if (!segment || !audio) continue;
      const placed = { sampleRate: audio.sampleRate, startSample, length: audio.samples.length, speechSamples: audio.speechSamples, words: audio.words };
      yield chunkOf(segment, index, { format: 'pcm', samples: audio.samples }, placed);
      startSample += audio.samples.length;
    }
  } finally {
    unlink();
  }
}

/** An AbortController that follows `signal`; `unlink` stops following it and aborts what is still running. */
function linkedAbort(signal: AbortSignal | undefined): { controller: AbortController; unlink: () => void } {
  const controller = new AbortController();
  const forwardAbort = (): void => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  if (signal?.aborted) controller.abort();
  return {
    controller,
    unlink: () => {
      signal?.removeEventListener('abort', forwardAbort);
      controller.abort();
    },
  };
}

/** Where a rendered segment sits in the utterance, in samples, and its words (seconds from its first sample). */
interface PlacedSegment {
  sampleRate: number;
  startSample: number;
  length: number;
  speechSamples: number;
  words: readonly SentenceWord[];
}

/** The chunk a rendered segment becomes, its words timed from the utterance start. */
function chunkOf(segment: PlannedSegment, index: number, audio: SpeechAudio, placed: PlacedSegment): SpeechChunk {
  return {
    ...audio,
    index,
    kind: segment.kind,
    text: segment.kind === 'sentence' ? segment.text : '',
    sampleRate: placed.sampleRate,
    startSample: placed.startSample,
    speechSamples: placed.speechSamples,
    durationSeconds: placed.length / placed.sampleRate,
    words: segment.kind === 'sentence' ? timeWords(segment, placed.words, placed.startSample / placed.sampleRate) : [],
  };
}

/** Renders and encodes one group in a worker, handing over each segment as it is encoded. */
export type RenderMp3Group = (group: Mp3Group, last: boolean, onSegment: (segment: EncodedSegment) => void, signal: AbortSignal) => Promise<void>;

export type Mp3SegmentStreamOptions = Omit<SegmentStreamOptions, 'render'> & { renderGroup: RenderMp3Group };

/**
 * The plan's segments as MP3 chunks, encoded on the render threads: groups of segments (see mp3-groups.ts) render
 * and encode in parallel, up to `lookahead` groups at a time, and each segment is yielded in order as soon as its
 * thread has encoded it. Chunk positions and word times are on the timeline of the MP3 as it decodes.
 */
export async function* streamMp3Segments(options: Mp3SegmentStreamOptions): AsyncGenerator<SpeechChunk> {
  const { plan, sampleRate } = options;
  const { controller, unlink } = linkedAbort(options.signal);
  const groups = planMp3Groups(plan.segments, sampleRate);
  const groupOf = groups.flatMap((group, groupIndex) => group.segments.map(() => groupIndex));
  const encoded = plan.segments.map(() => deferred<EncodedSegment>());
  const started = new Set<number>();
  const start = (groupIndex: number): void => {
    const group = groups[groupIndex];
    if (!group || started.has(groupIndex)) return;
    started.add(groupIndex);
    const onSegment = (segment: EncodedSegment): void => encoded[group.first + segment.position]?.resolve(segment);
    const settleMissing = (error: unknown): void =>
      group.segments.forEach((_, position) => encoded[group.first + position]?.reject(error));
    options.renderGroup(group, groupIndex === groups.length - 1, onSegment, controller.signal).then(
      () => settleMissing(new Error('The speech worker skipped a segment')),
      settleMissing,
    );
  };
  try {
    let startSample = 0;
    for (let index = 0; index < plan.segments.length; index++) {
      const groupIndex = groupOf[index] ?? 0;
      const reach = index === 0 && options.leadAlone ? 1 : options.lookahead;
      for (let ahead = groupIndex; ahead < groupIndex + reach; ahead++) start(ahead);
      const segment = plan.segments[index];
      const audio = await encoded[index]?.promise;
      if (!segment || !audio) continue;
      const placed = { sampleRate, startSample, length: audio.length, speechSamples: audio.speechSamples, words: audio.words };
      yield chunkOf(segment, index, { format: 'mp3', bytes: audio.mp3 }, placed);
      startSample += audio.length;
    }
  } finally {
    unlink();
  }
}

/** A promise settled from outside; settling it again does nothing, and an unawaited rejection is not reported. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

function silence(seconds: number, sampleRate: number): RenderedSentence {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  return { samples, sampleRate, speechSamples: 0, trimmedLeadSeconds: 0, audibleStartSeconds: 0, audibleEndSeconds: 0, words: [] };
}

/** The whole utterance from a stream of chunks: one buffer, sentence boundaries and word timings. */
export async function collectSpeech(
  chunks: AsyncIterable<SpeechChunk>,
  meta: { sampleRate: number; provider: SpeechProviderName; model: SpeechPlan['model'] },
): Promise<SpeechResult> {
  const pieces: Float32Array[] = [];
  const sentences: SentenceBoundary[] = [];
  const words: WordTiming[] = [];
  let sampleRate = meta.sampleRate;
  for await (const chunk of chunks) {
    if (chunk.format !== 'pcm') continue;
    pieces.push(chunk.samples);
    sampleRate = chunk.sampleRate;
    words.push(...(chunk.words ?? []));
    if (chunk.kind === 'sentence') {
      sentences.push({ text: chunk.text, startSample: chunk.startSample, endSample: chunk.startSample + chunk.speechSamples });
    }
  }
  const samples = concatFloat32(pieces);
  return { format: 'pcm', samples, sampleRate, durationSeconds: samples.length / sampleRate, sentences, words, provider: meta.provider, model: meta.model };
}

export type SentenceSegment = Extract<PlannedSegment, { kind: 'sentence' }>;

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
