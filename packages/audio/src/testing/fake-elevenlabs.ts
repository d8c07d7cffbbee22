import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeMp3 } from '../codec/mp3.ts';
import { sine } from '../codec/test-signals.ts';
import { keepAliveLikeHostedApi, parseJson, readBody, sendJson } from './fake-http.ts';

interface VoicesFixture {
  voices: Array<{ voice_id: string } & Record<string, unknown>>;
}
type ErrorsFixture = Record<'invalid_api_key' | 'voice_not_found' | 'validation_error', unknown>;

function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./elevenlabs-fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
}

const voicesFixture = readFixture('voices.json') as VoicesFixture;
const errorsFixture = readFixture('errors.json') as ErrorsFixture;

/** ElevenLabs' documented voice listing (GET /v1/voices), without the fixture's note. */
export const ELEVENLABS_VOICES_FIXTURE = { voices: voicesFixture.voices };
export const ELEVENLABS_ERRORS_FIXTURE = errorsFixture;

/** Output formats the fake answers, as the reference names them (`codec_samplerate[_bitrate]`). */
const OUTPUT_FORMATS = new Set(['mp3_44100_128', 'mp3_22050_32', 'pcm_16000', 'pcm_22050', 'pcm_24000', 'pcm_44100']);
/** Body fields the text-to-speech reference documents; anything else is refused (422) as ElevenLabs' validation does. */
const TTS_FIELDS = new Set([
  'text', 'model_id', 'language_code', 'voice_settings', 'pronunciation_dictionary_locators', 'seed', 'previous_text', 'next_text',
  'previous_request_ids', 'next_request_ids', 'apply_text_normalization', 'apply_language_text_normalization', 'use_pvc_as_ivc',
]);

export interface ReceivedElevenLabsRequest {
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeElevenLabsServer {
  baseUrl: string;
  apiKey: string;
  requests: ReceivedElevenLabsRequest[];
  close(): Promise<void>;
}

/**
 * A local stand-in for ElevenLabs: `GET /v1/voices` answers the documented listing, `POST /v1/text-to-speech/{id}`
 * and `.../stream` answer `audio/mpeg` (or raw PCM for `pcm_*`) in chunks, keyed by `xi-api-key`; a wrong key gets
 * the documented 401, an unknown voice 404, an undocumented field 422.
 */
export async function startFakeElevenLabsServer(options: { apiKey?: string } = {}): Promise<FakeElevenLabsServer> {
  const apiKey = options.apiKey ?? 'xi-fake-key-0123456789abcdef';
  const tone = sine(220, 0.6, 44_100);
  const mp3 = await encodeMp3(tone, { sampleRate: 44_100 });
  const requests: ReceivedElevenLabsRequest[] = [];
  const server: Server = createServer((request, response) => {
    void handle(request, response).catch(() => sendJson(response, 500, { detail: { status: 'internal', message: 'fake failed' } }));
  });
  keepAliveLikeHostedApi(server);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = parseJson(await readBody(request));
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (request.headers['xi-api-key'] !== apiKey) return sendJson(response, 401, errorsFixture.invalid_api_key);
    if (request.method === 'GET' && url.pathname === '/v1/voices') return sendJson(response, 200, ELEVENLABS_VOICES_FIXTURE);
    const speech = /^\/v1\/text-to-speech\/([^/]+)(\/stream)?$/.exec(url.pathname);
    if (request.method !== 'POST' || !speech) return sendJson(response, 404, { detail: 'Not Found' });
    if (!voicesFixture.voices.some((voice) => voice.voice_id === decodeURIComponent(speech[1] ?? ''))) return sendJson(response, 404, errorsFixture.voice_not_found);
    const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
    if (!OUTPUT_FORMATS.has(format) || !validTtsBody(body)) return sendJson(response, 422, errorsFixture.validation_error);
    const bytes = format.startsWith('pcm_') ? pcm16(tone) : mp3;
    response.writeHead(200, { 'content-type': format.startsWith('pcm_') ? 'audio/pcm' : 'audio/mpeg', 'transfer-encoding': 'chunked' });
    // Three pieces cut anywhere, as a stream arrives.
    const third = Math.ceil(bytes.length / 3);
    for (let start = 0; start < bytes.length; start += third) response.write(bytes.subarray(start, start + third));
    response.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function validTtsBody(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const record = body as Record<string, unknown>;
  return typeof record.text === 'string' && record.text.length > 0 && Object.keys(record).every((key) => TTS_FIELDS.has(key));
}

function pcm16(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((sample, index) => view.setInt16(index * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true));
  return bytes;
}
