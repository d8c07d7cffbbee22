import { describe, expect, it } from 'vitest';
import { voiceLabConfigFrom } from './config.ts';

describe('voice lab configuration', () => {
  it('defaults to the local match and one isolator worker', () => {
    expect(voiceLabConfigFrom({})).toEqual({ config: { isolatorWorkers: 2, cloneProvider: { provider: 'local' } } });
  });

  it('clones at MiniMax with its key, base URL and group', () => {
    const env = { VOICE_CLONE_PROVIDER: 'minimax', MINIMAX_API_KEY: 'key', MINIMAX_BASE_URL: 'http://127.0.0.1:9', ISOLATOR_WORKERS: '3' };
    expect(voiceLabConfigFrom(env)).toEqual({
      config: { isolatorWorkers: 3, cloneProvider: { provider: 'minimax', apiKey: 'key', baseUrl: 'http://127.0.0.1:9', groupId: null, speechModel: null } },
    });
    expect(voiceLabConfigFrom({ ...env, MINIMAX_SPEECH_MODEL: 'speech-2.6-hd' })).toMatchObject({ config: { cloneProvider: { speechModel: 'speech-2.6-hd' } } });
  });

  it('names every bad variable and never echoes the key', () => {
    const result = voiceLabConfigFrom({ VOICE_CLONE_PROVIDER: 'minimax', ISOLATOR_WORKERS: '0' });
    expect(result).toEqual({
      problems: ['  ISOLATOR_WORKERS must be a whole number between 1 and 16 (got "0")', '  MINIMAX_API_KEY is required when VOICE_CLONE_PROVIDER is minimax'],
    });
    expect(voiceLabConfigFrom({ VOICE_CLONE_PROVIDER: 'elevenlabs' })).toEqual({
      problems: ['  VOICE_CLONE_PROVIDER must be one of local, minimax (got "elevenlabs")'],
    });
  });
});
