import { parentPort, type MessagePort } from 'node:worker_threads';
import { EspeakSynthesizer } from './espeak-synthesizer.ts';
import { placeWords } from './place-words.ts';
import type { RenderedSentence, WorkerReplyMessage, WorkerRequestMessage, WorkerTasks } from './protocol.ts';
import { shapeSpeech } from './shape.ts';

/** Body of one worker thread: a single warm eSpeak NG instance serving render jobs one at a time. */
const port: MessagePort | null = parentPort;
if (!port) throw new Error('espeak-worker must run in a worker thread');

const synthesizer = EspeakSynthesizer.load();

port.on('message', (message: WorkerRequestMessage) => {
  void handle(message).then(
    ({ result, transfer }) => reply({ id: message.id, ok: true, result }, transfer),
    (error: unknown) => reply({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});

function reply(message: WorkerReplyMessage, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

async function handle(message: WorkerRequestMessage): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  const espeak = await synthesizer;
  switch (message.task) {
    case 'render': {
      const job = message.request as WorkerTasks['render']['request'];
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
}
