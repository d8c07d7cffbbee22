import { EspeakSynthesizer } from './espeak-synthesizer.ts';
import { placeWords } from './place-words.ts';
import type { RenderedSentence, WorkerTasks } from './protocol.ts';
import { shapeSpeech } from './shape.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';

/** Body of one worker thread: a single warm eSpeak NG instance serving render jobs one at a time. */
const synthesizer = EspeakSynthesizer.load();

serveTasks<WorkerTasks>(async (message) => {
  const espeak = await synthesizer;
  switch (message.task) {
    case 'render': {
      const job = message.request as WorkerTasks['render']['request'];
      // Every sentence starts from the same engine state: the same job gives the same samples on any worker.
      espeak.restoreInitialState();
      const raw = espeak.synthesizeWithWords(job.text, job.espeak);
      const shaped = shapeSpeech(raw.samples, espeak.sampleRate, job.shape);
      const result: RenderedSentence = { ...shaped, words: placeWords(raw.words, shaped) };
      return { result, transfer: [shaped.samples.buffer as ArrayBuffer] };
    }
    case 'inventory':
      return { result: espeak.inventory() };
    case 'warm':
      espeak.warmUp();
      return { result: { sampleRate: espeak.sampleRate } };
  }
});
