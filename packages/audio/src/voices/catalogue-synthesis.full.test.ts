import { describe, expect, it } from 'vitest';
import { voicedRms } from '../codec/analysis.ts';
import { LocalSpeechEngine } from '../speech/local/local-engine.ts';
import type { Mood } from '../speech/types.ts';
import { FULL_TESTS, FULL_TIER_TITLE } from '../testing/tiers.ts';
import { listVoices } from './catalogue.ts';
import { voicePreviewRequest } from './preview.ts';
import type { CatalogueVoice } from './types.ts';

/** The preview cut to about 80 characters at a word boundary: enough to prove the voice speaks, quick to render. */
function shortPreview(voice: CatalogueVoice, mood?: Mood): ReturnType<typeof voicePreviewRequest> {
  const full = voicePreviewRequest(voice, mood);
  const cut = full.text.length > 80 ? full.text.slice(0, full.text.indexOf(' ', 60) > 0 ? full.text.indexOf(' ', 60) : 80) : full.text;
  return { ...full, text: cut };
}

// Every voice in every mood: a few minutes of synthesis. `npm test` skips it; `npm run test:full` and CI run it.
describe.skipIf(!FULL_TESTS)(`the voice library on the local engine, every voice${FULL_TIER_TITLE}`, () => {
  it('synthesises a short preview for every voice and every mood, batched through the pool', async () => {
    const previews: Array<{ voice: CatalogueVoice; mood?: Mood }> = listVoices().flatMap((voice) => [
      { voice },
      ...voice.moods.slice(1).map((option) => ({ voice, mood: option.mood })),
    ]);
    const engine = new LocalSpeechEngine({ workers: 2 });
    const results = await Promise.all(previews.map(({ voice, mood }) => engine.speak(shortPreview(voice, mood)))).finally(() => engine.close());
    results.forEach((result, index) => {
      const label = `${previews[index]?.voice.id} ${previews[index]?.mood ?? ''}`;
      expect(result.format, label).toBe('pcm');
      if (result.format !== 'pcm') throw new Error(`${label}: expected PCM`);
      expect(result.durationSeconds, label).toBeGreaterThan(0.8);
      expect(voicedRms(result.samples, result.sampleRate), label).toBeGreaterThan(0.05);
    });
    expect(previews.length).toBeGreaterThan(listVoices().length);
  });
});
