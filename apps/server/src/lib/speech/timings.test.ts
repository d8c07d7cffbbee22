import { MP3_START_DELAY_SAMPLES, type SpeechChunk } from '@sound-studio/audio';
import { describe, expect, it } from 'vitest';
import { TimingsRecorder } from './timings.ts';

const RATE = 24_000;
const DELAY = MP3_START_DELAY_SAMPLES / RATE;
const word = { text: 'Hello', textStart: 0, textEnd: 5, start: 0.1, end: 0.4 };

function chunk(format: 'pcm' | 'mp3', durationSeconds: number): SpeechChunk {
  const audio = format === 'pcm' ? { format, samples: new Float32Array(Math.round(durationSeconds * RATE)) } : { format, bytes: new Uint8Array(0) };
  return { ...audio, index: 0, kind: 'sentence', text: 'Hello.', sampleRate: RATE, startSample: 0, speechSamples: 0, durationSeconds, words: [word] };
}

async function timingsOf(chunks: SpeechChunk[], audio: 'mp3' | 'pcm') {
  const recorder = new TimingsRecorder('Hello.');
  async function* source() {
    yield* chunks;
  }
  for await (const observed of recorder.observe(source())) expect(observed).toBeDefined();
  return recorder.timings(audio);
}

describe('TimingsRecorder', () => {
  it("moves words by an MP3 decoder's start delay, and PCM encoded afterwards grows by it too", async () => {
    const timings = await timingsOf([chunk('pcm', 1)], 'mp3');
    expect(timings.words[0]).toMatchObject({ start: Math.round((0.1 + DELAY) * 1000) / 1000 });
    expect(timings.durationSeconds).toBe(Math.round((1 + DELAY) * 1000) / 1000);
    expect((await timingsOf([chunk('pcm', 1)], 'pcm')).durationSeconds).toBe(1);
  });

  it('takes the length of chunks that came as MP3 as the whole file, words still moved by the delay', async () => {
    const timings = await timingsOf([chunk('mp3', 1.048)], 'mp3');
    expect(timings.durationSeconds).toBe(1.048);
    expect(timings.words[0]).toMatchObject({ start: Math.round((0.1 + DELAY) * 1000) / 1000 });
  });
});
