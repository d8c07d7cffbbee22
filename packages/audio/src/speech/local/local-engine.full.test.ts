import { afterAll, describe, expect, it } from 'vitest';
import { concatBytes } from '../../codec/pcm.ts';
import { FULL_TESTS, FULL_TIER_TITLE } from '../../testing/tiers.ts';
import type { SpeechRequest } from '../types.ts';
import { LocalSpeechEngine } from './local-engine.ts';

const engines: LocalSpeechEngine[] = [];
afterAll(() => Promise.all(engines.map((engine) => engine.close())));

const REQUEST: SpeechRequest = {
  text: 'At 9:45 a.m. on the 3rd of June, Dr. Okafor asked: "Is the 2,400-metre route really closed?" Nobody knew.',
  voice: 'en-us-madison',
  speed: 1,
  pitch: 0,
  volume: 1,
};

async function mp3Of(engine: LocalSpeechEngine): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of engine.speakStream(REQUEST, { audio: 'mp3' })) {
    if (chunk.format === 'mp3') parts.push(chunk.bytes);
  }
  return concatBytes(parts);
}

// Both engines read for seconds on both cores: the full tier.
describe.skipIf(!FULL_TESTS)(`a steady warm-up${FULL_TIER_TITLE}`, () => {
  it('reads its passage through both threads and leaves the audio as a freshly warmed engine makes it', async () => {
    const ready = new LocalSpeechEngine({ workers: 2 });
    const steady = new LocalSpeechEngine({ workers: 2, warmUp: 'steady' });
    engines.push(ready, steady);
    await Promise.all([ready.warmUp(), steady.warmUp()]);
    const [expected, actual] = [await mp3Of(ready), await mp3Of(steady)];
    expect(expected.length).toBeGreaterThan(10_000);
    expect(actual).toEqual(expected);
  });
});
