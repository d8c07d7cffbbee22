import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { temporaryFolder } from '../../../test/harness.ts';
import { speechProvidersConfigFrom } from './providers-config.ts';

const folders: Array<() => void> = [];
afterEach(() => folders.splice(0).forEach((remove) => remove()));

function folder(): string {
  const { folder: created, remove } = temporaryFolder('providers-config-');
  folders.push(remove);
  return created;
}

function problemsOf(env: Record<string, string>): string {
  const result = speechProvidersConfigFrom(env, folder());
  if (!('problems' in result)) throw new Error('expected problems');
  return result.problems.join('\n');
}

const ELEVEN = { type: 'elevenlabs', name: 'eleven', apiKey: 'xi-secret-key', pricePerCharacter: 3 };

describe('SPEECH_PROVIDERS', () => {
  it('is empty when unset, and reads each type with its defaults', () => {
    expect(speechProvidersConfigFrom({}, folder())).toEqual({ config: [] });
    const json = JSON.stringify([
      ELEVEN,
      { type: 'openai', name: 'kokoro', label: 'Kokoro', baseUrl: 'http://localhost:8880/v1', pricePerCharacter: 0.5, timeoutSeconds: 5, voices: ['af_bella', { id: 'am_adam', name: 'Adam', gender: 'male', language: 'en-US' }] },
    ]);
    const result = speechProvidersConfigFrom({ SPEECH_PROVIDERS: json }, folder());
    expect(result).toEqual({
      config: [
        {
          type: 'elevenlabs', name: 'eleven', label: 'eleven', baseUrl: null, apiKey: 'xi-secret-key', model: null, groupId: null,
          creditsPerCharacter: 3, timeoutMs: 30_000, refreshSeconds: 600, voices: [], catalogue: false,
        },
        {
          type: 'openai', name: 'kokoro', label: 'Kokoro', baseUrl: 'http://localhost:8880/v1', apiKey: '', model: null, groupId: null,
          creditsPerCharacter: 0.5, timeoutMs: 5000, refreshSeconds: 600, catalogue: false,
          voices: [{ id: 'af_bella', name: 'af_bella' }, { id: 'am_adam', name: 'Adam', gender: 'male', language: 'en-US' }],
        },
      ],
    });
  });

  it('reads SPEECH_PROVIDERS_FILE, and a key from the variable apiKeyEnv names', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'providers.json'), JSON.stringify([{ ...ELEVEN, apiKey: undefined, apiKeyEnv: 'ELEVEN_KEY' }]));
    const result = speechProvidersConfigFrom({ SPEECH_PROVIDERS_FILE: 'providers.json', ELEVEN_KEY: 'from-env' }, dir);
    expect('config' in result && result.config[0]?.apiKey).toBe('from-env');
  });

  it('names the entry and field at fault, never a value', () => {
    const bad = JSON.stringify([
      { type: 'azure', name: 'x', pricePerCharacter: 1 },
      { type: 'openai', name: 'Bad Name', baseUrl: 'ftp://nope', apiKey: 'sk-secret-value', pricePerCharacter: 1 },
      { type: 'openai', name: 'priceless', apiKey: 'sk-secret-value' },
      { ...ELEVEN, timeoutSeconds: 0, extra: true },
    ]);
    const message = problemsOf({ SPEECH_PROVIDERS: bad });
    expect(message).toContain('SPEECH_PROVIDERS[0].type must be one of openai, elevenlabs, minimax');
    expect(message).toContain('SPEECH_PROVIDERS[1].name must be 1-32 lower-case letters, digits or dashes');
    expect(message).toContain('SPEECH_PROVIDERS[1].baseUrl must be a URL starting with http:// or https://');
    expect(message).toContain('SPEECH_PROVIDERS[2].pricePerCharacter is required');
    expect(message).toContain('SPEECH_PROVIDERS[3].timeoutSeconds');
    expect(message).toContain('SPEECH_PROVIDERS[3]');
    expect(message).not.toContain('sk-secret-value');
  });

  it('checks across entries: keys where needed, unique names, one catalogue engine', () => {
    expect(problemsOf({ SPEECH_PROVIDERS: JSON.stringify([{ ...ELEVEN, apiKey: undefined }]) })).toContain('SPEECH_PROVIDERS[0] (elevenlabs) needs apiKey or apiKeyEnv');
    expect(problemsOf({ SPEECH_PROVIDERS: JSON.stringify([ELEVEN, ELEVEN]) })).toContain('SPEECH_PROVIDERS[1].name "eleven" is used by two providers');
    expect(problemsOf({ SPEECH_PROVIDERS: JSON.stringify([{ ...ELEVEN, apiKey: undefined, apiKeyEnv: 'MISSING_KEY' }]) })).toContain('apiKeyEnv names MISSING_KEY, which is not set');
    expect(problemsOf({ SPEECH_PROVIDERS: JSON.stringify([{ ...ELEVEN, catalogue: true }]) })).toContain('SPEECH_PROVIDERS[0].catalogue is only for minimax providers');
    expect(problemsOf({ SPEECH_PROVIDERS: 'not json' })).toContain('SPEECH_PROVIDERS must be a JSON array of providers');
    expect(problemsOf({ SPEECH_PROVIDERS: '[]', SPEECH_PROVIDERS_FILE: 'x.json' })).toContain('cannot both be set');
    expect(problemsOf({ SPEECH_PROVIDERS_FILE: 'missing.json' })).toContain('SPEECH_PROVIDERS_FILE cannot be read');
  });

  it('SPEECH_PROVIDER=minimax is the shorthand of a catalogue minimax entry: the same engine either way', () => {
    const shorthand = loadConfig({ DATA_DIR: folder(), SPEECH_PROVIDER: 'minimax', MINIMAX_API_KEY: 'mm-key', MINIMAX_GROUP_ID: '42' });
    const entry = loadConfig({
      DATA_DIR: folder(),
      SPEECH_PROVIDERS: JSON.stringify([{ type: 'minimax', name: 'minimax', apiKey: 'mm-key', groupId: '42', catalogue: true, pricePerCharacter: 1 }]),
    });
    expect(entry.speech).toEqual(shorthand.speech);
    expect(shorthand.speech).toMatchObject({ provider: 'minimax', apiKey: 'mm-key', groupId: '42' });
  });

  it('loadConfig stops with the problems and never echoes SPEECH_PROVIDERS', () => {
    const env = { DATA_DIR: folder(), SPEECH_PROVIDERS: JSON.stringify([{ ...ELEVEN, baseUrl: 'nope' }]) };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/SPEECH_PROVIDERS\[0\]\.baseUrl must be a URL/);
    expect(() => loadConfig(env)).not.toThrow(/xi-secret-key/);
  });
});
