import type { SpeakOptions, SpeechChunk, SpeechEngine, SpeechRequest, SpeechResult } from '@sound-studio/audio';

/**
 * The real engine, with a record of what it was asked: lets tests check what reached the engine (settings, preview
 * texts) and how often, without replacing any of our code.
 */
export class RecordingSpeechEngine implements SpeechEngine {
  readonly requests: SpeechRequest[] = [];

  constructor(private readonly inner: SpeechEngine) {}

  get provider() {
    return this.inner.provider;
  }

  speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    this.requests.push(request);
    return this.inner.speak(request, options);
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    this.requests.push(request);
    return this.inner.speakStream(request, options);
  }

  warmUp(): Promise<void> {
    return this.inner.warmUp();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Sentences of plain English prose, cycled to the requested length (cut at a word, ending with a full stop). */
export function englishProse(characters: number): string {
  const sentences = [
    'The lighthouse keeper climbed the spiral stairs every evening just before sunset.',
    'From the top, she could see the fishing boats returning home.',
    'Some nights the fog rolled in so thickly that the beam seemed to stop at the glass.',
    'She wrote the time of every signal in a worn leather book.',
  ];
  let text = '';
  for (let index = 0; text.length < characters; index += 1) text += `${sentences[index % sentences.length]} `;
  const cut = text.slice(0, characters);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[.,]$/, '')}.`;
}
