import { describe, expect, it } from 'vitest';
import { EspeakSynthesizer } from './espeak-synthesizer.ts';
import { WARM_UP_PASSAGE } from './warm-up-passage.ts';

const SETTINGS = { voice: 'en-us', rate: 175, pitch: 50, pitchRange: 50 };

/** The engine's memory and the copy restores put back, as the synthesiser holds them. */
function internals(synthesizer: EspeakSynthesizer): { heap: () => Uint8Array; copy: Uint8Array; malloc: (bytes: number) => number } {
  const view = synthesizer as unknown as { module: { HEAPU8: Uint8Array; _malloc: (bytes: number) => number }; initialMemory: { heap: Uint8Array } };
  return { heap: () => view.module.HEAPU8, copy: view.initialMemory.heap, malloc: (bytes) => view.module._malloc(bytes) };
}

describe('eSpeak NG between renders', () => {
  it('puts the whole memory back as it was loaded, clearing only up to the heap\'s break', async () => {
    const synthesizer = await EspeakSynthesizer.load();
    expect(synthesizer.restoresUpToBreak).toBe(true);
    const { heap, copy, malloc } = internals(synthesizer);
    synthesizer.synthesize('A sentence, then one in another voice.', SETTINGS);
    synthesizer.synthesize('Puis une autre, en français.', { ...SETTINGS, voice: 'fr' });
    // Our sentences fit in the heap eSpeak had when it was copied; a render that took more (grown memory, too) must
    // have it cleared all the same.
    const block = malloc(24 * 1024 * 1024);
    expect(block + 24 * 1024 * 1024).toBeGreaterThan(copy.length + 16 * 1024 * 1024);
    heap().fill(7, block, block + 24 * 1024 * 1024);
    synthesizer.restoreInitialState();
    const memory = heap();
    expect(memory.subarray(0, copy.length)).toEqual(copy);
    expect(memory.subarray(copy.length).every((byte) => byte === 0)).toBe(true);
  });

  it('renders a sentence the same after any other', async () => {
    const synthesizer = await EspeakSynthesizer.load();
    const sentence = 'The fog rolled in so thickly that the beam seemed to stop at the glass.';
    synthesizer.restoreInitialState();
    const first = synthesizer.synthesize(sentence, SETTINGS);
    synthesizer.restoreInitialState();
    synthesizer.synthesize(WARM_UP_PASSAGE, { ...SETTINGS, rate: 240 });
    synthesizer.restoreInitialState();
    expect(synthesizer.synthesize(sentence, SETTINGS)).toEqual(first);
  });
});
