import { afterAll, describe, expect, it } from 'vitest';
import { LocalSpeechEngine } from '../speech/local/local-engine.ts';
import { listVoices } from './catalogue.ts';

const engine = new LocalSpeechEngine({ workers: 2 });
afterAll(() => engine.close());

describe('the voice library on the local engine', () => {
  it('maps every voice to an eSpeak voice and variant the WASM build ships', async () => {
    const inventory = await engine.inventory();
    const voiceFiles = new Set(inventory.voices.map((voice) => voice.identifier.split('/').at(-1)?.toLowerCase()));
    for (const voice of listVoices()) {
      expect(voiceFiles, voice.id).toContain(voice.engine.espeakVoice);
      expect(inventory.variants, voice.id).toContain(voice.engine.variant);
    }
  });
});
