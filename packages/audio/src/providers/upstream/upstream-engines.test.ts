import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { SpeechError, type SpeechChunk, type SpeechRequest } from '../../speech/types.ts';
import { startFakeElevenLabsServer, type FakeElevenLabsServer } from '../../testing/fake-elevenlabs.ts';
import { startFakeMiniMaxServer } from '../../testing/fake-minimax-speech.ts';
import { startFakeOpenAiSpeechServer, type FakeOpenAiSpeechServer } from '../../testing/fake-openai-speech.ts';
import { createUpstreamEngine } from './create-upstream-engine.ts';
import { UpstreamRoutingSpeechEngine } from './routing-engine.ts';

let eleven: FakeElevenLabsServer;
let kokoro: FakeOpenAiSpeechServer;

beforeAll(async () => {
  eleven = await startFakeElevenLabsServer();
  kokoro = await startFakeOpenAiSpeechServer({ kind: 'kokoro', voices: ['af_bella', 'am_adam'] });
});

afterAll(async () => {
  await eleven?.close();
  await kokoro?.close();
});

const request = (voiceId: string, extra: Partial<SpeechRequest> = {}): SpeechRequest => ({
  text: 'The lighthouse keeper climbed the stairs.',
  voice: { language: 'en', espeakVoice: 'en', upstream: { provider: 'test', voiceId } },
  speed: 1,
  pitch: 0,
  volume: 1,
  ...extra,
});

async function failureOf(work: Promise<unknown>): Promise<SpeechError> {
  const error = await work.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof SpeechError)) throw new Error(`expected a SpeechError, got ${String(error)}`);
  return error;
}

async function chunksOf(stream: AsyncIterable<SpeechChunk>): Promise<SpeechChunk[]> {
  const chunks: SpeechChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('ElevenLabs against a fake built from its documented examples', () => {
  const engine = () => createUpstreamEngine({ type: 'elevenlabs', name: 'eleven', apiKey: eleven.apiKey, baseUrl: eleven.baseUrl, timeoutMs: 5000 });

  it('lists the voices of GET /v1/voices with their names, genders and languages', async () => {
    const voices = await engine().listVoices();
    expect(voices).toEqual([
      { id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', gender: 'female', language: 'en-US', description: 'Matter-of-fact, personable woman. Great for conversational use cases.' },
      { id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', gender: 'male' },
    ]);
  });

  it('streams the MP3 through untouched, and asks for raw PCM only when samples are wanted', async () => {
    const chunks = await chunksOf(engine().speakStream(request('21m00Tcm4TlvDq8ikWAM')));
    expect(chunks.every((chunk) => chunk.format === 'mp3')).toBe(true);
    expect(chunks[0]?.text).toBe('The lighthouse keeper climbed the stairs.');
    const bytes = Buffer.concat(chunks.map((chunk) => (chunk.format === 'mp3' ? chunk.bytes : new Uint8Array(0))));
    expect(parseMp3Frames(bytes).durationSeconds).toBeGreaterThan(0.5);
    const sent = eleven.requests.at(-1);
    expect(sent?.path).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream');
    expect(sent?.query.output_format).toBe('mp3_44100_128');
    expect(sent?.body).toEqual({ text: 'The lighthouse keeper climbed the stairs.', model_id: 'eleven_multilingual_v2' });

    const pcm = await engine().speak(request('21m00Tcm4TlvDq8ikWAM', { speed: 1.1, seed: 7 }), { audio: 'pcm' });
    expect(pcm.format).toBe('pcm');
    expect(pcm.sampleRate).toBe(24_000);
    expect(pcm.durationSeconds).toBeGreaterThan(0.5);
    expect(eleven.requests.at(-1)?.query.output_format).toBe('pcm_24000');
    expect(eleven.requests.at(-1)?.body).toMatchObject({ seed: 7, voice_settings: { speed: 1.1 } });
  });

  it('a wrong key is PROVIDER_REFUSED with the status, never the key', async () => {
    const wrong = createUpstreamEngine({ type: 'elevenlabs', name: 'eleven', apiKey: 'xi-wrong-key-secret', baseUrl: eleven.baseUrl, timeoutMs: 5000 });
    const error = await failureOf(wrong.speak(request('21m00Tcm4TlvDq8ikWAM')));
    expect(error.code).toBe('PROVIDER_REFUSED');
    expect(error.details).toEqual({ provider: 'eleven', httpStatus: 401 });
    expect(JSON.stringify([error.message, error.details])).not.toContain('xi-wrong-key-secret');
    expect((await failureOf(wrong.listVoices())).code).toBe('PROVIDER_REFUSED');
  });

  it('an unknown voice is PROVIDER_VOICE_UNAVAILABLE', async () => {
    expect((await failureOf(engine().speak(request('no-such-voice')))).code).toBe('PROVIDER_VOICE_UNAVAILABLE');
  });
});

describe('an OpenAI-compatible server shaped like Kokoro-FastAPI', () => {
  const engine = () => createUpstreamEngine({ type: 'openai', name: 'kokoro', apiKey: '', baseUrl: kokoro.baseUrl, model: 'kokoro', timeoutMs: 5000 });

  it('lists GET /v1/audio/voices and speaks through POST /v1/audio/speech', async () => {
    expect(await engine().listVoices()).toEqual([
      { id: 'af_bella', name: 'af_bella' },
      { id: 'am_adam', name: 'am_adam' },
    ]);
    const result = await engine().speak(request('af_bella', { speed: 1.25 }));
    expect(result.format).toBe('mp3');
    expect(result.durationSeconds).toBeGreaterThan(0.4);
    const sent = kokoro.requests.at(-1);
    expect(sent?.body).toEqual({ model: 'kokoro', input: 'The lighthouse keeper climbed the stairs.', voice: 'af_bella', response_format: 'mp3', speed: 1.25 });
    // No key configured: no Authorization header at all.
    expect(sent?.authorization).toBeUndefined();
  });

  it('refuses settings the OpenAI speech API cannot carry instead of dropping them', async () => {
    const error = await failureOf(engine().speak(request('af_bella', { seed: 1 })));
    expect(error.code).toBe('INVALID_SETTING');
  });

  it('the operator list replaces the listing (servers without one)', async () => {
    const listed = createUpstreamEngine({ type: 'openai', name: 'allTalk', apiKey: '', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 100, voices: [{ id: 'female_01', name: 'Female 01', gender: 'female' }] });
    expect(await listed.listVoices()).toEqual([{ id: 'female_01', name: 'Female 01', gender: 'female' }]);
  });
});

describe('upstreams that are down, slow or refusing', () => {
  it('connection refused is PROVIDER_UNAVAILABLE', async () => {
    const engine = createUpstreamEngine({ type: 'openai', name: 'down', apiKey: 'k', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, timeoutMs: 5000 });
    const error = await failureOf(engine.speak(request('alloy')));
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(error.details).toMatchObject({ provider: 'down', cause: 'ECONNREFUSED' });
  });

  it('no answer within the time limit is PROVIDER_TIMEOUT', async () => {
    const silent = await startFakeOpenAiSpeechServer({ kind: 'silent' });
    try {
      const engine = createUpstreamEngine({ type: 'openai', name: 'slow', apiKey: 'k', baseUrl: silent.baseUrl, timeoutMs: 300 });
      expect((await failureOf(engine.speak(request('alloy')))).code).toBe('PROVIDER_TIMEOUT');
    } finally {
      await silent.close();
    }
  });

  it.each([401, 403, 429, 500, 503])('HTTP %i is PROVIDER_REFUSED', async (status) => {
    const refusing = await startFakeOpenAiSpeechServer({ kind: 'status', status });
    try {
      const engine = createUpstreamEngine({ type: 'openai', name: 'refusing', apiKey: 'k', baseUrl: refusing.baseUrl, timeoutMs: 5000 });
      const error = await failureOf(engine.speak(request('alloy')));
      expect([error.code, error.details?.httpStatus]).toEqual(['PROVIDER_REFUSED', status]);
    } finally {
      await refusing.close();
    }
  });
});

describe('MiniMax behind SPEECH_PROVIDERS', () => {
  it("speaks a configured MiniMax voice by its own id, and reports MiniMax's failures as every upstream does", async () => {
    const minimax = await startFakeMiniMaxServer();
    try {
      const voices = [{ id: 'English_Graceful_Lady', name: 'Graceful Lady', gender: 'female' as const }];
      const engine = createUpstreamEngine({ type: 'minimax', name: 'mm', apiKey: minimax.apiKey, baseUrl: minimax.baseUrl, timeoutMs: 5000, voices });
      expect(await engine.listVoices()).toEqual(voices);
      expect((await engine.speak(request('English_Graceful_Lady'))).format).toBe('mp3');
      const sent = minimax.requests.at(-1)?.body as { voice_setting?: { voice_id?: string } } | undefined;
      expect(sent?.voice_setting?.voice_id).toBe('English_Graceful_Lady');

      const wrongKey = createUpstreamEngine({ type: 'minimax', name: 'mm', apiKey: 'wrong-minimax-key', baseUrl: minimax.baseUrl, timeoutMs: 5000 });
      expect((await failureOf(wrongKey.speak(request('English_Graceful_Lady')))).code).toBe('PROVIDER_REFUSED');
      const down = createUpstreamEngine({ type: 'minimax', name: 'mm', apiKey: 'k', baseUrl: `http://127.0.0.1:${await closedPort()}`, timeoutMs: 5000 });
      expect((await failureOf(down.speak(request('English_Graceful_Lady')))).code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      await minimax.close();
    }
  });
});

describe('UpstreamRoutingSpeechEngine', () => {
  it('sends upstream voices to their provider and refuses a provider no longer configured', async () => {
    const upstream = createUpstreamEngine({ type: 'openai', name: 'test', apiKey: '', baseUrl: kokoro.baseUrl, timeoutMs: 5000 });
    const base = { provider: 'local' as const, speak: () => Promise.reject(new Error('base used')), speakStream: () => { throw new Error('base used'); }, warmUp: async () => undefined, close: async () => undefined };
    const routing = new UpstreamRoutingSpeechEngine(base, new Map([['test', upstream]]));
    expect((await routing.speak(request('am_adam'))).provider).toBe('openai');
    const elsewhere = request('am_adam', { voice: { language: 'en', espeakVoice: 'en', upstream: { provider: 'gone', voiceId: 'x' } } });
    expect(() => routing.speak(elsewhere)).toThrow(SpeechError);
  });
});
