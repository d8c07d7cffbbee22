import { SpeechError, type UpstreamSpeechEngine, type UpstreamVoice } from '@sound-studio/audio';
import { describe, expect, it } from 'vitest';
import type { SpeechProviderConfig } from './speech/providers-config.ts';
import { parseUpstreamVoiceId, UpstreamVoiceLibrary } from './upstream-voices.ts';

/** An upstream whose listing the test sets (or breaks) between refreshes; it never speaks. */
function listingEngine(): UpstreamSpeechEngine & { listing: UpstreamVoice[] | Error } {
  const engine = {
    provider: 'openai' as const,
    listing: [] as UpstreamVoice[] | Error,
    listVoices: async () => {
      if (engine.listing instanceof Error) throw engine.listing;
      return engine.listing;
    },
    speak: () => Promise.reject(new Error('not used')),
    speakStream: () => {
      throw new Error('not used');
    },
    warmUp: async () => undefined,
    close: async () => undefined,
  };
  return engine;
}

const config: SpeechProviderConfig = {
  type: 'openai', name: 'kokoro', label: 'Kokoro', baseUrl: 'http://kokoro/v1', apiKey: 'sk-test', model: null, groupId: null,
  creditsPerCharacter: 0.5, timeoutMs: 1000, refreshSeconds: 600, voices: [], catalogue: false,
};

describe('UpstreamVoiceLibrary', () => {
  it('follows the listing on each refresh and keeps the last good list when a read fails', async () => {
    const engine = listingEngine();
    const warnings: Array<Record<string, unknown>> = [];
    const library = new UpstreamVoiceLibrary([config], new Map([['kokoro', engine]]), { warn: (details) => void warnings.push(details) });
    // Before any listing has arrived, the provider judges an id itself.
    expect(library.find('upstream:kokoro:anything')?.engineVoice).toMatchObject({ upstream: { provider: 'kokoro', voiceId: 'anything' } });

    engine.listing = [{ id: 'af_bella', name: 'Bella', gender: 'female', language: 'en-US' }];
    expect(await library.refresh('kokoro')).toBe(true);
    expect(library.list()).toEqual([
      expect.objectContaining({ _id: 'upstream:kokoro:af_bella', name: 'Bella', gender: 'female', locale: 'en-US', upstream: { provider: 'kokoro', label: 'Kokoro', creditsPerCharacter: 0.5, takes: ['speed'] } }),
    ]);
    expect(library.find('upstream:kokoro:anything')).toBeNull();

    engine.listing = [{ id: 'am_adam', name: 'am_adam' }];
    await library.refresh('kokoro');
    expect(library.list().map((voice) => voice._id)).toEqual(['upstream:kokoro:am_adam']);

    engine.listing = new SpeechError('PROVIDER_UNAVAILABLE', 'kokoro cannot be reached');
    expect(await library.refresh('kokoro')).toBe(false);
    expect(library.list().map((voice) => voice._id)).toEqual(['upstream:kokoro:am_adam']);
    expect(warnings).toEqual([{ provider: 'kokoro', code: 'PROVIDER_UNAVAILABLE' }]);
    // Unknown providers and ids without the prefix are not upstream voices.
    expect(library.find('upstream:other:am_adam')).toBeNull();
    expect(library.find('en-us-radiant-girl')).toBeNull();
    library.close();
  });

  it('splits ids on the first colon after the provider, so another studio\'s upstream ids pass through', () => {
    expect(parseUpstreamVoiceId('upstream:studio-two:upstream:eleven:abc')).toEqual({ provider: 'studio-two', voiceId: 'upstream:eleven:abc' });
    expect(parseUpstreamVoiceId('upstream:studio-two:')).toBeNull();
    expect(parseUpstreamVoiceId('en-us-madison')).toBeNull();
  });
});
