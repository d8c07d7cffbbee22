import { mp3EncodedLength, Mp3StreamEncoder } from '../../codec/mp3.ts';
import { concatBytes } from '../../codec/pcm.ts';
import { fittedGroupInput, withLength } from '../mp3-groups.ts';
import { EspeakSynthesizer } from './espeak-synthesizer.ts';
import { placeWords } from './place-words.ts';
import type { EncodedSegment, Mp3GroupJob, RenderedSentence, RenderJob, WorkerTasks } from './protocol.ts';
import { shapeSpeech } from './shape.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';

/** Body of one worker thread: a single warm eSpeak NG instance serving render jobs one at a time. */
const synthesizer = EspeakSynthesizer.load();
/** One LAME instance per thread and sample rate, restarted for each group. */
const encoders = new Map<number, Promise<Mp3StreamEncoder>>();

serveTasks<WorkerTasks, EncodedSegment>(async (message, progress) => {
  const espeak = await synthesizer;
  switch (message.task) {
    case 'render': {
      const rendered = renderSentence(espeak, message.request as WorkerTasks['render']['request']);
      return { result: rendered, transfer: [rendered.samples.buffer as ArrayBuffer] };
    }
    case 'renderMp3':
      await renderMp3Group(espeak, message.request as Mp3GroupJob, progress);
      return { result: null };
    case 'inventory':
      return { result: espeak.inventory() };
    case 'warm':
      espeak.warmUp();
      return { result: { sampleRate: espeak.sampleRate } };
  }
});

function renderSentence(espeak: EspeakSynthesizer, job: RenderJob): RenderedSentence {
  // Every sentence starts from the same engine state: the same job gives the same samples on any worker.
  espeak.restoreInitialState();
  const raw = espeak.synthesizeWithWords(job.text, job.espeak);
  const shaped = shapeSpeech(raw.samples, espeak.sampleRate, job.shape);
  return { ...shaped, words: placeWords(raw.words, shaped) };
}

/**
 * Renders a group's segments in order into one fresh MP3, sending each segment's bytes as soon as they are encoded;
 * the last segment's closing silence is fitted so the group ends on a whole frame (see mp3-groups.ts).
 */
async function renderMp3Group(espeak: EspeakSynthesizer, job: Mp3GroupJob, send: (segment: EncodedSegment) => void): Promise<void> {
  const encoder = await encoderFor(job.sampleRate);
  encoder.restart();
  let groupInput = 0;
  job.segments.forEach((segment, position) => {
    const rendered = segment.kind === 'sentence'
      ? renderSentence(espeak, segment.job)
      : { samples: new Float32Array(Math.round(segment.seconds * job.sampleRate)), speechSamples: 0, words: [] };
    const last = position === job.segments.length - 1;
    let samples = rendered.samples;
    let length = samples.length;
    if (last) {
      const input = job.fitToFrames
        ? fittedGroupInput(groupInput + samples.length, groupInput + rendered.speechSamples, job.sampleRate)
        : groupInput + samples.length;
      samples = withLength(samples, input - groupInput);
      length = mp3EncodedLength(input, job.sampleRate) - groupInput;
    }
    const encoded = encoder.encode(samples);
    const mp3 = last ? concatBytes([encoded, encoder.finish()]) : encoded;
    send({ position, mp3, length, speechSamples: rendered.speechSamples, words: rendered.words });
    groupInput += samples.length;
  });
}

function encoderFor(sampleRate: number): Promise<Mp3StreamEncoder> {
  let encoder = encoders.get(sampleRate);
  if (!encoder) {
    encoder = Mp3StreamEncoder.create({ sampleRate });
    // A failed start is forgotten, so the next group tries again (and reports its own error).
    encoder.catch(() => encoders.delete(sampleRate));
    encoders.set(sampleRate, encoder);
  }
  return encoder;
}
