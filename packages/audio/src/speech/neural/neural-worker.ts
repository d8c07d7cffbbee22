import { EspeakSynthesizer } from '../local/espeak-synthesizer.ts';
import { encodeMp3Group } from '../mp3-group-encoder.ts';
import type { EncodedSegment } from '../mp3-groups.ts';
import { serveTasks } from '../../workers/serve-tasks.ts';
import { NeuralSynthesizer } from './neural-synthesizer.ts';
import type { NeuralWorkerTasks } from './protocol.ts';

/** Body of one neural worker thread: eSpeak NG for phonemes plus the ONNX sessions of the voices it has rendered. */
const synthesizer = EspeakSynthesizer.load().then((espeak) => new NeuralSynthesizer(espeak));

serveTasks<NeuralWorkerTasks, EncodedSegment>(async (message, progress) => {
  const neural = await synthesizer;
  switch (message.task) {
    case 'render': {
      const result = await neural.render(message.request as NeuralWorkerTasks['render']['request']);
      return { result, transfer: [result.samples.buffer as ArrayBuffer] };
    }
    case 'renderMp3':
      await encodeMp3Group(message.request as NeuralWorkerTasks['renderMp3']['request'], (job) => neural.render(job), progress);
      return { result: null };
    case 'warm': {
      const { voice } = message.request as NeuralWorkerTasks['warm']['request'];
      if (voice) await neural.load(voice);
      return { result: null };
    }
  }
});
