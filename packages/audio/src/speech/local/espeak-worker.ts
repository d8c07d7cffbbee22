import { encodeMp3Group } from '../mp3-group-encoder.ts';
import type { EncodedSegment } from '../mp3-groups.ts';
import { EspeakSynthesizer } from './espeak-synthesizer.ts';
import { placeWords } from './place-words.ts';
import type { RenderedSentence, RenderJob, WorkerTasks } from './protocol.ts';
import { shapeSpeech } from './shape.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';

/** Body of one worker thread: a single warm eSpeak NG instance serving render jobs one at a time. */
const synthesizer = EspeakSynthesizer.load();

serveTasks<WorkerTasks, EncodedSegment>(async (message, progress) => {
  const espeak = await synthesizer;
  switch (message.task) {
    case 'render': {
      const rendered = renderSentence(espeak, message.request as WorkerTasks['render']['request']);
      return { result: rendered, transfer: [rendered.samples.buffer as ArrayBuffer] };
    }
    case 'renderMp3':
      await encodeMp3Group(message.request as WorkerTasks['renderMp3']['request'], (job) => renderSentence(espeak, job), progress);
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
