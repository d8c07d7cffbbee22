import { mp3EncodedLength, Mp3StreamEncoder } from '../codec/mp3.ts';
import { concatBytes } from '../codec/pcm.ts';
import { fittedGroupInput, withLength, type EncodedSegment, type Mp3GroupJob } from './mp3-groups.ts';
import type { SentenceWord } from './sentence-word.ts';

/** What a render thread makes of one sentence, at the group's sample rate. */
export interface SentenceAudio {
  samples: Float32Array;
  speechSamples: number;
  words: SentenceWord[];
}

/** One LAME instance per thread and sample rate, restarted for each group. */
const encoders = new Map<number, Promise<Mp3StreamEncoder>>();

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

/**
 * Renders a group's segments in order into one fresh MP3 (on a render thread), sending each segment's bytes as soon
 * as they are encoded; the last segment's closing silence is fitted so the group ends on a whole frame.
 */
export async function encodeMp3Group<SentenceJob>(
  job: Mp3GroupJob<SentenceJob>,
  renderSentence: (sentence: SentenceJob) => SentenceAudio | Promise<SentenceAudio>,
  send: (segment: EncodedSegment) => void,
): Promise<void> {
  const encoder = await encoderFor(job.sampleRate);
  encoder.restart();
  let groupInput = 0;
  for (const [position, segment] of job.segments.entries()) {
    const rendered = segment.kind === 'sentence'
      ? await renderSentence(segment.job)
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
  }
}
